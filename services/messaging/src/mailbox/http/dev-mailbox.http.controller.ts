import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { DEFAULT_LIST_LIMIT, MailboxMessageListSchema, type MailboxMessageList } from '@vitrina/contracts';
import { ApiAnswer, DB, ListQueryDto, NotFoundError, listResponse, parseSort, type Db, Optional } from '@vitrina/platform';
import { mailboxMessages } from '../../db/schema.js';
import type * as schema from '../../db/schema.js';
import { MESSAGING_CONFIG, type MessagingConfig } from '../../config/messaging-config.js';

export class MailboxQuery extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Only messages to this e-mail address or phone number' })
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s+/g, '').toLowerCase() || undefined : value))
  @Optional()
  @IsString()
  @MaxLength(254)
  to?: string;
}

/**
 * `GET /api/dev/mailbox`: the local mailbox, newest first, so a newcomer on `npm start` can read their PIN. Only when
 * DEV_MAILBOX is enabled (default outside production; refused at start in production); otherwise it does not exist.
 */
@ApiTags('dev')
@Controller('dev')
export class DevMailboxHttpController {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  @Get('mailbox')
  @ApiAnswer(MailboxMessageListSchema, { errors: [400, 404] })
  async list(@Query() q: MailboxQuery): Promise<MailboxMessageList> {
    if (!this.config.devMailbox) throw new NotFoundError('No such route');
    parseSort(q.sort, ['created_at'] as const, { field: 'created_at', desc: true });
    const where: SQL[] = [];
    if (q.to) where.push(eq(mailboxMessages.to, q.to));
    const filter = where.length ? and(...where) : undefined;
    const rows = await this.db
      .select()
      .from(mailboxMessages)
      .where(filter)
      .orderBy(q.sort === 'created_at' ? mailboxMessages.createdAt : desc(mailboxMessages.createdAt), desc(mailboxMessages.id))
      .offset(q.offset ?? 0)
      .limit(q.limit ?? DEFAULT_LIST_LIMIT);
    const [total] = await this.db.select({ n: count() }).from(mailboxMessages).where(filter);
    return listResponse(
      rows.map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        event_id: m.deliveryId,
        created_at: m.createdAt.toISOString(),
      })),
      Number(total?.n ?? 0),
    );
  }
}
