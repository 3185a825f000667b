import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ORDERS_TOPIC, OrderEvents, type EventEnvelope, type OrderCancelledEvent } from '@vitrina/contracts';
import { BusEventPattern, TransactionRunner } from '@vitrina/platform';
import { and, eq, isNull } from 'drizzle-orm';
import * as schema from '../../db/schema.js';

/**
 * A cancelled prepaid order is refunded once, by the service that took the payment (issue 13): the checkout's paying
 * attempt is marked refund pending (only if nothing was asked of it before), and the refund job calls the provider
 * with a key per attempt, then publishes `payment.refund_updated`. A redelivered event changes nothing.
 */
@Controller()
export class OrderCancellationsConsumer {
  constructor(private readonly runner: TransactionRunner<typeof schema>) {}

  @BusEventPattern(ORDERS_TOPIC, { types: [OrderEvents.cancelled] })
  async onCancelled(@Payload() event: EventEnvelope<OrderCancelledEvent>): Promise<void> {
    if (event.type !== OrderEvents.cancelled) return;
    const d = event.data;
    if (!d?.prepaid || !(d.refundMinor > 0) || typeof d.checkoutId !== 'string') return;
    await this.runner.run(async (tx) => {
      const [checkout] = await tx
        .select({ paidAttemptId: schema.checkouts.paidAttemptId })
        .from(schema.checkouts)
        .where(eq(schema.checkouts.id, d.checkoutId));
      if (!checkout?.paidAttemptId) return;
      await tx
        .update(schema.paymentAttempts)
        .set({ refundStatus: 'pending' })
        .where(and(eq(schema.paymentAttempts.id, checkout.paidAttemptId), isNull(schema.paymentAttempts.refundStatus)));
    });
  }
}
