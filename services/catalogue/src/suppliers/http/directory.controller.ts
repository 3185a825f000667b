import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import {
  CatalogueCategoryListSchema,
  CatalogueLimits,
  CatalogueSupplierListSchema,
  CatalogueSupplierSchema,
  type CatalogueCategoryList,
  type CatalogueSupplier,
  type CatalogueSupplierList,
} from '@vitrina/contracts';
import { ApiAnswer, ApiRefusals, DB, OwnerPath, PathOwner, listResponse, type Db, type OwnerRef, Optional } from '@vitrina/platform';
import { shopOfOwner } from '../../listings/shop.repository.js';
import { SearchTextQuery } from '../../shared/dto.js';
import { DirectoryQueries } from '../queries/directory.queries.js';

class DirectoryQueryDto {
  @SearchTextQuery()
  text?: string;

  @ApiPropertyOptional({ description: 'Same as text (the spec names it `name` in places)' })
  @SearchTextQuery()
  name?: string;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  offset?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100 })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

/** Suppliers (dssuppliers) and categories: public lists and type-ahead (spec 1 §2 'Add-products modal'). */
@ApiTags('catalogue: suppliers and categories')
// Every route validates its path, query and body: 400 with `fields`.
@ApiRefusals(400)
@Controller('catalogue')
export class DirectoryController {
  constructor(private readonly queries: DirectoryQueries) {}

  @Get('dssuppliers')
  @ApiOperation({ summary: 'Suppliers, by name (10 by default)' })
  @ApiAnswer(CatalogueSupplierListSchema)
  suppliers(@Query() q: DirectoryQueryDto): Promise<CatalogueSupplierList> {
    return this.queries.suppliers({ text: q.text ?? q.name, offset: q.offset, limit: q.limit ?? CatalogueLimits.suppliers });
  }

  @Get('dssuppliers/suggestions')
  @ApiOperation({ summary: 'Supplier type-ahead: only for non-empty text (10 by default)' })
  @ApiAnswer(CatalogueSupplierListSchema)
  async supplierSuggestions(@Query() q: DirectoryQueryDto): Promise<CatalogueSupplierList> {
    const text = (q.text ?? q.name ?? '').toLowerCase();
    if (!text) return listResponse([], 0);
    return this.queries.suppliers({ text, limit: q.limit ?? CatalogueLimits.suppliers });
  }

  @Get('dssuppliers/:id')
  @ApiOperation({ summary: 'A supplier' })
  @ApiAnswer(CatalogueSupplierSchema, { errors: [404] })
  supplier(@Param('id') id: string): Promise<CatalogueSupplier> {
    return this.queries.supplier(id);
  }

  @Get('categories')
  @ApiOperation({ summary: 'Categories, by name (15 by default)' })
  @ApiAnswer(CatalogueCategoryListSchema)
  categories(@Query() q: DirectoryQueryDto): Promise<CatalogueCategoryList> {
    return this.queries.categories({ text: q.text ?? q.name, offset: q.offset, limit: q.limit ?? CatalogueLimits.categories });
  }

  @Get('categories/suggestions')
  @ApiOperation({ summary: 'Category type-ahead: only for non-empty text (15 by default)' })
  @ApiAnswer(CatalogueCategoryListSchema)
  async categorySuggestions(@Query() q: DirectoryQueryDto): Promise<CatalogueCategoryList> {
    const text = (q.text ?? q.name ?? '').toLowerCase();
    if (!text) return listResponse([], 0);
    return this.queries.categories({ text, limit: q.limit ?? CatalogueLimits.categories });
  }
}

/**
 * `GET /catalogue/{owner}:{owner}/{type}/store/dssuppliers/search` (spec 1 §7 'Supplier search'): suppliers
 * whose published items the owner can add to their store. A franchise store only gets its own supplier.
 */
@ApiTags('catalogue: suppliers and categories')
// Every route validates its path, query and body: 400 with `fields`.
@ApiRefusals(400)
@Controller('catalogue')
@OwnerPath('owner')
export class SupplierSearchController {
  constructor(
    private readonly queries: DirectoryQueries,
    @Inject(DB) private readonly db: Db,
  ) {}

  @Get(':owner/:scope/store/dssuppliers/search')
  @ApiOperation({ summary: 'Suppliers for the add-products modal (30 by default)' })
  @ApiAnswer(CatalogueSupplierListSchema)
  async search(@PathOwner() owner: OwnerRef, @Query() q: DirectoryQueryDto): Promise<CatalogueSupplierList> {
    const shop = await shopOfOwner(this.db, owner.ownerId);
    const onlyId = shop?.storeType === 'franchise' ? (shop.supplierId ?? shop.ownerId) : undefined;
    return this.queries.suppliers({
      text: q.text ?? q.name,
      offset: q.offset,
      limit: q.limit ?? CatalogueLimits.supplierSearch,
      onlyWithPublishedItems: true,
      ...(onlyId ? { onlyId } : {}),
    });
  }
}
