import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PAYMENT_TOPIC, PaymentEvents, type EventEnvelope, type PaymentSucceededEvent } from '@vitrina/contracts';
import { BusEventPattern, LOGGER, TransactionRunner, type Logger } from '@vitrina/platform';
import type { AccountsSchema } from '../../db/db.js';
import { MembershipsService } from '../memberships.service.js';

/**
 * A membership's payment (issue 16): cart-checkout's `payment.succeeded` for a payable it made from
 * `accounts.membership.purchase_requested` (purpose membership; its checkout id is the purchase id) activates the
 * membership in a transaction of its own. Payments of orders are not this consumer's, and they are nearly all of them:
 * the bus hands the event over without the inbox transaction (`inbox: false`), so an order's payment costs the
 * accounts no round trip at all. A redelivery changes nothing: activation moves only a pending or superseded
 * purchase, in the transaction that writes the membership and its event.
 */
@Controller()
export class MembershipPaymentsConsumer {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly memberships: MembershipsService,
  ) {}

  @BusEventPattern(PAYMENT_TOPIC, { types: [PaymentEvents.succeeded], inbox: false })
  async onPayment(@Payload() event: EventEnvelope<unknown>): Promise<void> {
    if (event.type !== PaymentEvents.succeeded) return;
    const d = event.data as Partial<PaymentSucceededEvent> | undefined;
    if (d?.purpose !== 'membership') return;
    const paidAt = typeof d.paidAt === 'string' ? new Date(d.paidAt) : new Date(NaN);
    if (typeof d.checkoutId !== 'string' || Number.isNaN(paidAt.getTime())) {
      this.logger.warn({ eventId: event.id }, 'membership payment.succeeded without checkoutId or paidAt; ignored');
      return;
    }
    const purchaseId = d.checkoutId;
    const activated = await this.tx.run((tx) => this.memberships.activate(tx, purchaseId, paidAt));
    if (!activated) this.logger.info({ eventId: event.id, purchaseId }, 'membership payment already applied (or unknown purchase)');
  }
}
