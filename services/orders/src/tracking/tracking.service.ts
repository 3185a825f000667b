import { Inject, Injectable } from '@nestjs/common';
import type { Tx } from '@vitrina/platform';
import { eq } from 'drizzle-orm';
import * as schema from '../db/schema.js';
import type { OrderRow } from '../orders/order-access.js';
import { OrdersClock } from '../shared/clock.js';
import { TRACKING_PROVIDER, type TrackingProvider } from './tracking-provider.js';

/** The shipment side of an order: its label when it is ready to deliver (broker delivery). */
@Injectable()
export class TrackingService {
  constructor(
    @Inject(TRACKING_PROVIDER) readonly provider: TrackingProvider,
    private readonly clock: OrdersClock,
  ) {}

  /** Creates the label inside the transaction that made the order ready to deliver; answers the updated row. */
  async createShipment(tx: Tx<typeof schema>, order: OrderRow): Promise<OrderRow> {
    const now = this.clock.now();
    try {
      const shipment = await this.provider.createShipment(order, now);
      const [row] = await tx
        .update(schema.orders)
        .set({
          trackingNumber: shipment.trackingNumber,
          trackingUrl: shipment.trackingUrl,
          trackingStatus: 'label_created',
          trackingCheckedAt: now,
        })
        .where(eq(schema.orders.id, order.id))
        .returning();
      return row ?? order;
    } catch {
      const [row] = await tx.update(schema.orders).set({ trackingStatus: 'failure' }).where(eq(schema.orders.id, order.id)).returning();
      return row ?? order;
    }
  }
}
