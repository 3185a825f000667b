import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { DeliveryLimits, PAYMENT_TYPES, type PaymentType } from '@vitrina/contracts';
import { ApiProperty, ApiPropertyOptional, Optional, OptionalNullable } from '@vitrina/platform';

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
const moneyText = Transform(({ value }: { value: unknown }) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : value,
);

export class RateZoneDto {
  @ApiPropertyOptional({ description: 'Kept when sent (to edit a zone); generated for a new zone' })
  @Optional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'id may hold letters, digits, _ and - (max 64)' })
  id?: string;

  @ApiProperty({ maxLength: DeliveryLimits.nameMax })
  @trim
  @IsString()
  @MinLength(1)
  @MaxLength(DeliveryLimits.nameMax)
  name!: string;

  @ApiPropertyOptional({ maxLength: DeliveryLimits.nameMax, description: 'Courier shown on the rate' })
  @Optional()
  @trim
  @IsString()
  @MaxLength(DeliveryLimits.nameMax)
  carrier?: string;

  @ApiPropertyOptional({ type: [String], description: 'Mexican state codes (or names) the zone covers' })
  @Optional()
  @IsArray()
  @ArrayMaxSize(32)
  @IsString({ each: true })
  @MaxLength(60, { each: true })
  states?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Postal-code prefixes (1-5 digits); they beat states' })
  @Optional()
  @IsArray()
  @ArrayMaxSize(DeliveryLimits.postalPrefixesPerZoneMax)
  @IsString({ each: true })
  @Matches(/^\d{1,5}$/, { each: true, message: 'each postal prefix has 1 to 5 digits' })
  postal_prefixes?: string[];

  @ApiPropertyOptional({ type: String, example: '149.00' })
  @Optional()
  @moneyText
  @IsString()
  @Matches(MONEY, { message: '$property must be an amount with at most 2 decimals, e.g. 149.00' })
  price?: string;

  @ApiPropertyOptional({ type: Number, example: 14900 })
  @Optional()
  @IsInt()
  @Min(0)
  @Max(DeliveryLimits.shippingPriceMaxMinor)
  price_minor?: number;

  @ApiProperty({ minimum: 0, maximum: DeliveryLimits.shippingDaysMax })
  @IsInt()
  @Min(0)
  @Max(DeliveryLimits.shippingDaysMax)
  days!: number;
}

export class PickupBranchDto {
  @ApiPropertyOptional({ description: 'Kept when sent; generated for a new branch' })
  @Optional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'id may hold letters, digits, _ and - (max 64)' })
  id?: string;

  @ApiProperty({ maxLength: DeliveryLimits.nameMax })
  @trim
  @IsString()
  @MinLength(1)
  @MaxLength(DeliveryLimits.nameMax)
  name!: string;

  @ApiProperty({ maxLength: DeliveryLimits.textMax })
  @trim
  @IsString()
  @MinLength(1)
  @MaxLength(DeliveryLimits.textMax)
  address!: string;

  @ApiProperty({ description: '10 digits (spaces, dashes and a +52 prefix are dropped)' })
  @IsString()
  @MaxLength(30)
  phone!: string;

  @ApiProperty({ description: 'Mexican state code (or name)' })
  @IsString()
  @MaxLength(60)
  state!: string;

  @ApiPropertyOptional({ nullable: true, description: '5 digits; null: not given' })
  @OptionalNullable()
  @IsString()
  @MaxLength(10)
  postal_code?: string | null;
}

/** PUT replaces the whole document: what is absent is cleared (no fixed shipping, no zones, no branches). */
export class SupplierSettingsDto {
  @ApiProperty({ enum: PAYMENT_TYPES, isArray: true })
  @IsArray()
  @ArrayMaxSize(PAYMENT_TYPES.length * 2)
  @IsIn(PAYMENT_TYPES, { each: true })
  enabled_payment_types!: PaymentType[];

  @ApiPropertyOptional({ type: String, nullable: true, example: '99.00', description: 'null or absent: no fixed shipping' })
  @OptionalNullable()
  @moneyText
  @IsString()
  @Matches(MONEY, { message: '$property must be an amount with at most 2 decimals, e.g. 99.00' })
  fixed_shipping_cost?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 9900 })
  @OptionalNullable()
  @IsInt()
  @Min(0)
  @Max(DeliveryLimits.shippingPriceMaxMinor)
  fixed_shipping_cost_minor?: number | null;

  @ApiPropertyOptional({ nullable: true, minimum: 0, maximum: DeliveryLimits.shippingDaysMax })
  @OptionalNullable()
  @IsInt()
  @Min(0)
  @Max(DeliveryLimits.shippingDaysMax)
  fixed_shipping_days?: number | null;

  @ApiPropertyOptional({ description: 'Fixed delivery asks for a date and time' })
  @Optional()
  @IsBoolean()
  scheduled_delivery?: boolean;

  @ApiPropertyOptional({ type: [RateZoneDto], maxItems: DeliveryLimits.rateZonesMax })
  @Optional()
  @IsArray()
  @ArrayMaxSize(DeliveryLimits.rateZonesMax)
  // an element must be an object: ValidateNested lets an array inside the array through
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => RateZoneDto)
  rate_zones?: RateZoneDto[];

  @ApiPropertyOptional({ type: [PickupBranchDto], maxItems: DeliveryLimits.branchesMax })
  @Optional()
  @IsArray()
  @ArrayMaxSize(DeliveryLimits.branchesMax)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => PickupBranchDto)
  branches?: PickupBranchDto[];
}
