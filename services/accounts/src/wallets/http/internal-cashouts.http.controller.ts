import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { Cashout } from '@vitrina/contracts';
import { ApiExcludeController, ServiceSecretGuard } from '@vitrina/platform';
import { WalletsService } from '../wallets.service.js';

/**
 * The operator's decision on a cash-out (issue 14): paid, or rejected (reversed into the wallet). For Vitrina's own
 * tools only: the shared service secret, left out of the OpenAPI like the other internal routes.
 */
@ApiExcludeController()
@UseGuards(ServiceSecretGuard)
@Controller('accounts/internal/cashouts')
export class InternalCashoutsHttpController {
  constructor(private readonly wallets: WalletsService) {}

  @Post(':id/paid')
  @HttpCode(200)
  paid(@Param('id') id: string): Promise<Cashout> {
    return this.wallets.decideCashout(id, 'paid');
  }

  @Post(':id/rejected')
  @HttpCode(200)
  rejected(@Param('id') id: string): Promise<Cashout> {
    return this.wallets.decideCashout(id, 'rejected');
  }
}
