import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import {
  CheckoutWithTokenSchema,
  PickupBranchListSchema,
  ShippingRateListSchema,
  type CheckoutWithToken,
  type PickupBranchList,
  type ShippingRateList,
} from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiRefusals, ApiTags, Authenticated, CurrentUser, Idempotent, type AuthUser } from '@vitrina/platform';
import { CheckoutDeliveryHandler } from '../checkout-delivery.handler.js';
import { BrokerDeliveryDto, FixedDeliveryDto, PickupDeliveryDto, RatesQueryDto } from './checkout-delivery.dto.js';

/**
 * Delivery of a checkout (spec 3 §7 calls): rates, broker / fixed / pickup delivery (each answers the payment token
 * and the checkout, and accepts Idempotency-Key), pickup branches. 404 for another user's checkout, 410 once expired.
 */
@ApiTags('checkout: delivery')
@ApiRefusals(400, 404)
@Authenticated()
@Controller('checkout')
export class CheckoutDeliveryController {
  constructor(private readonly handler: CheckoutDeliveryHandler) {}

  @Get(':id/rates')
  @ApiOperation({ summary: 'Shipping rates to a saved address (address_id) or a pickup branch (agency_id)' })
  @ApiAnswer(ShippingRateListSchema, { errors: [409, 410] })
  rates(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query() q: RatesQueryDto): Promise<ShippingRateList> {
    return this.handler.rates(user.id, id, q);
  }

  @Put(':id/broker')
  @Idempotent()
  @ApiOperation({ summary: 'Ship with one of the quoted rates; answers the payment token' })
  @ApiAnswer(CheckoutWithTokenSchema, { errors: [409, 410] })
  broker(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: BrokerDeliveryDto): Promise<CheckoutWithToken> {
    return this.handler.brokerDelivery(user.id, id, body);
  }

  @Put(':id/fixed_delivery')
  @Idempotent()
  @ApiOperation({ summary: "The supplier's fixed shipping to a saved address (date and time when scheduled); answers the payment token" })
  @ApiAnswer(CheckoutWithTokenSchema, { errors: [409, 410] })
  fixed(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: FixedDeliveryDto): Promise<CheckoutWithToken> {
    return this.handler.fixedDelivery(user.id, id, body);
  }

  @Put(':id/pickup')
  @Idempotent()
  @ApiOperation({ summary: "Pick up at one of the shipper's branches (free); answers the payment token" })
  @ApiAnswer(CheckoutWithTokenSchema, { errors: [409, 410] })
  pickup(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: PickupDeliveryDto): Promise<CheckoutWithToken> {
    return this.handler.pickupDelivery(user.id, id, body);
  }

  @Get(':id/correosar_branches')
  @ApiOperation({ summary: "The shipper's pickup branches" })
  @ApiAnswer(PickupBranchListSchema, { errors: [409] })
  branches(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<PickupBranchList> {
    return this.handler.branches(user.id, id);
  }
}
