import { Injectable } from '@nestjs/common';
import type { ReturnRequest } from '@vitrina/contracts';
import { Outbox, TransactionRunner } from '@vitrina/platform';
import { and, eq } from 'drizzle-orm';
import * as schema from '../../db/schema.js';
import { OrdersClock } from '../../shared/clock.js';
import { returnClosed } from '../domain/return.errors.js';
import { returnClosedEvent } from '../events/return-events.js';
import { ReturnAccess } from '../queries/return-access.js';
import { ReturnView } from '../queries/return.view.js';

/**
 * Closing a request and the customer's choice of wallet credit. Close (the seller): open → closed once (a
 * conditional UPDATE), with its record entry and `orders.order.return_closed` (which releases the order's dispersion,
 * spec 3 §4). add_to_wallet (the customer): later refunds of the open request credit the wallet; choosing twice
 * changes nothing.
 */
@Injectable()
export class CloseReturnHandler {
  constructor(
    private readonly runner: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly access: ReturnAccess,
    private readonly clock: OrdersClock,
    private readonly view: ReturnView,
  ) {}

  async close(userId: string, returnId: string): Promise<ReturnRequest> {
    const { order } = await this.access.as('supplier', returnId, userId);
    const now = this.clock.now();
    const closed = await this.runner.run(async (tx) => {
      const [row] = await tx
        .update(schema.returnRequests)
        .set({ status: 'closed', closedAt: now })
        .where(and(eq(schema.returnRequests.id, returnId), eq(schema.returnRequests.status, 'open')))
        .returning();
      if (!row) return null;
      await tx.insert(schema.returnRecord).values({ returnId, kind: 'closed', actor: 'supplier', at: now });
      await this.outbox.add(tx, returnClosedEvent(order, returnId, now, userId));
      return row;
    });
    if (!closed) throw returnClosed();
    return this.view.render(closed, order, 'supplier');
  }

  async chooseWallet(userId: string, returnId: string): Promise<ReturnRequest> {
    const { request, order } = await this.access.as('customer', returnId, userId);
    if (request.status !== 'open') throw returnClosed();
    if (request.refundTo === 'wallet') return this.view.render(request, order, 'customer');
    const now = this.clock.now();
    const changed = await this.runner.run(async (tx) => {
      const [row] = await tx
        .update(schema.returnRequests)
        .set({ refundTo: 'wallet' })
        .where(
          and(
            eq(schema.returnRequests.id, returnId),
            eq(schema.returnRequests.status, 'open'),
            eq(schema.returnRequests.refundTo, 'original'),
          ),
        )
        .returning();
      if (row) await tx.insert(schema.returnRecord).values({ returnId, kind: 'refund_to_wallet_chosen', actor: 'customer', at: now });
      return row;
    });
    if (changed) return this.view.render(changed, order, 'customer');
    // a racing choice or close got there first
    const { request: current } = await this.access.as('customer', returnId, userId);
    if (current.status !== 'open') throw returnClosed();
    return this.view.render(current, order, 'customer');
  }
}
