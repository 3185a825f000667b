import { Inject, Injectable } from '@nestjs/common';
import {
  ReturnErrorCodes,
  ReturnLimits,
  type OrderReturnEligibility,
  type ReturnRequest,
  type ReturnStatus,
  type ReturnSummaryList,
} from '@vitrina/contracts';
import { DB, DomainError, type Db } from '@vitrina/platform';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import * as schema from '../../db/schema.js';
import { OrderAccess } from '../../orders/order-access.js';
import { OrdersClock } from '../../shared/clock.js';
import { returnWindowMs } from '../../shared/return-window.js';
import { returnRefusal, returnUntil } from '../domain/return.rules.js';
import { ReturnAccess, type ReturnViewer } from './return-access.js';
import { ReturnTerms } from './return-terms.js';
import { returnSummaryOf, ReturnView } from './return.view.js';

export interface ReturnListFilter {
  status?: ReturnStatus;
  offset?: number;
  limit?: number;
}

/** Reads of returns: each party's list (open or closed, newest first), one request, an order's eligibility. */
@Injectable()
export class ReturnQueries {
  private readonly windowMs = returnWindowMs();

  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly access: ReturnAccess,
    private readonly orders: OrderAccess,
    private readonly view: ReturnView,
    private readonly terms: ReturnTerms,
    private readonly clock: OrdersClock,
  ) {}

  async detail(viewer: ReturnViewer, returnId: string, userId: string): Promise<ReturnRequest> {
    const { request, order } = await this.access.as(viewer, returnId, userId);
    return this.view.render(request, order, viewer);
  }

  list(viewer: ReturnViewer, userId: string, filter: ReturnListFilter): Promise<ReturnSummaryList> {
    const whose =
      viewer === 'customer'
        ? eq(schema.returnRequests.userId, userId)
        : viewer === 'supplier'
          ? eq(schema.returnRequests.supplierId, userId)
          : eq(schema.returnRequests.dssupplierId, userId);
    return this.page(whose, viewer, filter);
  }

  /** 'Solicitar devolución' on the customer's order: the order's rules, then the items' terms from the catalogue. */
  async eligibility(orderId: string, userId: string): Promise<OrderReturnEligibility> {
    const order = await this.orders.as('customer', orderId, userId);
    const [latest] = await this.db
      .select({ id: schema.returnRequests.id, status: schema.returnRequests.status })
      .from(schema.returnRequests)
      .where(eq(schema.returnRequests.orderId, order.id))
      .orderBy(desc(schema.returnRequests.createdAt), desc(schema.returnRequests.id))
      .limit(1);
    let refusal: string | null = returnRefusal(order, this.clock.now(), this.windowMs, latest?.status === 'open');
    let info = null;
    try {
      const terms = await this.terms.of(order);
      info = terms.shown;
      if (!refusal && !terms.allowed) refusal = ReturnErrorCodes.returnDisallowed;
    } catch (err) {
      // a read: without the catalogue the order's own rules still answer (the request itself will say 503)
      if (!(err instanceof DomainError) || err.status !== 503) throw err;
    }
    return {
      allowed: refusal === null,
      refusal,
      until: returnUntil(order, this.windowMs)?.toISOString() ?? null,
      return_id: latest?.id ?? null,
      return_info: info,
    };
  }

  private async page(whose: SQL, viewer: ReturnViewer, f: ReturnListFilter): Promise<ReturnSummaryList> {
    const where = f.status ? and(whose, eq(schema.returnRequests.status, f.status))! : whose;
    const limit = Math.min(f.limit ?? ReturnLimits.pageSize, ReturnLimits.pageMax);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          request: schema.returnRequests,
          order: schema.orders,
          refunded: sql<number>`(select coalesce(sum(f.amount_minor), 0)::int from ${schema.returnRefunds} f where f.return_id = ${schema.returnRequests.id} and f.status <> 'failed')`,
        })
        .from(schema.returnRequests)
        .innerJoin(schema.orders, eq(schema.orders.id, schema.returnRequests.orderId))
        .where(where)
        .orderBy(desc(schema.returnRequests.createdAt), desc(schema.returnRequests.id))
        .offset(f.offset ?? 0)
        .limit(limit),
      this.db.select({ n: count() }).from(schema.returnRequests).where(where),
    ]);
    return {
      results: rows.map((r) => returnSummaryOf(r.request, r.order, viewer, Number(r.refunded))),
      matches_estimated: total?.n ?? 0,
    };
  }
}
