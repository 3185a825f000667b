import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsBoolean, IsIn, IsInt, IsObject, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Optional, OptionalNullable } from '@vitrina/platform';
import { CATALOGUE_STATES, CatalogueLimits, ITEM_TYPES, type CatalogueState, type ItemType } from '@vitrina/contracts';
import { IsWebOrPathUrl } from '../../shared/dto.js';

const emptyToNull = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Fork origin: another catalogue by id, or by slug with its owner (owner id or shop slug). */
export class CatalogueOriginDto {
  @ApiPropertyOptional({ description: 'Id of the catalogue to fork' })
  @Optional()
  @IsString()
  @MaxLength(100)
  origin_id?: string;

  @ApiPropertyOptional({ description: 'Slug of the catalogue to fork (with origin_owner)' })
  @Optional()
  @IsString()
  @MaxLength(200)
  origin_slug?: string;

  @ApiPropertyOptional({ description: 'Owner of origin_slug: owner id or shop slug' })
  @Optional()
  @IsString()
  @MaxLength(100)
  origin_owner?: string;
}

/**
 * Catalogue create (spec 1 §7 'Catalogue create'). `name` is checked by the handler so every name problem
 * answers 400 `invalid_name` (the web's 'Invalid name'); giving an origin forks that catalogue (clone).
 */
export class CreateCatalogueDto extends CatalogueOriginDto {
  @ApiProperty({
    type: 'string',
    maxLength: CatalogueLimits.catalogueNameMax,
    description: 'Required (taken from the origin when forking)',
  })
  @Allow()
  name?: unknown;

  @ApiPropertyOptional({ nullable: true, description: 'A valid URL (http(s) or a path on this site); null (or "") for none' })
  @OptionalNullable()
  @Transform(emptyToNull)
  @IsWebOrPathUrl()
  photo?: string | null;

  @ApiPropertyOptional({ description: 'Storefront priority (published lists sort by -weight)' })
  @Optional()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  weight?: number;

  @ApiPropertyOptional({ enum: CATALOGUE_STATES })
  @Optional()
  @IsIn(CATALOGUE_STATES)
  state?: CatalogueState;
}

/** Catalogue update (PATCH): only sent fields change; `photo: null` (or "") clears the photo; null in any other field answers 400. */
export class UpdateCatalogueDto {
  @ApiPropertyOptional({ type: 'string', maxLength: CatalogueLimits.catalogueNameMax })
  @Allow()
  name?: unknown;

  @ApiPropertyOptional({ nullable: true, description: 'null (or "") clears the photo' })
  @OptionalNullable()
  @Transform(emptyToNull)
  @IsWebOrPathUrl()
  photo?: string | null;

  @ApiPropertyOptional()
  @Optional()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  weight?: number;

  @ApiPropertyOptional({ enum: CATALOGUE_STATES })
  @Optional()
  @IsIn(CATALOGUE_STATES)
  state?: CatalogueState;
}

export class DeleteCatalogueQueryDto {
  // A boolean for clients (the generated web types); the query string also accepts 1 / 0.
  @ApiPropertyOptional({ type: 'boolean', description: 'Delete even when the catalogue has products (true / false; 1 / 0 accepted)' })
  @Optional()
  @IsIn(['true', 'false', '1', '0'])
  force?: string;
}

export class MoveDto {
  @ApiProperty({ minimum: 1, description: '1-based target position (past the end = last)' })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  position!: number;
}

export class MoveProductDto extends MoveDto {
  @ApiProperty({ description: 'Item id of the product to move' })
  @IsString()
  @MaxLength(100)
  product!: string;
}

/** The filter of add_filtered: the add-products modal's filters, or explicit ids. */
export class ProductFilterDto {
  @ApiPropertyOptional({ type: [String] })
  @Optional()
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  @ArrayMaxSize(CatalogueLimits.checkAtLeast)
  ids?: string[];

  @ApiPropertyOptional()
  @Optional()
  @IsString()
  @MaxLength(100)
  text?: string;

  @ApiPropertyOptional({ enum: ITEM_TYPES })
  @Optional()
  @IsIn(ITEM_TYPES)
  type?: ItemType;

  @ApiPropertyOptional({ description: 'Supplier id' })
  @Optional()
  @IsString()
  @MaxLength(100)
  dssupplier?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsString()
  @MaxLength(100)
  category?: string;
}

export class AddFilteredDto {
  @ApiProperty({ type: ProductFilterDto })
  @IsObject()
  @ValidateNested()
  @Type(() => ProductFilterDto)
  query!: ProductFilterDto;

  @ApiPropertyOptional({ description: 'Skip items the owner may not add instead of refusing (400 invalid_product)' })
  @Optional()
  @IsBoolean()
  silent?: boolean;
}

export class CloneCatalogueDto extends CatalogueOriginDto {
  @ApiPropertyOptional({ type: 'string', description: 'Name of the new catalogue (default: the origin’s)' })
  @Allow()
  name?: unknown;
}
