import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DB, newId, PreparedQuery, type Db } from '@vitrina/platform';
import { mailboxMessages } from '../../db/schema.js';
import type * as schema from '../../db/schema.js';
import type { OutboundMessage, SentReceipt } from './delivery-provider.js';

const p = sql.placeholder;

/** A message kept once per delivery (a retried job stores nothing twice); built once (`PreparedQuery`). */
const STORE = new PreparedQuery<
  { id: string; deliveryId: string; channel: string; to: string; subject: string | null; text: string; html: string | null },
  Array<{ id: string }>
>((db) =>
  db
    .insert(mailboxMessages)
    .values({
      id: p('id'),
      deliveryId: p('deliveryId'),
      channel: p('channel'),
      to: p('to'),
      subject: p('subject'),
      text: p('text'),
      html: p('html'),
    })
    .onConflictDoNothing({ target: mailboxMessages.deliveryId })
    .returning({ id: mailboxMessages.id }),
);

/**
 * The local mailbox of embedded mode: "sending" stores the message in messaging's database, where a newcomer reads
 * their PIN at GET /api/dev/mailbox. Serves as both the e-mail and the SMS provider when no real one is configured.
 */
@Injectable()
export class MailboxStore {
  readonly name = 'mailbox';

  constructor(@Inject(DB) private readonly db: Db<typeof schema>) {}

  async send(message: OutboundMessage): Promise<SentReceipt> {
    const id = newId();
    const [row] = await STORE.execute(this.db, {
      id,
      deliveryId: message.deliveryId,
      channel: message.channel,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    return { provider: this.name, messageId: row?.id ?? id };
  }
}
