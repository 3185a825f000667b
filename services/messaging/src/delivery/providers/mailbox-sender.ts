import { Inject, Injectable } from '@nestjs/common';
import { DB, newId, type Db } from '@vitrina/platform';
import { mailboxMessages } from '../../db/schema.js';
import type * as schema from '../../db/schema.js';
import type { OutboundMessage, SentReceipt } from './delivery-provider.js';

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
    const [row] = await this.db
      .insert(mailboxMessages)
      .values({
        id,
        deliveryId: message.deliveryId,
        channel: message.channel,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      })
      .onConflictDoNothing({ target: mailboxMessages.deliveryId })
      .returning({ id: mailboxMessages.id });
    return { provider: this.name, messageId: row?.id ?? id };
  }
}
