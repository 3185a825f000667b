import { Inject, Injectable } from '@nestjs/common';
import type { ReturnRefund } from '@vitrina/contracts';
import { LOGGER, newId, Outbox, TransactionRunner } from '@vitrina/platform';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import * as schema from '../../db/schema.js';
import { OrdersClock } from '../../shared/clock.js';
import { refundExceedsAvailable, refundNotPrepaid, returnClosed } from '../domain/return.errors.js';
import { availableOf, capturedOf } from '../domain/return.rules.js';
import { orderRefunded, refundRequested } from '../events/return-events.js';
import { ReturnAccess } from '../queries/return-access.js';
import { refundOf } from '../queries/return.view.js';

/**
 * The seller's refund of a return (spec 3 §3 'Refund', §5: never more than the amount available). The cap is one
 * conditional UPDATE of the order's `refunded_minor` (captured − restocking bounds it), so racing refunds can never
 * sum past the capture; the refund row, its record entry and its event commit in the same transaction. A refund to
 * the original means of payment is `pending` until cart-checkout answers (`payment.refund_updated`); one to the
 * customer's wallet (add_to_wallet) succeeds at once.
 */
@Injectable()
export class RefundReturnHandler {
  constructor(
    private readonly runner: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly access: ReturnAccess,
    private readonly clock: OrdersClock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async refund(userId: string, returnId: string, amountMinor: number, idempotencyKey?: string): Promise<ReturnRefund> {
    const { request, order } = await this.access.as('supplier', returnId, userId);
    if (request.status !== 'open') throw returnClosed();
    const captured = capturedOf(order);
    if (captured <= 0) throw refundNotPrepaid();
    const now = this.clock.now();
    const refund = await this.runner.run(async (tx) => {
      // the request's row lock orders this refund against a close of the same request
      const [current] = await tx
        .select({ status: schema.returnRequests.status, refundTo: schema.returnRequests.refundTo })
        .from(schema.returnRequests)
        .where(eq(schema.returnRequests.id, request.id))
        .for('update');
      if (current?.status !== 'open') throw returnClosed();
      const ceiling = captured - request.restockingMinor;
      const [taken] = await tx
        .update(schema.orders)
        .set({ refundedMinor: sql`${schema.orders.refundedMinor} + ${amountMinor}`, updatedAt: now })
        .where(and(eq(schema.orders.id, order.id), sql`${schema.orders.refundedMinor} + ${amountMinor} <= ${ceiling}`))
        .returning({ refundedMinor: schema.orders.refundedMinor });
      if (!taken) {
        const [latest] = await tx
          .select({ refunded: schema.orders.refundedMinor })
          .from(schema.orders)
          .where(eq(schema.orders.id, order.id));
        throw refundExceedsAvailable(availableOf(captured, latest?.refunded ?? order.refundedMinor, request.restockingMinor));
      }
      const destination = current.refundTo === 'wallet' ? 'wallet' : 'original';
      const [row] = await tx
        .insert(schema.returnRefunds)
        .values({
          id: newId(),
          returnId: request.id,
          orderId: order.id,
          amountMinor,
          currency: order.currency,
          status: destination === 'wallet' ? 'success' : 'pending',
          destination,
          scope: idempotencyKey ? `${userId}:${idempotencyKey}` : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx
        .insert(schema.returnRecord)
        .values({ returnId: request.id, kind: 'refund_requested', actor: 'supplier', amountMinor, at: now });
      if (destination === 'wallet') {
        await tx
          .insert(schema.returnRecord)
          .values({ returnId: request.id, kind: 'refund_succeeded', actor: 'system', amountMinor, at: now });
        await this.outbox.add(tx, orderRefunded(order, row, now, userId));
      } else {
        await this.outbox.add(tx, refundRequested(order, row, userId));
      }
      return row;
    });
    this.logger.info({ orderId: order.id, returnId, refundId: refund.id, amountMinor, destination: refund.destination }, 'return refunded');
    return refundOf(refund);
  }
}
