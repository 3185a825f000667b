import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ORDERS_TOPIC, OrderEvents, type EventEnvelope, type OrderReviewedEvent } from '@vitrina/contracts';
import { BusEventPattern, LOGGER, TransactionRunner } from '@vitrina/platform';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import * as schema from '../../db/schema.js';
import { isStars, ratingChange } from '../rating.js';

/**
 * Keeps each item's rating from the orders service's reviews (issue 13): `orders.order.reviewed` adds a new review's
 * rating to items.rating_sum / rating_count, and an edit swaps its previous rating for the new one. The change runs
 * in the inbox transaction, so a redelivered event (same id) counts once; the changes add up in any order.
 */
@Controller()
export class ReviewsConsumer {
  constructor(
    private readonly runner: TransactionRunner<typeof schema>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @BusEventPattern(ORDERS_TOPIC, { types: [OrderEvents.reviewed] })
  async onReviewed(@Payload() event: EventEnvelope<OrderReviewedEvent>): Promise<void> {
    if (event.type !== OrderEvents.reviewed) return;
    const d = event.data;
    const previous = d?.previousRating ?? null;
    if (typeof d?.itemId !== 'string' || !d.itemId || !isStars(d.rating) || (previous !== null && !isStars(previous))) {
      this.logger.warn({ eventId: event.id }, 'orders.order.reviewed without an item or a 1-5 rating; ignored');
      return;
    }
    const change = ratingChange(d.rating, previous);
    if (change.sum === 0 && change.count === 0) return;
    // rating columns only: the item's revision and updated_at stay the supplier's
    await this.runner.run((tx) =>
      tx
        .update(schema.items)
        .set({
          ratingSum: sql`${schema.items.ratingSum} + ${change.sum}`,
          ratingCount: sql`${schema.items.ratingCount} + ${change.count}`,
        })
        .where(eq(schema.items.id, d.itemId)),
    );
  }
}
