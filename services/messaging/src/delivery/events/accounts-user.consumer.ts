import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { AccountsEvents, Topics, type EventEnvelope, type UserPinIssued } from '@vitrina/contracts';
import { LOGGER, TransactionRunner, type Logger } from '@vitrina/platform';
import { deliveries } from '../../db/schema.js';
import type * as schema from '../../db/schema.js';
import { renderCodeMessage } from '../templates/code-message.js';

/**
 * `accounts.user` (docs/architecture.md §5): a pin-issued event (activation PIN and link, password-reset code) becomes one
 * delivery, rendered in the user's language, written in the inbox transaction: a redelivered event is dropped by
 * the inbox, and the delivery id (the event id) is unique besides.
 */
@Controller()
export class AccountsUserConsumer {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tx: TransactionRunner<typeof schema>,
  ) {}

  @EventPattern(Topics.accountsUser)
  async onAccountsUser(@Payload() event: EventEnvelope<UserPinIssued>): Promise<void> {
    if (event.type !== AccountsEvents.pinIssued) return;
    const data = event.data;
    if (!data?.destination || !data.code || (data.channel !== 'email' && data.channel !== 'phone')) {
      this.logger.warn({ eventId: event.id }, 'pin-issued event without destination, code or channel; ignored');
      return;
    }
    const message = renderCodeMessage(data);
    await this.tx.run(async (tx) => {
      await tx
        .insert(deliveries)
        .values({
          id: event.id,
          eventType: event.type,
          userId: data.userId,
          channel: data.channel === 'email' ? 'email' : 'sms',
          destination: data.destination,
          locale: data.locale,
          subject: message.subject,
          text: message.text,
          html: message.html,
          expiresAt: Number.isFinite(Date.parse(data.expiresAt)) ? new Date(data.expiresAt) : null,
        })
        .onConflictDoNothing({ target: deliveries.id });
    });
  }
}
