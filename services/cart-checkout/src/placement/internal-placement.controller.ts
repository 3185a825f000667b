import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { PAY_LATER_TYPES, type CheckoutOrderSnapshot, type PayLaterType } from '@vitrina/contracts';
import { ApiExcludeController, Optional, ServiceSecretGuard } from '@vitrina/platform';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { CheckoutPlacementService } from './checkout-placement.service.js';

class PlaceCheckoutDto {
  @IsString() @MaxLength(64) userId!: string;
  @Optional() @IsString() @MaxLength(64) supplierId?: string;
  @Optional() @IsIn(PAY_LATER_TYPES) paymentType?: PayLaterType;
}

/**
 * For the orders service only (CHECKOUT_PLACEMENT_PATH of @vitrina/contracts): the shared secret, no public API
 * group (the gateway answers 404 for `internal`), left out of the OpenAPI.
 */
@ApiExcludeController()
@UseGuards(ServiceSecretGuard)
@Controller('internal/checkouts')
export class InternalPlacementController {
  constructor(private readonly placement: CheckoutPlacementService) {}

  @Post(':checkoutId/place')
  @HttpCode(200)
  place(@Param('checkoutId') checkoutId: string, @Body() body: PlaceCheckoutDto): Promise<CheckoutOrderSnapshot> {
    return this.placement.place({ checkoutId, userId: body.userId, supplierId: body.supplierId, paymentType: body.paymentType });
  }
}
