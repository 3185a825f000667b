import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db, type Tx } from '@vitrina/platform';
import { eq } from 'drizzle-orm';
import * as schema from '../../db/schema.js';
import type { OrderRow } from '../../orders/order-access.js';
import { returnNotFound } from '../domain/return.errors.js';

export type ReturnRow = typeof schema.returnRequests.$inferSelect;
/** Which side of a return the caller acts from: the customer, the order's supplier, its dropshipping supplier. */
export type ReturnViewer = 'customer' | 'supplier' | 'dssupplier';

/**
 * Who may see a return request (multi-tenant by construction): its customer, the order's supplier, the order's
 * dropshipping supplier, each through their own routes. Anyone else gets 404 return_not_found (the request's
 * existence is not revealed).
 */
@Injectable()
export class ReturnAccess {
  constructor(@Inject(DB) private readonly db: Db<typeof schema>) {}

  async as(
    viewer: ReturnViewer,
    returnId: string,
    userId: string,
    tx?: Tx<typeof schema>,
  ): Promise<{ request: ReturnRow; order: OrderRow }> {
    const db = tx ?? this.db;
    const [found] = await db
      .select({ request: schema.returnRequests, order: schema.orders })
      .from(schema.returnRequests)
      .innerJoin(schema.orders, eq(schema.orders.id, schema.returnRequests.orderId))
      .where(eq(schema.returnRequests.id, returnId));
    if (!found || !isParty(found.request, viewer, userId)) throw returnNotFound();
    return found;
  }
}

export function isParty(request: Pick<ReturnRow, 'userId' | 'supplierId' | 'dssupplierId'>, viewer: ReturnViewer, userId: string): boolean {
  if (viewer === 'customer') return request.userId === userId;
  if (viewer === 'supplier') return request.supplierId === userId;
  return request.dssupplierId === userId;
}
