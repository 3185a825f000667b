import { Inject, Injectable } from '@nestjs/common';
import { OrderErrorCodes, type OrderDeliveryType, type OrderEventBase } from '@vitrina/contracts';
import { DB, ForbiddenError, NotFoundError, type Db } from '@vitrina/platform';
import { eq } from 'drizzle-orm';
import * as schema from '../db/schema.js';
import type { OrderFacts } from '../domain/order.machine.js';

export type OrderRow = typeof schema.orders.$inferSelect;
export type OrderLineRow = typeof schema.orderLines.$inferSelect;
/** Which side of an order a user is on. */
export type OrderSide = 'customer' | 'supplier' | 'dssupplier';

/**
 * Who may see an order (multi-tenant by construction): its customer, its supplier, its dropshipping supplier.
 * Anyone else gets 404 (the order's existence is not revealed); a party asking through another party's routes gets
 * 404 too, so ids never leak across tenants.
 */
@Injectable()
export class OrderAccess {
  constructor(@Inject(DB) private readonly db: Db<typeof schema>) {}

  async find(orderId: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
    return row;
  }

  async idByCheckout(checkoutId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.checkoutId, checkoutId));
    return row?.id;
  }

  /** The order if `userId` is on `side` of it, else 404 `order_not_found`. */
  async as(side: OrderSide, orderId: string, userId: string): Promise<OrderRow> {
    return onSide(await this.find(orderId), side, userId);
  }

  /** The order if `userId` is any party of it (its sides, best first), else 404. */
  async party(orderId: string, userId: string): Promise<{ order: OrderRow; side: OrderSide }> {
    const row = await this.find(orderId);
    const side = row ? sideOf(row, userId) : undefined;
    if (!row || !side) throw new NotFoundError('Order not found', OrderErrorCodes.orderNotFound);
    return { order: row, side };
  }

  /** The order if `userId` sells it (supplier or dropshipping supplier), else 404; 403 for its customer. */
  async seller(orderId: string, userId: string): Promise<{ order: OrderRow; side: 'supplier' | 'dssupplier' }> {
    return asSeller(await this.find(orderId), userId);
  }

  async lines(orderId: string): Promise<OrderLineRow[]> {
    return this.db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, orderId)).orderBy(schema.orderLines.position);
  }
}

/** The side `userId` is on (preferring `wanted` when one user is several parties, e.g. a supplier buying from itself). */
export function sideOf(
  row: Pick<OrderRow, 'userId' | 'supplierId' | 'dssupplierId'>,
  userId: string,
  wanted?: OrderSide,
): OrderSide | undefined {
  const sides: OrderSide[] = [];
  if (row.userId === userId) sides.push('customer');
  if (row.supplierId === userId) sides.push('supplier');
  if (row.dssupplierId === userId) sides.push('dssupplier');
  if (wanted && sides.includes(wanted)) return wanted;
  return sides[0];
}

export function factsOf(order: Pick<OrderRow, 'prepaid' | 'deliveryType' | 'dssupplierId'>): OrderFacts {
  return { prepaid: order.prepaid, deliveryType: order.deliveryType as OrderDeliveryType, dropshipped: order.dssupplierId !== null };
}

/** `row` if `userId` is on `side` of it, else 404 `order_not_found` (also for no row). */
export function onSide<T extends Pick<OrderRow, 'userId' | 'supplierId' | 'dssupplierId'>>(
  row: T | undefined,
  side: OrderSide,
  userId: string,
): T {
  if (!row || sideOf(row, userId, side) !== side) throw new NotFoundError('Order not found', OrderErrorCodes.orderNotFound);
  return row;
}

/** `order` if `userId` sells it (supplier or dropshipping supplier), else 404; 403 for its customer. */
export function asSeller<T extends Pick<OrderRow, 'userId' | 'supplierId' | 'dssupplierId'>>(
  order: T | undefined,
  userId: string,
): { order: T; side: 'supplier' | 'dssupplier' } {
  // a user who is both the customer and a seller (an establishment sale, a supplier buying from itself) acts as seller here
  const side = order ? sideOf(order, userId, order.dssupplierId === userId ? 'dssupplier' : 'supplier') : undefined;
  if (!order || !side) throw new NotFoundError('Order not found', OrderErrorCodes.orderNotFound);
  if (side === 'customer') throw new ForbiddenError('Only the seller can do this', OrderErrorCodes.wrongActor);
  return { order, side };
}

/** The fields every `orders.order` event carries (contracts' OrderEventBase). */
export function eventBase(
  order: Pick<OrderRow, 'id' | 'checkoutId' | 'userId' | 'shopId' | 'supplierId' | 'dssupplierId'>,
): OrderEventBase {
  return {
    orderId: order.id,
    checkoutId: order.checkoutId,
    userId: order.userId,
    shopId: order.shopId,
    supplierId: order.supplierId,
    dssupplierId: order.dssupplierId,
  };
}
