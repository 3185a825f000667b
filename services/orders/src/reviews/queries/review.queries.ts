import { Inject, Injectable } from '@nestjs/common';
import { OrderErrorCodes, type Review, type ReviewList } from '@vitrina/contracts';
import { DB, NotFoundError, type Db } from '@vitrina/platform';
import { and, count, desc, eq } from 'drizzle-orm';
import * as schema from '../../db/schema.js';
import { OrderAccess } from '../../orders/order-access.js';
import { reviewOf } from './review.view.js';

const DEFAULT_PAGE = 10;

/** Reads of reviews: the customer's own (by order line) and an item's public list, newest first. */
@Injectable()
export class ReviewQueries {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly access: OrderAccess,
  ) {}

  /** The review of one line of the customer's order: 404 for anyone else's order, or when the line has none. */
  async ofLine(userId: string, orderId: string, lineId: string): Promise<Review> {
    await this.access.as('customer', orderId, userId);
    const [row] = await this.db
      .select()
      .from(schema.reviews)
      .where(and(eq(schema.reviews.orderId, orderId), eq(schema.reviews.lineId, lineId)));
    if (!row) throw new NotFoundError('This line has no review yet', OrderErrorCodes.reviewNotFound);
    return reviewOf(row);
  }

  /** An item's reviews, newest first (public: what the item page shows). */
  async ofItem(itemId: string, page: { offset?: number; limit?: number }): Promise<ReviewList> {
    const where = eq(schema.reviews.itemId, itemId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(schema.reviews)
        .where(where)
        .orderBy(desc(schema.reviews.createdAt), desc(schema.reviews.id))
        .offset(page.offset ?? 0)
        .limit(page.limit ?? DEFAULT_PAGE),
      this.db.select({ n: count() }).from(schema.reviews).where(where),
    ]);
    return { results: rows.map(reviewOf), matches_estimated: total?.n ?? 0 };
  }
}
