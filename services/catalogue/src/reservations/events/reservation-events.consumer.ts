import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CART_CHECKOUT_TOPIC,
  CartCheckoutEvents,
  ORDERS_TOPIC,
  OrderEvents,
  PAYMENT_TOPIC,
  PaymentEvents,
  type CartCheckoutExpired,
  type EventEnvelope,
  type OrderCancelledEvent,
  type PaymentSucceeded,
  type PaymentSucceededEvent,
} from '@vitrina/contracts';
import { BusEventPattern, LOGGER } from '@vitrina/platform';
import type { Logger } from 'pino';
import { StockReservations } from '../stock-reservations.js';

/**
 * Release and commit travel as events (ARCHITECTURE §8): an expired or cancelled checkout gives its stock back, a
 * paid one takes it for good. Both are idempotent (only `held` reservations move); the checkout's events run in the
 * inbox transaction (a redelivery is dropped), the payment's without it (see onPayment).
 */
@Controller()
export class ReservationEventsConsumer {
  constructor(
    private readonly reservations: StockReservations,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // only these types: the topic's other events (created, ready: one per checkout) are settled without an inbox write
  // placed: a pay-later checkout became an order, its stock is taken for good as a paid one's
  @BusEventPattern(CART_CHECKOUT_TOPIC, { types: [CartCheckoutEvents.expired, CartCheckoutEvents.cancelled, CartCheckoutEvents.placed] })
  async onCheckout(@Payload() event: EventEnvelope<CartCheckoutExpired>): Promise<void> {
    const placed = event.type === CartCheckoutEvents.placed;
    if (event.type !== CartCheckoutEvents.expired && event.type !== CartCheckoutEvents.cancelled && !placed) return;
    const checkoutId = event.data?.checkoutId;
    if (typeof checkoutId !== 'string' || !checkoutId) {
      this.logger.warn({ eventId: event.id, type: event.type }, 'checkout event without checkoutId; ignored');
      return;
    }
    if (placed) await this.reservations.commit(checkoutId);
    else await this.reservations.release(checkoutId);
  }

  /** A cancelled order gives its stock back (once: only committed holds move). */
  @BusEventPattern(ORDERS_TOPIC, { types: [OrderEvents.cancelled] })
  async onOrderCancelled(@Payload() event: EventEnvelope<OrderCancelledEvent>): Promise<void> {
    if (event.type !== OrderEvents.cancelled) return;
    const checkoutId = event.data?.checkoutId;
    if (typeof checkoutId === 'string' && checkoutId) await this.reservations.restock(checkoutId);
  }

  /**
   * A paid checkout's stock is taken for good. Without the inbox (`inbox: false`, the hottest event of the platform:
   * BEGIN, claim and COMMIT were three of its round trips): a redelivery finds no `held` reservation and changes
   * nothing. The order's lines name the items, so a checkout of one item is committed in one statement.
   */
  @BusEventPattern(PAYMENT_TOPIC, { types: [PaymentEvents.succeeded], inbox: false })
  async onPayment(
    @Payload() event: EventEnvelope<PaymentSucceeded & Partial<Pick<PaymentSucceededEvent, 'order' | 'purpose'>>>,
  ): Promise<void> {
    if (event.type !== PaymentEvents.succeeded) return;
    const checkoutId = event.data?.checkoutId;
    if (typeof checkoutId !== 'string' || !checkoutId) {
      this.logger.warn({ eventId: event.id }, 'payment.succeeded without checkoutId; ignored');
      return;
    }
    // a package's payment (issue 16) held no stock: nothing to commit, not even a look
    if (event.data.purpose === 'membership') return;
    await this.reservations.commit(checkoutId, paidItemIds(event.data.order));
  }
}

/** The item ids of a paid order's lines, or undefined when the event does not carry them all (older events). */
function paidItemIds(order: Partial<PaymentSucceededEvent['order']> | undefined): string[] | undefined {
  const lines: unknown = order?.lines;
  if (!Array.isArray(lines)) return undefined;
  const ids = lines.map((l: { itemId?: unknown } | null) => l?.itemId);
  return ids.every((id): id is string => typeof id === 'string' && id.length > 0) ? ids : undefined;
}
