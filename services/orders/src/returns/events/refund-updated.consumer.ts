import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PAYMENT_TOPIC, RefundEvents, type EventEnvelope, type RefundUpdatedEvent } from '@vitrina/contracts';
import { BusEventPattern, LOGGER, Outbox, TransactionRunner } from '@vitrina/platform';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import * as schema from '../../db/schema.js';
import { OrdersClock } from '../../shared/clock.js';
import { orderRefunded } from './return-events.js';

/**
 * A return refund's outcome from cart-checkout (`payment.refund_updated` with a refundId; the ones without are a
 * cancelled order's, PlacementConsumer's). Runs in the inbox transaction; each move is a guarded UPDATE
 * (`status = 'pending'`), so a redelivered, duplicated or shuffled event changes nothing twice: success writes the
 * record entry and `orders.order.refunded`; failed writes its entry and gives the amount back to what is available.
 */
@Controller()
export class RefundUpdatedConsumer {
  constructor(
    private readonly runner: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly clock: OrdersClock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @BusEventPattern(PAYMENT_TOPIC, { types: [RefundEvents.updated] })
  async onRefundUpdated(@Payload() event: EventEnvelope<RefundUpdatedEvent>): Promise<void> {
    if (event.type !== RefundEvents.updated) return;
    const d = event.data;
    if (typeof d?.refundId !== 'string' || (d.status !== 'success' && d.status !== 'failed')) return;
    const status = d.status;
    const now = this.clock.now();
    await this.runner.run(async (tx) => {
      const [refund] = await tx
        .update(schema.returnRefunds)
        .set({ status, updatedAt: now })
        .where(and(eq(schema.returnRefunds.id, d.refundId!), eq(schema.returnRefunds.status, 'pending')))
        .returning();
      if (!refund) return;
      const kind = status === 'success' ? 'refund_succeeded' : 'refund_failed';
      await tx
        .insert(schema.returnRecord)
        .values({ returnId: refund.returnId, kind, actor: 'system', amountMinor: refund.amountMinor, at: now });
      if (status === 'failed') {
        // spec 3 §8 'The refund could not be completed successfully': the amount is available again
        await tx
          .update(schema.orders)
          .set({ refundedMinor: sql`greatest(0, ${schema.orders.refundedMinor} - ${refund.amountMinor})`, updatedAt: now })
          .where(eq(schema.orders.id, refund.orderId));
      } else {
        const [order] = await tx.select().from(schema.orders).where(eq(schema.orders.id, refund.orderId));
        if (order) await this.outbox.add(tx, orderRefunded(order, refund, now, null));
      }
      this.logger.info({ refundId: refund.id, orderId: refund.orderId, status }, 'return refund settled');
    });
  }
}
