import { Injectable } from '@nestjs/common';
import {
  OrderErrorCodes,
  OrderEvents,
  type CheckoutContact,
  type OrderReviewedEvent,
  type OrderState,
  type Review,
} from '@vitrina/contracts';
import { DomainError, newId, NotFoundError, Outbox, TransactionRunner, type Tx } from '@vitrina/platform';
import { and, eq } from 'drizzle-orm';
import * as schema from '../../db/schema.js';
import { OrderAccess, type OrderRow } from '../../orders/order-access.js';
import { OrdersClock } from '../../shared/clock.js';
import { distinctPhotos, mayReview, type ReviewContent } from '../domain/review.rules.js';
import { reviewOf, type ReviewRow } from '../queries/review.view.js';

/**
 * Writes a customer's review of an order line (spec 3 §3 'Review'): created once per line of a delivered order,
 * then edited. The row and its `orders.order.reviewed` event commit together, so the catalogue's average (which
 * adds the rating, and on an edit takes the previous one back) follows every write exactly once.
 */
@Injectable()
export class WriteReviewHandler {
  constructor(
    private readonly runner: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly access: OrderAccess,
    private readonly clock: OrdersClock,
  ) {}

  async create(userId: string, orderId: string, lineId: string, content: ReviewContent): Promise<Review> {
    const order = await this.access.as('customer', orderId, userId);
    const line = await this.line(order, lineId);
    if (!mayReview(order.state as OrderState)) {
      throw new DomainError(OrderErrorCodes.reviewNotAllowed, 'Only a delivered order can be reviewed', 409);
    }
    const now = this.clock.now();
    const row = await this.runner.run(async (tx) => {
      const [created] = await tx
        .insert(schema.reviews)
        .values({
          id: newId(),
          orderId: order.id,
          lineId: line.lineId,
          itemId: line.itemId,
          userId,
          authorName: authorOf(order),
          title: content.title.trim(),
          rating: content.rating,
          text: content.text.trim(),
          photos: distinctPhotos(content.photos),
          createdAt: now,
          updatedAt: now,
        })
        // one review per line (reviews_line_uq): a second create, even a racing one, finds the row taken
        .onConflictDoNothing()
        .returning();
      if (!created) return null;
      await this.event(tx, order, created, null);
      return created;
    });
    if (!row) throw new DomainError(OrderErrorCodes.reviewExists, 'This line already has a review: edit it', 409);
    return reviewOf(row);
  }

  async edit(userId: string, orderId: string, lineId: string, change: Partial<ReviewContent>): Promise<Review> {
    const order = await this.access.as('customer', orderId, userId);
    await this.line(order, lineId);
    const now = this.clock.now();
    const row = await this.runner.run(async (tx) => {
      const [current] = await tx
        .select()
        .from(schema.reviews)
        .where(and(eq(schema.reviews.orderId, order.id), eq(schema.reviews.lineId, lineId)))
        .for('update');
      if (!current) return null;
      const [updated] = await tx
        .update(schema.reviews)
        .set({
          ...(change.title !== undefined ? { title: change.title.trim() } : {}),
          ...(change.rating !== undefined ? { rating: change.rating } : {}),
          ...(change.text !== undefined ? { text: change.text.trim() } : {}),
          ...(change.photos !== undefined ? { photos: distinctPhotos(change.photos) } : {}),
          updatedAt: now,
        })
        .where(eq(schema.reviews.id, current.id))
        .returning();
      await this.event(tx, order, updated, current.rating);
      return updated;
    });
    if (!row) throw new NotFoundError('This line has no review yet', OrderErrorCodes.reviewNotFound);
    return reviewOf(row);
  }

  private async line(order: OrderRow, lineId: string) {
    const line = (await this.access.lines(order.id)).find((l) => l.lineId === lineId);
    if (!line) throw new NotFoundError('The order has no such line', OrderErrorCodes.lineNotFound);
    return line;
  }

  private async event(tx: Tx<typeof schema>, order: OrderRow, review: ReviewRow, previousRating: number | null): Promise<void> {
    await this.outbox.add(tx, {
      type: OrderEvents.reviewed,
      key: order.id,
      shopId: order.shopId,
      actorId: review.userId,
      data: {
        orderId: order.id,
        checkoutId: order.checkoutId,
        userId: order.userId,
        shopId: order.shopId,
        supplierId: order.supplierId,
        dssupplierId: order.dssupplierId,
        reviewId: review.id,
        itemId: review.itemId,
        rating: review.rating,
        previousRating,
      } satisfies OrderReviewedEvent,
    });
  }
}

/** spec 3 §3: the review is signed with the order's contact name. */
function authorOf(order: OrderRow): string {
  return (order.contact as CheckoutContact | null)?.name?.trim() ?? '';
}
