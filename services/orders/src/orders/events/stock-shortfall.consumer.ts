import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CANCELLED_ORDER_STATES,
  CATALOGUE_RESERVATION_TOPIC,
  ReservationEvents,
  type EventEnvelope,
  type OrderState,
  type ReservationShortEvent,
} from '@vitrina/contracts';
import { BusEventPattern, LOGGER } from '@vitrina/platform';
import type { Logger } from 'pino';
import { OrderActions } from '../order-actions.js';
import { OrderAccess } from '../order-access.js';

/** Attempts before the event is dead-lettered: the order may still be on its way (backoff caps at 30 s: ~6 minutes). */
const ATTEMPTS = 20;

/**
 * A checkout was paid (or placed) after the catalogue's sweep had released its stock, and the units were gone
 * (`catalogue.reservation.short`): its order cannot be fulfilled. The platform cancels it (actor `system`, reason
 * `cannot_be_fulfilled`), which refunds a prepaid order and tells every party, as any cancellation does. The order is
 * made of the same payment event the catalogue answered, so it may not be here yet: that is retried with backoff.
 * Without the inbox (`inbox: false`): the cancellation is guarded by the order's state and version, so a redelivery
 * finds it cancelled and changes nothing; and the reads before it must not wait on an open inbox transaction (on
 * PGlite, one connection, they would wait for ever). An order that moved past where the system may cancel it (the
 * seller already shipped it) is left alone and logged.
 */
@Controller()
export class StockShortfallConsumer {
  constructor(
    private readonly access: OrderAccess,
    private readonly actions: OrderActions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @BusEventPattern(CATALOGUE_RESERVATION_TOPIC, { types: [ReservationEvents.short], maxAttempts: ATTEMPTS, inbox: false })
  async onShort(@Payload() event: EventEnvelope<ReservationShortEvent>): Promise<void> {
    if (event.type !== ReservationEvents.short) return;
    const checkoutId = event.data?.checkoutId;
    if (typeof checkoutId !== 'string' || !checkoutId) {
      this.logger.warn({ eventId: event.id }, 'catalogue.reservation.short without checkoutId; ignored');
      return;
    }
    const orderId = await this.access.idByCheckout(checkoutId);
    const order = orderId ? await this.access.find(orderId) : undefined;
    if (!order) throw new Error(`the order of checkout ${checkoutId} is not placed yet`);
    const cancelled = await this.actions.system(order, 'cancel', { reason: 'cannot_be_fulfilled' });
    if (cancelled) this.logger.warn({ orderId: order.id, checkoutId }, 'order cancelled: its stock was gone when it was paid');
    else if (!CANCELLED_ORDER_STATES.includes(order.state as OrderState)) {
      this.logger.error({ orderId: order.id, checkoutId, state: order.state }, 'order paid without stock, past where it can be cancelled');
    }
  }
}
