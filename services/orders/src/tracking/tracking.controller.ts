import { Controller, Get, Inject, Param } from '@nestjs/common';
import { OrderErrorCodes, TrackingAnswerSchema, type TrackingAnswer } from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiTags, DB, NotFoundError, type Db } from '@vitrina/platform';
import { eq } from 'drizzle-orm';
import * as schema from '../db/schema.js';

/** The built-in broker's public tracking link: where the parcel is, nothing personal. */
@ApiTags('orders: tracking')
@Controller('orders/tracking')
export class TrackingController {
  constructor(@Inject(DB) private readonly db: Db<typeof schema>) {}

  @Get(':number')
  @ApiOperation({ summary: "A shipment's status by its tracking number (public)" })
  @ApiAnswer(TrackingAnswerSchema, { errors: [404] })
  async get(@Param('number') trackingNumber: string): Promise<TrackingAnswer> {
    const [row] = await this.db
      .select({ status: schema.orders.trackingStatus, state: schema.orders.state })
      .from(schema.orders)
      .where(eq(schema.orders.trackingNumber, trackingNumber.slice(0, 60)));
    if (!row) throw new NotFoundError('Tracking number not found', OrderErrorCodes.orderNotFound);
    return {
      tracking_number: trackingNumber,
      status: row.status as TrackingAnswer['status'],
      order_state: row.state as TrackingAnswer['order_state'],
    };
  }
}
