import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ORDERS_TOPIC, ReturnEvents, type EventEnvelope, type ReturnLabelIssuedEvent } from '@vitrina/contracts';
import { BusEventPattern, LOGGER, TransactionRunner, type Logger } from '@vitrina/platform';
import { MESSAGING_CONFIG, type MessagingConfig } from '../../config/messaging-config.js';
import { deliveries } from '../../db/schema.js';
import type * as schema from '../../db/schema.js';
import { renderReturnLabelMessage } from '../templates/return-label-message.js';
import { DELIVERIES_WRITTEN } from '../jobs/deliver-message.job.js';

/** One address, no spaces, something on each side of the @: anything else would only bounce. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * `orders.order.return_label_issued` (issue 14): when the items' return_shipping_label is 'inbox' the customer is
 * sent the news by e-mail, with the address to ship to and a link to the return page where they download the label
 * (signed in). Under 'download', or for an order without an e-mail, nothing is sent. Exactly once per event, as for
 * codes: one delivery keyed by the event id, written in the inbox transaction. A reissued label is a new event, so a
 * new e-mail. Every other `orders.order` type is filtered out by the bus before it reaches the inbox.
 */
@Controller()
export class ReturnLabelConsumer {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    private readonly tx: TransactionRunner<typeof schema>,
  ) {}

  @BusEventPattern(ORDERS_TOPIC, { types: [ReturnEvents.labelIssued] })
  async onLabelIssued(@Payload() event: EventEnvelope<ReturnLabelIssuedEvent>): Promise<void> {
    if (event.type !== ReturnEvents.labelIssued) return;
    const data = event.data;
    if (!data || [data.returnId, data.shopSlug, data.userId].some((v) => typeof v !== 'string' || !v)) {
      this.logger.warn({ eventId: event.id }, 'return-label event without its return, shop or user; ignored');
      return;
    }
    // the mailbox looks addresses up in lower case; no provider treats the local part's case as meaningful in practice
    const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : '';
    if (data.policy !== 'inbox' || !EMAIL.test(email)) {
      this.logger.debug(
        { eventId: event.id, returnId: data.returnId, policy: data.policy, hasEmail: Boolean(email) },
        'return label not sent by e-mail (download policy, or no usable e-mail)',
      );
      return;
    }
    const message = renderReturnLabelMessage(data, this.config.publicUrl);
    await this.tx.run(async (tx) => {
      await tx
        .insert(deliveries)
        .values({
          id: event.id,
          eventType: event.type,
          userId: data.userId,
          channel: 'email',
          destination: email,
          locale: 'es',
          subject: message.subject,
          text: message.text,
          html: message.html,
          // nothing in it expires: a late label e-mail is still worth sending
          expiresAt: null,
        })
        .onConflictDoNothing({ target: deliveries.id });
      this.tx.mark(tx, DELIVERIES_WRITTEN);
    });
  }
}
