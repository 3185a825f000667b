import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { CatalogueLimits, ITEM_TYPES, type ItemType } from '@vitrina/contracts';
import { ListQueryDto, Optional } from '@vitrina/platform';
import { CsvQuery, SearchTextQuery } from '../../shared/dto.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export class ShopItemsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: ITEM_TYPES })
  @Optional()
  @IsIn(ITEM_TYPES)
  type?: ItemType;

  @SearchTextQuery()
  text?: string;

  @ApiPropertyOptional({ description: 'Comma-joined tags: items with any of them' })
  @CsvQuery(10, 40)
  tags?: string[];

  @ApiPropertyOptional({ description: 'Supplier (dssupplier) id' })
  @Optional()
  @Matches(ID)
  supplier?: string;

  @ApiPropertyOptional({ description: 'Same as supplier (the spec’s modal name)' })
  @Optional()
  @Matches(ID)
  dssupplier?: string;

  @ApiPropertyOptional({ description: 'Category id' })
  @Optional()
  @Matches(ID)
  category?: string;

  @ApiPropertyOptional({
    description:
      'Items like this item of the shop (its id): same type, sharing a tag or a category with it, never the item itself; ' +
      'most shared tags first, then shared categories, then the listing order (an explicit sort keeps only the filter). ' +
      'An id the shop does not show answers an empty page. Combines with every other parameter.',
    maxLength: 64,
  })
  @Optional()
  @Matches(ID)
  like?: string;

  @ApiPropertyOptional({
    description:
      'Search filter syntax (spec 1 §5), words separated by spaces: free words are matched like `text` (and with it), plus ' +
      '`type:<product|service|experience|digital>`, `supplier:<id>` (alias `dssupplier:<id>`), `category:<id>` and ' +
      '`tag:<tag>` (repeatable, any of them) tokens. A parameter sent explicitly wins over its token. An unknown key or an ' +
      'invalid value answers 400 `invalid_filter`.',
    maxLength: CatalogueLimits.listingFilterMax,
    example: 'barro type:product tag:oaxaca',
  })
  @Optional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(CatalogueLimits.listingFilterMax)
  filter?: string;

  @ApiPropertyOptional({ description: '1-based page, used when offset is absent (page size = limit); below 1 counts as 1', minimum: 1 })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(-1_000_000)
  @Max(1_000_000)
  page?: number;

  // Sent by the storefront with the search (spec 1 §7); attribution is recorded on the shop load, not here.
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(100) owner?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(100) slug?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(100) campaign?: string;
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(100) click_id?: string;
}

export class SuggestionsQueryDto {
  @SearchTextQuery()
  text?: string;

  @ApiPropertyOptional({ enum: ITEM_TYPES })
  @Optional()
  @IsIn(ITEM_TYPES)
  type?: ItemType;

  @ApiPropertyOptional({ default: 5, minimum: 1, maximum: 20 })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(20)
  n_suggestions?: number;
}
