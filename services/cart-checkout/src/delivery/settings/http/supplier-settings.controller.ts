import { Body, Controller, Get, Put } from '@nestjs/common';
import { SupplierSettingsSchema, type SupplierSettings } from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiRefusals, ApiTags, Authenticated, type AuthUser, CurrentUser } from '@vitrina/platform';
import { SupplierSettingsRepository } from '../supplier-settings.repository.js';
import { SupplierSettingsDto } from './supplier-settings.dto.js';

/**
 * The signed-in seller's own settings (issue 11 'Supplier settings'): a supplier, or a reseller whose shop sells
 * dropshipped items (the reseller is the supplier of those cart orders). They decide `is_configured`.
 */
@ApiTags('checkout: supplier settings')
@ApiRefusals(400)
@Authenticated()
@Controller('checkout')
export class SupplierSettingsController {
  constructor(private readonly settings: SupplierSettingsRepository) {}

  @Get('supplier-settings')
  @ApiOperation({ summary: 'My supplier settings: payment types, fixed shipping, rate zones, pickup branches' })
  @ApiAnswer(SupplierSettingsSchema)
  get(@CurrentUser() user: AuthUser): Promise<SupplierSettings> {
    return this.settings.get(user.id);
  }

  @Put('supplier-settings')
  @ApiOperation({ summary: 'Replace my supplier settings (the whole document)' })
  @ApiAnswer(SupplierSettingsSchema)
  put(@CurrentUser() user: AuthUser, @Body() body: SupplierSettingsDto): Promise<SupplierSettings> {
    return this.settings.replace(user.id, body);
  }
}
