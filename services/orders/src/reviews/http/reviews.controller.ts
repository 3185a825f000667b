import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ReviewListSchema, ReviewSchema, type Review, type ReviewList } from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiRefusals, ApiTags, OwnerPath, PathOwner, type OwnerRef } from '@vitrina/platform';
import { WriteReviewHandler } from '../commands/write-review.handler.js';
import { ReviewQueries } from '../queries/review.queries.js';
import { CreateReviewDto, EditReviewDto, ReviewListQueryDto } from './reviews.dto.js';

/**
 * The customer's review of an order line (spec 3 §2 'Review modal, create and edit'; §3 'Review'). Only the order's
 * customer (404 for anyone else); a line of an order not yet delivered is 409 review_not_allowed, a second review of
 * a line 409 review_exists.
 */
@ApiTags('orders: reviews')
@ApiRefusals(400)
@Controller('orders')
@OwnerPath('me')
export class CustomerReviewsController {
  constructor(
    private readonly write: WriteReviewHandler,
    private readonly queries: ReviewQueries,
  ) {}

  @Post(':me/orders/:id/lines/:lineId/review')
  @ApiOperation({ summary: 'Review a line of a delivered order (one review per line)' })
  @ApiAnswer(ReviewSchema, { status: 201, errors: [404, 409] })
  create(
    @PathOwner() me: OwnerRef,
    @Param('id') id: string,
    @Param('lineId') lineId: string,
    @Body() body: CreateReviewDto,
  ): Promise<Review> {
    return this.write.create(me.ownerId, id, lineId, {
      title: body.title,
      rating: body.rating,
      text: body.text,
      photos: body.photos ?? [],
    });
  }

  @Patch(':me/orders/:id/lines/:lineId/review')
  @ApiOperation({ summary: "Edit the line's review" })
  @ApiAnswer(ReviewSchema, { errors: [404] })
  edit(@PathOwner() me: OwnerRef, @Param('id') id: string, @Param('lineId') lineId: string, @Body() body: EditReviewDto): Promise<Review> {
    return this.write.edit(me.ownerId, id, lineId, body ?? {});
  }

  @Get(':me/orders/:id/lines/:lineId/review')
  @ApiOperation({ summary: "The line's review (404 review_not_found until written)" })
  @ApiAnswer(ReviewSchema, { errors: [404] })
  get(@PathOwner() me: OwnerRef, @Param('id') id: string, @Param('lineId') lineId: string): Promise<Review> {
    return this.queries.ofLine(me.ownerId, id, lineId);
  }
}

/** An item's reviews, public (the item page). */
@ApiTags('orders: reviews')
@ApiRefusals(400)
@Controller('orders/items')
export class ItemReviewsController {
  constructor(private readonly queries: ReviewQueries) {}

  @Get(':itemId/reviews')
  @ApiOperation({ summary: "An item's reviews, newest first" })
  @ApiAnswer(ReviewListSchema)
  list(@Param('itemId') itemId: string, @Query() q: ReviewListQueryDto): Promise<ReviewList> {
    return this.queries.ofItem(itemId, q);
  }
}
