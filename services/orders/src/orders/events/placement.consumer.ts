import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CART_CHECKOUT_TOPIC,
  CartCheckoutEvents,
  PAYMENT_TOPIC,
  PaymentEvents,
  RefundEvents,
  type CheckoutOrderSnapshot,
  type EventEnvelope,
  type PaymentSucceededEvent,
  type RefundUpdatedEvent,
} from '@vitrina/contracts';
import { BusEventPattern, LOGGER, TransactionRunner } from '@vitrina/platform';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import * as schema from '../../db/schema.js';
import { OrderPlacement } from '../order-placement.js';

/**
 * Orders are made of events (ARCHITECTURE §8): `payment.succeeded` (prepaid) and `cart.checkout.placed` (pay later)
 * carry the checkout's snapshot. Placement is idempotent per checkout (the unique checkout index: a placement that
 * finds the order writes nothing, not even its event), so these come without the inbox transaction (`inbox: false`):
 * a triple delivery, a shuffle, a race or a crash between the event and the commit make one order, and an order
 * without tickets costs the one statement that writes it. `payment.refund_updated` shows a cancellation's refund on
 * the order; it keeps the inbox (a late redelivery must not put back an older status).
 */
@Controller()
export class PlacementConsumer {
  constructor(
    private readonly placement: OrderPlacement,
    private readonly runner: TransactionRunner<typeof schema>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @BusEventPattern(PAYMENT_TOPIC, { types: [PaymentEvents.succeeded], inbox: false })
  async onPayment(@Payload() event: EventEnvelope<PaymentSucceededEvent>): Promise<void> {
    if (event.type !== PaymentEvents.succeeded) return;
    const paid = event.data as PaymentSucceededEvent | undefined;
    // a package's payment is the accounts' (issue 16): it makes a membership, not an order
    if (paid?.purpose === 'membership') return;
    await this.place(event.id, paid?.order);
  }

  @BusEventPattern(PAYMENT_TOPIC, { types: [RefundEvents.updated] })
  async onRefundUpdated(@Payload() event: EventEnvelope<RefundUpdatedEvent>): Promise<void> {
    if (event.type !== RefundEvents.updated) return;
    const d = event.data as RefundUpdatedEvent | undefined;
    if (typeof d?.checkoutId !== 'string') return;
    // a return's refund (issue 14) is the returns consumer's: it never touches the cancellation's refund
    if (d.refundId !== undefined) return;
    await this.runner.run((tx) =>
      tx
        .update(schema.orders)
        .set({ refundStatus: d.status, refundMinor: d.amountMinor, updatedAt: new Date() })
        .where(eq(schema.orders.checkoutId, d.checkoutId)),
    );
  }

  @BusEventPattern(CART_CHECKOUT_TOPIC, { types: [CartCheckoutEvents.placed], inbox: false })
  async onPlaced(@Payload() event: EventEnvelope<{ checkoutId: string; order: CheckoutOrderSnapshot }>): Promise<void> {
    if (event.type !== CartCheckoutEvents.placed) return;
    await this.place(event.id, event.data?.order);
  }

  private async place(eventId: string, snap: CheckoutOrderSnapshot | undefined): Promise<void> {
    if (!snap || typeof snap.checkoutId !== 'string' || !Array.isArray(snap.lines)) {
      this.logger.warn({ eventId }, 'placement event without an order snapshot; ignored');
      return;
    }
    await this.placement.fromSnapshot(snap);
  }
}
