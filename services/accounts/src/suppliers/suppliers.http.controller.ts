import { Body, Controller, Get, HttpCode, Param, Put, UseGuards } from '@nestjs/common';
import { ApiExcludeController, ApiPropertyOptional } from '@nestjs/swagger';
import { SupplierLimits, SupplierProfileSchema, type SupplierProfile } from '@vitrina/contracts';
import {
  ApiAnswer,
  ApiOperation,
  ApiProperty,
  ApiTags,
  OptionalNullable,
  OwnerPath,
  PathOwner,
  ServiceSecretGuard,
  type OwnerRef,
} from '@vitrina/platform';
import { IsBoolean, IsString, Length } from 'class-validator';
import { IsImageUrl, Trimmed } from '../shared/dto.js';
import { SuppliersService } from './suppliers.service.js';

export class SupplierProfileDto {
  /** The name the supplier sells under. */
  @ApiProperty({ description: 'The name the supplier sells under', minLength: 1, maxLength: SupplierLimits.nameMax })
  @Trimmed()
  @IsString()
  @Length(1, SupplierLimits.nameMax)
  name!: string;

  /** The supplier's image (a gallery URL); null or absent: none (the profile is stored without one). */
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: SupplierLimits.imageMax, description: 'A gallery URL, or null' })
  @OptionalNullable()
  @IsImageUrl()
  image?: string | null;
}

export class SupplierEnabledDto {
  @ApiProperty()
  @IsBoolean()
  enabled!: boolean;
}

/** Become a supplier (issue 16): the caller's supplier profile. @OwnerPath refuses (401/403) anyone but the path's user. */
@ApiTags('accounts')
@Controller('accounts')
@OwnerPath('me')
export class SuppliersHttpController {
  constructor(private readonly suppliers: SuppliersService) {}

  @Get(':me/supplier')
  @ApiOperation({ summary: "The caller's supplier profile (is_supplier false before they open one)" })
  @ApiAnswer(SupplierProfileSchema)
  get(@PathOwner() me: OwnerRef): Promise<SupplierProfile> {
    return this.suppliers.get(me.ownerId);
  }

  @Put(':me/supplier')
  @ApiOperation({ summary: "Opens or renames the caller's supplier profile; the next token carries the supplier keychain" })
  @ApiAnswer(SupplierProfileSchema, { errors: [400, 404] })
  open(@PathOwner() me: OwnerRef, @Body() body: SupplierProfileDto): Promise<SupplierProfile> {
    return this.suppliers.open(me.ownerId, body.name, body.image ?? null);
  }
}

/** An operator enables or disables a supplier. Vitrina's own tools only: the service secret, no OpenAPI. */
@ApiExcludeController()
@UseGuards(ServiceSecretGuard)
@Controller('accounts/internal/suppliers')
export class InternalSuppliersHttpController {
  constructor(private readonly suppliers: SuppliersService) {}

  @Put(':id/enabled')
  @HttpCode(200)
  enabled(@Param('id') id: string, @Body() body: SupplierEnabledDto): Promise<SupplierProfile> {
    return this.suppliers.setEnabled(id, body.enabled);
  }
}
