import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsDateString,
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
  registerDecorator,
} from 'class-validator';
import {
  CatalogueLimits,
  ITEM_TYPES,
  LIST_STATES,
  MAIN_TYPES,
  RETURN_FEES,
  RETURN_POLICIES,
  RETURN_SHIPPING_LABELS,
  RETURN_TYPES,
  STOCK_TYPES,
  type ItemType,
  type ListState,
  type MainType,
  type StockType,
} from '@vitrina/contracts';
import { ListQueryDto, Optional, OptionalNullable } from '@vitrina/platform';
import { IsWebOrPathUrl, MinorUnitsField, MoneyField, SearchTextQuery } from '../../shared/dto.js';

/** Variants: name -> value, short strings only. */
function IsVariantMap(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isVariantMap',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: '$property must map names (max 50 characters) to values (max 200 characters)' },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.entries(value).every(([k, v]) => k.trim().length > 0 && k.length <= 50 && typeof v === 'string' && v.length <= 200),
      },
    });
}

/** return_info replaces the whole document; a null sub-field is stored as not set (ReturnInfo in contracts). */
export class ReturnInfoDto {
  @ApiProperty({ enum: RETURN_TYPES })
  @IsIn(RETURN_TYPES)
  return_type!: (typeof RETURN_TYPES)[number];

  @ApiPropertyOptional({ enum: RETURN_FEES, nullable: true })
  @OptionalNullable()
  @IsIn(RETURN_FEES)
  return_fees?: (typeof RETURN_FEES)[number] | null;

  @ApiPropertyOptional({ enum: RETURN_POLICIES, nullable: true })
  @OptionalNullable()
  @IsIn(RETURN_POLICIES)
  return_policy?: (typeof RETURN_POLICIES)[number] | null;

  @ApiPropertyOptional({ nullable: true })
  @OptionalNullable()
  @IsString()
  @MaxLength(2000)
  return_policy_legend?: string | null;

  @ApiPropertyOptional({ enum: RETURN_SHIPPING_LABELS, nullable: true })
  @OptionalNullable()
  @IsIn(RETURN_SHIPPING_LABELS)
  return_shipping_label?: (typeof RETURN_SHIPPING_LABELS)[number] | null;

  @ApiPropertyOptional({ nullable: true, minimum: 0, maximum: 100 })
  @OptionalNullable()
  @IsInt()
  @Min(0)
  @Max(100)
  restocking_fees?: number | null;
}

export class StockDto {
  @ApiPropertyOptional({ nullable: true, description: 'Units available; null when not tracked' })
  @OptionalNullable()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  available?: number | null;

  @ApiPropertyOptional({ enum: STOCK_TYPES })
  @Optional()
  @IsIn(STOCK_TYPES)
  stock_type?: StockType;

  @ApiPropertyOptional({ nullable: true })
  @OptionalNullable()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  max_purchase_amount?: number | null;

  @ApiPropertyOptional()
  @Optional()
  @IsBoolean()
  sold_out?: boolean;
}

/**
 * Fields a supplier may set on an item besides its name and type (every one optional). null clears only
 * crossout_price(_minor), stock.available (not tracked), stock.max_purchase_amount (no limit), experience_date
 * and return_info; every other field refuses null with 400.
 */
export class ItemFieldsDto {
  @ApiPropertyOptional({ description: 'Unique per supplier; generated from the name when absent' })
  @Optional()
  @IsString()
  @Matches(/^[a-z0-9_-]{1,80}$/, { message: 'slug may hold lower-case letters, digits, _ and - (max 80)' })
  slug?: string;

  @ApiPropertyOptional({ enum: MAIN_TYPES })
  @Optional()
  @IsIn(MAIN_TYPES)
  main_type?: MainType;

  @ApiPropertyOptional({ type: [String], maxItems: CatalogueLimits.itemPhotosMax })
  @Optional()
  @ArrayMaxSize(CatalogueLimits.itemPhotosMax)
  @IsWebOrPathUrl({ each: true })
  photos?: string[];

  @ApiPropertyOptional({ maxLength: CatalogueLimits.itemDescriptionMax })
  @Optional()
  @IsString()
  @MaxLength(CatalogueLimits.itemDescriptionMax)
  description?: string;

  @ApiPropertyOptional({ type: [String], maxItems: CatalogueLimits.itemTagsMax })
  @Optional()
  @ArrayMaxSize(CatalogueLimits.itemTagsMax)
  @IsString({ each: true })
  @MaxLength(CatalogueLimits.itemTagMax, { each: true })
  tags?: string[];

  @MoneyField('Price with 2 decimals (or give list_price_minor)')
  list_price?: string;

  @MinorUnitsField('Price in minor units')
  list_price_minor?: number;

  @ApiPropertyOptional({ type: String, nullable: true, example: '249.00', description: 'Strike-through price; null removes it' })
  @OptionalNullable()
  @Transform(({ value }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value))
  @IsString()
  @Matches(/^\d{1,10}(\.\d{1,2})?$/, { message: 'crossout_price must be an amount with at most 2 decimals' })
  crossout_price?: string | null;

  @MinorUnitsField('Strike-through price in minor units', true)
  crossout_price_minor?: number | null;

  @ApiPropertyOptional({ example: 'MXN' })
  @Optional()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code such as MXN' })
  currency?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsBoolean()
  hide_price?: boolean;

  @ApiPropertyOptional()
  @Optional()
  @IsBoolean()
  is_free?: boolean;

  @ApiPropertyOptional()
  @Optional()
  @IsBoolean()
  is_dropshipping?: boolean;

  @MoneyField('What a reseller earns on before the plan rate (commission = contribution_margin x rate)')
  contribution_margin?: string;

  @MinorUnitsField('contribution_margin in minor units')
  contribution_margin_minor?: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  @Optional()
  @IsObject()
  @IsVariantMap()
  variants?: Record<string, string>;

  @ApiPropertyOptional({ type: StockDto })
  @Optional()
  @ValidateNested()
  @Type(() => StockDto)
  stock?: StockDto;

  @ApiPropertyOptional({ nullable: true, description: 'ISO date-time; experiences only' })
  @OptionalNullable()
  @IsDateString({ strict: true })
  experience_date?: string | null;

  @ApiPropertyOptional({ description: 'spec spelling: hidden from public listings' })
  @Optional()
  @IsBoolean()
  hiden?: boolean;

  @ApiPropertyOptional({ description: 'Lower comes first in "Most relevant"' })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000_000)
  queue_position?: number;

  @ApiPropertyOptional({ type: [String] })
  @Optional()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  category_ids?: string[];

  @ApiPropertyOptional({ type: ReturnInfoDto, nullable: true })
  @OptionalNullable()
  @ValidateNested()
  @Type(() => ReturnInfoDto)
  return_info?: ReturnInfoDto | null;
}

export class CreateItemDto extends ItemFieldsDto {
  @ApiProperty({ maxLength: CatalogueLimits.itemNameMax })
  @IsString()
  @MinLength(1)
  @MaxLength(CatalogueLimits.itemNameMax)
  name!: string;

  @ApiProperty({ enum: ITEM_TYPES })
  @IsIn(ITEM_TYPES)
  type!: ItemType;

  @ApiPropertyOptional({ enum: LIST_STATES, default: 'unpublished', description: 'Create published at once with `published`' })
  @Optional()
  @IsIn(LIST_STATES)
  list_state?: ListState;
}

export class UpdateItemDto extends ItemFieldsDto {
  @ApiPropertyOptional({ maxLength: CatalogueLimits.itemNameMax })
  @Optional()
  @IsString()
  @MinLength(1)
  @MaxLength(CatalogueLimits.itemNameMax)
  name?: string;
}

export class OwnerItemsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: ITEM_TYPES })
  @Optional()
  @IsIn(ITEM_TYPES)
  type?: ItemType;

  @ApiPropertyOptional({ enum: LIST_STATES })
  @Optional()
  @IsIn(LIST_STATES)
  list_state?: ListState;

  @SearchTextQuery()
  text?: string;
}
