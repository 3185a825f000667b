import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  CollaboratorAccess,
  CatalogueLimits,
  ITEM_TYPES,
  PickerItemListSchema,
  type ItemType,
  type PickerItemList,
} from '@vitrina/contracts';
import { ApiAnswer, ApiRefusals, OwnerPath, PathOwner, type OwnerRef, Optional } from '@vitrina/platform';
import { SearchTextQuery } from '../../shared/dto.js';
import { ProductPickerQuery } from '../queries/product-picker.query.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

class PickerQueryDto {
  @ApiPropertyOptional({ enum: ITEM_TYPES }) @Optional() @IsIn(ITEM_TYPES) type?: ItemType;
  @SearchTextQuery() text?: string;
  @ApiPropertyOptional({ description: 'Supplier id' }) @Optional() @Matches(ID) dssupplier?: string;
  @ApiPropertyOptional({ description: 'Category id' }) @Optional() @Matches(ID) category?: string;

  @ApiPropertyOptional({ description: 'Only dropshipping items (true) or only the others (false)' })
  @Optional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  dropshipping?: boolean;

  @ApiPropertyOptional({ default: '-contribution_margin' }) @Optional() @IsString() @MaxLength(32) sort?: string;
  @ApiPropertyOptional({ minimum: 0 }) @Optional() @Type(() => Number) @IsInt() @Min(0) @Max(1_000_000) offset?: number;
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 10 }) @Optional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @ApiPropertyOptional({ description: 'Accepted for the spec’s modal call (counts are exact)' })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100_000)
  check_at_least?: number;
  @ApiPropertyOptional({
    description:
      'Search filter syntax (spec 1 §5), as in the shop listing: free words matched like `text` (and with it), plus ' +
      '`type:`, `supplier:` (alias `dssupplier:`), `category:` and `tag:` (repeatable, any of them) tokens; a parameter ' +
      'sent explicitly wins over its token; an unknown key or an invalid value answers 400 `invalid_filter`.',
    maxLength: CatalogueLimits.listingFilterMax,
  })
  @Optional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(CatalogueLimits.listingFilterMax)
  filter?: string;
}

/** `GET /catalogue/{owner}:{owner}/{type}/store/products/search`: the add-products modal of the owner's store. */
@ApiTags('catalogue: shop listings')
// Every route validates its path, query and body: 400 with `fields`.
@ApiRefusals(400)
@Controller('catalogue')
@OwnerPath('owner', { collaborators: CollaboratorAccess.storefront })
export class ProductPickerController {
  constructor(private readonly picker: ProductPickerQuery) {}

  @Get(':owner/:scope/store/products/search')
  @ApiOperation({ summary: 'Items the owner can add to their store, with in_store (limit 10, sort -contribution_margin)' })
  @ApiAnswer(PickerItemListSchema)
  search(@PathOwner() owner: OwnerRef, @Query() q: PickerQueryDto): Promise<PickerItemList> {
    return this.picker.search({
      ownerId: owner.ownerId,
      type: q.type,
      text: q.text,
      supplier: q.dssupplier,
      category: q.category,
      dropshipping: q.dropshipping,
      filter: q.filter,
      sort: q.sort,
      offset: q.offset,
      limit: q.limit,
    });
  }
}
