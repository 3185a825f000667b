import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { ReserveStockResult } from '@vitrina/contracts';
import { ServiceSecretGuard } from '@vitrina/platform';
import { StockReservations } from '../stock-reservations.js';
import { ExtendReservationDto, ReserveStockDto } from './reservation.dto.js';

/**
 * Stock reservations for cart-checkout (RESERVATIONS_PATH of @vitrina/contracts; its typed client calls these).
 * `internal` is no public API group, so the gateway answers 404 for it; the routes also need the shared service
 * secret and are left out of the OpenAPI. A refusal is an answer (200, `ok: false`), not an error: nothing was held.
 */
@ApiExcludeController()
@UseGuards(ServiceSecretGuard)
@Controller('internal/reservations')
export class InternalReservationsController {
  constructor(private readonly reservations: StockReservations) {}

  @Post()
  @HttpCode(200)
  reserve(@Body() body: ReserveStockDto): Promise<ReserveStockResult> {
    return this.reservations.reserve(body);
  }

  @Post(':checkoutId/extend')
  @HttpCode(200)
  extend(@Param('checkoutId') checkoutId: string, @Body() body: ExtendReservationDto): Promise<{ held: boolean }> {
    return this.reservations.extend(checkoutId, body.expiresAt);
  }

  @Post(':checkoutId/release')
  @HttpCode(200)
  async release(@Param('checkoutId') checkoutId: string): Promise<{ released: number }> {
    return { released: await this.reservations.release(checkoutId) };
  }
}
