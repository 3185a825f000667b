import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DB, LOGGER, type Db } from '@vitrina/platform';
import type { TrackingStatus } from '@vitrina/contracts';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import * as schema from '../db/schema.js';
import { OrderActions } from '../orders/order-actions.js';
import { OrdersClock } from '../shared/clock.js';
import { TRACKING_PROVIDER, type TrackingProvider } from './tracking-provider.js';

/**
 * Asks the tracking provider about every shipped order (to deliver or in transit, with a tracking number), oldest
 * check first, and moves the order when the parcel moved: In transit and Delivered are reached by themselves
 * (actor system, through the transition table). A provider failure marks the order's tracking as 'failure' (shown to
 * both sides) and is retried on the next sweep. TRACKING_SWEEP_MS (default 10 s); tests call `sweep()`.
 */
@Injectable()
export class TrackingSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private readonly everyMs = Math.max(200, Number(process.env.TRACKING_SWEEP_MS ?? 10_000) || 10_000);

  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    @Inject(TRACKING_PROVIDER) private readonly provider: TrackingProvider,
    private readonly actions: OrderActions,
    private readonly clock: OrdersClock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .catch((err: unknown) => this.logger.warn({ err }, 'tracking sweep failed'))
        .finally(() => (this.running = undefined));
    }, this.everyMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass over the shipped orders; answers how many moved. */
  async sweep(limit = 200): Promise<number> {
    const now = this.clock.now();
    const due = await this.db
      .select()
      .from(schema.orders)
      .where(and(isNotNull(schema.orders.trackingNumber), inArray(schema.orders.state, ['to_deliver', 'in_transit'])))
      .orderBy(asc(schema.orders.trackingCheckedAt))
      .limit(limit);
    let moved = 0;
    for (let order of due) {
      let status: TrackingStatus;
      try {
        // the label's time: when the order became ready to deliver
        const [label] = await this.db
          .select({ at: schema.orderTransitions.at })
          .from(schema.orderTransitions)
          .where(and(eq(schema.orderTransitions.orderId, order.id), eq(schema.orderTransitions.toState, 'to_deliver')))
          .orderBy(sql`${schema.orderTransitions.id} desc`)
          .limit(1);
        status = await this.provider.status({ trackingNumber: order.trackingNumber!, createdAt: label?.at ?? order.updatedAt }, now);
      } catch (err) {
        this.logger.warn({ err, orderId: order.id }, 'tracking provider failed');
        status = 'failure';
      }
      if (status === 'in_transit' || status === 'delivered') {
        if (order.state === 'to_deliver') {
          const next = await this.actions.system(order);
          if (next) {
            order = next;
            moved++;
          }
        }
        if (status === 'delivered' && order.state === 'in_transit') {
          if (await this.actions.system(order)) moved++;
        }
      }
      await this.db.update(schema.orders).set({ trackingStatus: status, trackingCheckedAt: now }).where(eq(schema.orders.id, order.id));
    }
    return moved;
  }
}
