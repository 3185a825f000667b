import {
  CANCELLATION_REASONS,
  ORDER_STATES,
  OrderLimits,
  PAY_LATER_TYPES,
  type CancellationReason,
  type OrderState,
  type PayLaterType,
} from '@vitrina/contracts';
import { ApiProperty, ApiPropertyOptional, ListQueryDto, Optional } from '@vitrina/platform';
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** POST /{me}:{me}/orders (spec 3 §7). */
export class PlaceOrderDto {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(64) checkout_id!: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(64) supplier_id?: string;
  @ApiPropertyOptional({ enum: PAY_LATER_TYPES, description: 'Pay later: places a ready checkout now' })
  @Optional()
  @IsIn(PAY_LATER_TYPES)
  payment_type?: PayLaterType;
}

export class OrderListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: ORDER_STATES }) @Optional() @IsIn(ORDER_STATES) state?: OrderState;
}

export class SellerOrderListQueryDto extends OrderListQueryDto {
  @ApiPropertyOptional({ description: 'Placed on or after (YYYY-MM-DD)' }) @Optional() @Matches(DATE) from?: string;
  @ApiPropertyOptional({ description: 'Placed on or before (YYYY-MM-DD)' }) @Optional() @Matches(DATE) to?: string;
}

/** The seller's confirmation: the quote (spec 3 §4: estimated delivery date and shipping cost). */
export class QuoteDto {
  @ApiPropertyOptional({ description: 'YYYY-MM-DD, not before today' })
  @Optional()
  @Matches(DATE, { message: 'estimated_delivery_date must be YYYY-MM-DD' })
  estimated_delivery_date?: string;

  @ApiPropertyOptional({ description: 'Shipping cost in minor units' })
  @Optional()
  @IsInt()
  @Min(0)
  @Max(OrderLimits.shippingCostMaxMinor)
  shipping_cost_minor?: number;
}

/** POST .../next by a seller: optionally the ETA, and the tracking number when the order ships. */
export class SellerNextDto extends QuoteDto {
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(OrderLimits.trackingNumberMax) tracking_number?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(500) tracking_url?: string;
}

/** DELETE /orders/{id} (json message) and the sellers' cancellations (reason). */
export class CancelOrderDto {
  @ApiPropertyOptional({ enum: CANCELLATION_REASONS }) @Optional() @IsIn(CANCELLATION_REASONS) reason?: CancellationReason;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(OrderLimits.cancellationMessageMax) message?: string;
}
