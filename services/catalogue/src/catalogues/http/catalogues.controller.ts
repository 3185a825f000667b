import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CatalogueJson, ItemJson, ListResponse } from '@vitrina/contracts';
import { OwnerPath, PathOwner, ValidationError, type OwnerRef } from '@vitrina/platform';
import { CatalogueQueries } from '../queries/catalogue.queries.js';
import { CatalogueProductsQueryDto, CataloguesQueryDto, PublishedCataloguesQueryDto } from './catalogue.dto.js';

/** The owner's own catalogues, every state: `/catalogue/{owner}:{owner}/{type}/catalogues...` (403 for anyone else). */
@ApiTags('catalogue: catalogues')
@Controller('catalogue')
@OwnerPath('owner')
export class CataloguesAdminController {
  constructor(private readonly queries: CatalogueQueries) {}

  @Get(':owner/:scope/catalogues')
  @ApiOperation({ summary: 'The owner’s catalogues (sort -weight,name; 30 per page)' })
  list(@PathOwner() owner: OwnerRef, @Query() q: CataloguesQueryDto): Promise<ListResponse<CatalogueJson>> {
    return this.queries.ownerCatalogues(owner.ownerId, q);
  }

  @Get(':owner/:scope/catalogues/:id')
  @ApiOperation({ summary: 'One of the owner’s catalogues, by id or slug' })
  detail(@PathOwner() owner: OwnerRef, @Param('id') id: string): Promise<CatalogueJson> {
    return this.queries.ownerCatalogue(owner.ownerId, id);
  }

  @Get(':owner/:scope/catalogues/:id/products')
  @ApiOperation({ summary: 'Products of one of the owner’s catalogues (every state; sort -contribution_margin)' })
  products(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Query() q: CatalogueProductsQueryDto): Promise<ListResponse<ItemJson>> {
    return this.queries.products(owner.ownerId, id, q, false);
  }

  @Get(':owner/:scope/catalogues/:id/products/search')
  @ApiOperation({ summary: 'Same as products (the spec’s search path)' })
  search(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Query() q: CatalogueProductsQueryDto): Promise<ListResponse<ItemJson>> {
    return this.queries.products(owner.ownerId, id, q, false);
  }
}

/** Published and public catalogue reads (spec 1 §7): anyone. */
@ApiTags('catalogue: catalogues')
@Controller('catalogue')
export class CataloguesPublicController {
  constructor(private readonly queries: CatalogueQueries) {}

  @Get('published/catalogues')
  @ApiOperation({ summary: 'Published catalogues of an owner (owner= or shop=), sort -weight,name' })
  async published(@Query() q: PublishedCataloguesQueryDto): Promise<ListResponse<CatalogueJson>> {
    const ref = q.owner ?? q.shop;
    if (!ref) throw new ValidationError('owner or shop is required', { owner: ['owner or shop is required'] });
    return this.queries.publishedCatalogues(await this.queries.ownerOf(ref), q);
  }

  @Get('public/catalogues/:id')
  @ApiOperation({ summary: 'A published catalogue by id' })
  publicCatalogue(@Param('id') id: string): Promise<CatalogueJson> {
    return this.queries.publicCatalogue(undefined, id);
  }

  @Get('public/catalogues/:id/products')
  @ApiOperation({ summary: 'Products of a published catalogue (published, not hidden items)' })
  publicProducts(@Param('id') id: string, @Query() q: CatalogueProductsQueryDto): Promise<ListResponse<ItemJson>> {
    return this.queries.products(undefined, id, q, true);
  }

  @Get('public/referral/:owner/catalogues')
  @ApiOperation({ summary: 'Published catalogues of a referral owner (owner id or shop slug)' })
  async referralCatalogues(@Param('owner') owner: string, @Query() q: CataloguesQueryDto): Promise<ListResponse<CatalogueJson>> {
    return this.queries.publishedCatalogues(await this.queries.ownerOf(owner), q);
  }

  @Get('public/referral/:owner/catalogues/:slug')
  @ApiOperation({ summary: 'A published catalogue of a referral owner by slug (the share URL)' })
  async referralCatalogue(@Param('owner') owner: string, @Param('slug') slug: string): Promise<CatalogueJson> {
    return this.queries.publicCatalogue(await this.queries.ownerOf(owner), slug);
  }

  @Get('public/referral/:owner/catalogues/:slug/products')
  @ApiOperation({ summary: 'Products of a referral owner’s published catalogue, by slug' })
  async referralProducts(@Param('owner') owner: string, @Param('slug') slug: string, @Query() q: CatalogueProductsQueryDto): Promise<ListResponse<ItemJson>> {
    return this.queries.products(await this.queries.ownerOf(owner), slug, q, true);
  }
}
