import { Inject, Injectable } from '@nestjs/common';
import { OrderLimits, type OrderState, type OrderSummaryList } from '@vitrina/contracts';
import { DB, ValidationError, type Db } from '@vitrina/platform';
import { and, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import * as schema from '../db/schema.js';
import { sideOf } from './order-access.js';
import { summaryOf } from './order.view.js';

export interface OrderListFilter {
  state?: OrderState;
  /** YYYY-MM-DD, inclusive (UTC). */
  from?: string;
  /** YYYY-MM-DD, inclusive (UTC). */
  to?: string;
  offset?: number;
  limit?: number;
}

/** The order lists (newest first): the customer's purchases, the seller's sales (as supplier or dropshipping supplier). */
@Injectable()
export class OrderQueries {
  constructor(@Inject(DB) private readonly db: Db<typeof schema>) {}

  customer(userId: string, filter: OrderListFilter): Promise<OrderSummaryList> {
    return this.list(eq(schema.orders.userId, userId), filter, userId, 'customer');
  }

  seller(userId: string, filter: OrderListFilter): Promise<OrderSummaryList> {
    return this.list(or(eq(schema.orders.supplierId, userId), eq(schema.orders.dssupplierId, userId))!, filter, userId, 'supplier');
  }

  dssupplier(userId: string, filter: OrderListFilter): Promise<OrderSummaryList> {
    return this.list(eq(schema.orders.dssupplierId, userId), filter, userId, 'dssupplier');
  }

  private async list(
    whose: SQL,
    f: OrderListFilter,
    userId: string,
    prefer: 'customer' | 'supplier' | 'dssupplier',
  ): Promise<OrderSummaryList> {
    const conditions = [whose];
    if (f.state) conditions.push(eq(schema.orders.state, f.state));
    if (f.from) conditions.push(gte(schema.orders.placedAt, dayStart(f.from, 'from')));
    if (f.to) conditions.push(lt(schema.orders.placedAt, new Date(dayStart(f.to, 'to').getTime() + 86_400_000)));
    const where = and(...conditions);
    const limit = Math.min(f.limit ?? OrderLimits.ordersPageSize, OrderLimits.ordersPageMax);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(schema.orders)
        .where(where)
        .orderBy(desc(schema.orders.placedAt), desc(schema.orders.id))
        .offset(f.offset ?? 0)
        .limit(limit),
      this.db.select({ n: count() }).from(schema.orders).where(where),
    ]);
    return {
      results: rows.map((row) => summaryOf(row, prefer === 'customer' ? 'customer' : (sideOf(row, userId, prefer) ?? prefer))),
      matches_estimated: total?.n ?? 0,
    };
  }
}

/** A `YYYY-MM-DD` filter as the start of that day (UTC); a day that does not exist (2026-02-30) is 400. */
function dayStart(day: string, field: 'from' | 'to'): Date {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
    throw new ValidationError(`${field} is not a date`, { [field]: ['a real day, YYYY-MM-DD'] });
  }
  return date;
}
