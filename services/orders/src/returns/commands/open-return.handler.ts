import { Inject, Injectable } from '@nestjs/common';
import { ReturnErrorCodes, type ReturnReason, type ReturnRequest } from '@vitrina/contracts';
import { LOGGER, newId, Outbox, TransactionRunner } from '@vitrina/platform';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import * as schema from '../../db/schema.js';
import { OrderAccess, type OrderRow } from '../../orders/order-access.js';
import { OrdersClock } from '../../shared/clock.js';
import { returnWindowMs } from '../../shared/return-window.js';
import { refused } from '../domain/return.errors.js';
import { restockingOf, returnRefusal } from '../domain/return.rules.js';
import { returnOpened } from '../events/return-events.js';
import { ReturnTerms } from '../queries/return-terms.js';
import { ReturnView } from '../queries/return.view.js';

export interface OpenReturnInput {
  reason: ReturnReason;
  subReason: string;
  photos: string[];
  comments: string;
}

/**
 * The customer's return request (spec 3 §4 'Returns'): only the order's customer, only a received (delivered) order,
 * never a cancelled one, within the window, one open request per order, and only where an item's return_info allows
 * it (asked of the catalogue before anything is written). The request, its first record entry and
 * `orders.order.return_opened` commit together; the partial unique index settles two racing requests.
 */
@Injectable()
export class OpenReturnHandler {
  private readonly windowMs = returnWindowMs();

  constructor(
    private readonly runner: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly access: OrderAccess,
    private readonly clock: OrdersClock,
    private readonly view: ReturnView,
    private readonly terms: ReturnTerms,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async open(userId: string, orderId: string, input: OpenReturnInput): Promise<ReturnRequest> {
    const order = await this.access.as('customer', orderId, userId);
    this.check(order, await this.hasOpen(order.id));
    const info = (await this.terms.of(order)).allowed;
    if (!info) throw refused(ReturnErrorCodes.returnDisallowed);
    const now = this.clock.now();
    // judged again after the catalogue call: the window may have closed meanwhile
    this.check(order, false, now);
    const request = await this.runner.run(async (tx) => {
      const [created] = await tx
        .insert(schema.returnRequests)
        .values({
          id: newId(),
          orderId: order.id,
          userId: order.userId,
          supplierId: order.supplierId,
          dssupplierId: order.dssupplierId,
          status: 'open',
          reason: input.reason,
          subReason: input.subReason.trim(),
          photos: [...new Set(input.photos)],
          comments: input.comments.trim(),
          refundTo: 'original',
          returnInfo: info,
          restockingMinor: restockingOf(info, order.subtotalMinor),
          createdAt: now,
        })
        // return_requests_open_uq: at most one open request per order, racing requests included
        .onConflictDoNothing()
        .returning();
      if (!created) return null;
      await tx.insert(schema.returnRecord).values({ returnId: created.id, kind: 'requested', actor: 'customer', at: now });
      await this.outbox.add(tx, returnOpened(order, created.id, now));
      return created;
    });
    if (!request) throw refused(ReturnErrorCodes.returnAlreadyOpen);
    this.logger.info({ orderId: order.id, returnId: request.id }, 'return opened');
    return this.view.render(request, order, 'customer');
  }

  private check(order: OrderRow, hasOpen: boolean, now = this.clock.now()): void {
    const refusal = returnRefusal(order, now, this.windowMs, hasOpen);
    if (refusal) throw refused(refusal);
  }

  private async hasOpen(orderId: string): Promise<boolean> {
    const rows = await this.runner.run((tx) =>
      tx.select({ status: schema.returnRequests.status }).from(schema.returnRequests).where(eq(schema.returnRequests.orderId, orderId)),
    );
    return rows.some((r) => r.status === 'open');
  }
}
