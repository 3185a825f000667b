import { Module } from '@nestjs/common';
import { WriteReviewHandler } from './commands/write-review.handler.js';
import { CustomerReviewsController, ItemReviewsController } from './http/reviews.controller.js';
import { ReviewQueries } from './queries/review.queries.js';

/**
 * Reviews (issue 13; spec 3 §3 'Review'): the customer reviews each delivered order line once and edits it; the item's
 * reviews are public. Every write sends `orders.order.reviewed`, from which the catalogue keeps the item's average.
 * Mounted by OrdersModule; shares OrdersCoreModule's providers.
 */
@Module({
  controllers: [CustomerReviewsController, ItemReviewsController],
  providers: [WriteReviewHandler, ReviewQueries],
})
export class ReviewsModule {}
