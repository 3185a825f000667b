import { Body, Controller, Delete, Get, HttpCode, Param, Post, Patch, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CollaboratorAccess,
  CatalogueItemListSchema,
  CatalogueListSchema,
  CatalogueProductsResultSchema,
  CatalogueSchema,
  type Catalogue,
  type CatalogueItemList,
  type CatalogueList,
  type CatalogueProductsResult,
} from '@vitrina/contracts';
import { ApiAnswer, ApiRefusals, OwnerPath, PathOwner, ValidationError, type OwnerRef } from '@vitrina/platform';
import { CatalogueHandlers } from '../commands/catalogue.handlers.js';
import { CatalogueQueries } from '../queries/catalogue.queries.js';
import {
  AddFilteredDto,
  CloneCatalogueDto,
  CreateCatalogueDto,
  DeleteCatalogueQueryDto,
  MoveDto,
  MoveProductDto,
  UpdateCatalogueDto,
} from './catalogue-write.dto.js';
import { CatalogueProductsQueryDto, CataloguesQueryDto, PublishedCataloguesQueryDto } from './catalogue.dto.js';

/** The owner's own catalogues, every state: `/catalogue/{owner}:{owner}/{type}/catalogues...` (403 for anyone else). */
@ApiTags('catalogue: catalogues')
// Every route validates its path, query and body: 400 with `fields`.
@ApiRefusals(400)
@Controller('catalogue')
@OwnerPath('owner', { collaborators: CollaboratorAccess.storefront })
export class CataloguesAdminController {
  constructor(
    private readonly queries: CatalogueQueries,
    private readonly commands: CatalogueHandlers,
  ) {}

  @Post(':owner/:scope/catalogues')
  @ApiOperation({
    summary: 'Create a catalogue (name required ≤150 → 400 invalid_name; photo a valid URL); with origin_id/origin_slug: fork',
  })
  @ApiAnswer(CatalogueSchema, { status: 201, errors: [404] })
  create(@PathOwner() owner: OwnerRef, @Body() body: CreateCatalogueDto): Promise<Catalogue> {
    return this.commands.create(owner.ownerId, body);
  }

  @Patch(':owner/:scope/catalogues/:id')
  @ApiOperation({ summary: 'Update a catalogue (name, photo, weight, state)' })
  @ApiAnswer(CatalogueSchema, { errors: [404] })
  update(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Body() body: UpdateCatalogueDto): Promise<Catalogue> {
    return this.commands.update(owner.ownerId, id, body);
  }

  @Delete(':owner/:scope/catalogues/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a catalogue: 409 product_catalogue_has_products unless force=true' })
  @ApiAnswer(null, { status: 204, errors: [404, 409] })
  async remove(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Query() q: DeleteCatalogueQueryDto): Promise<void> {
    await this.commands.delete(owner.ownerId, id, q.force === 'true' || q.force === '1');
  }

  @Post(':owner/:scope/catalogues/:id/move')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move a catalogue to a 1-based position; the others shift (400 updating_position_error when busy)' })
  @ApiAnswer(CatalogueSchema, { errors: [404] })
  move(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Body() body: MoveDto): Promise<Catalogue> {
    return this.commands.move(owner.ownerId, id, body.position);
  }

  @Post(':owner/:scope/catalogues/:id/products/add_filtered')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add the products matching query (ids, text, type, dssupplier, category); silent skips refused ids' })
  @ApiAnswer(CatalogueProductsResultSchema, { errors: [404] })
  addFiltered(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Body() body: AddFilteredDto): Promise<CatalogueProductsResult> {
    return this.commands.addFiltered(owner.ownerId, id, body);
  }

  @Post(':owner/:scope/catalogues/:id/products/move')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move a product of the catalogue to a 1-based position' })
  @ApiAnswer(CatalogueSchema, { errors: [404] })
  moveProduct(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Body() body: MoveProductDto): Promise<Catalogue> {
    return this.commands.moveProduct(owner.ownerId, id, body);
  }

  @Post(':owner/:scope/catalogues/:id/products/clone')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Fork: copy origin_id / origin_slug+origin_owner into catalogue {id} (or a new one when {id} is "new"); without an origin in the body, {id} is the origin and a new catalogue is made',
  })
  @ApiAnswer(CatalogueProductsResultSchema, { errors: [404] })
  clone(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Body() body: CloneCatalogueDto): Promise<CatalogueProductsResult> {
    return this.commands.clone(owner.ownerId, id, body);
  }

  @Delete(':owner/:scope/catalogues/:id/products/:productId')
  @ApiOperation({ summary: 'Remove one product from the catalogue' })
  @ApiAnswer(CatalogueSchema, { errors: [404] })
  removeProduct(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Param('productId') productId: string): Promise<Catalogue> {
    return this.commands.removeProduct(owner.ownerId, id, productId);
  }

  @Get(':owner/:scope/catalogues')
  @ApiOperation({ summary: 'The owner’s catalogues (sort -weight,name; 30 per page)' })
  @ApiAnswer(CatalogueListSchema)
  list(@PathOwner() owner: OwnerRef, @Query() q: CataloguesQueryDto): Promise<CatalogueList> {
    return this.queries.ownerCatalogues(owner.ownerId, q);
  }

  @Get(':owner/:scope/catalogues/:id')
  @ApiOperation({ summary: 'One of the owner’s catalogues, by id or slug' })
  @ApiAnswer(CatalogueSchema, { errors: [404] })
  detail(@PathOwner() owner: OwnerRef, @Param('id') id: string): Promise<Catalogue> {
    return this.queries.ownerCatalogue(owner.ownerId, id);
  }

  @Get(':owner/:scope/catalogues/:id/products')
  @ApiOperation({ summary: 'Products of one of the owner’s catalogues (every state; sort -contribution_margin)' })
  @ApiAnswer(CatalogueItemListSchema, { errors: [404] })
  products(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Query() q: CatalogueProductsQueryDto): Promise<CatalogueItemList> {
    return this.queries.products(owner.ownerId, id, q, false);
  }

  @Get(':owner/:scope/catalogues/:id/products/search')
  @ApiOperation({ summary: 'Same as products (the spec’s search path)' })
  @ApiAnswer(CatalogueItemListSchema, { errors: [404] })
  search(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Query() q: CatalogueProductsQueryDto): Promise<CatalogueItemList> {
    return this.queries.products(owner.ownerId, id, q, false);
  }
}

/** Published and public catalogue reads (spec 1 §7): anyone. */
@ApiTags('catalogue: catalogues')
// Every route validates its path, query and body: 400 with `fields`.
@ApiRefusals(400)
@Controller('catalogue')
export class CataloguesPublicController {
  constructor(private readonly queries: CatalogueQueries) {}

  @Get('published/catalogues')
  @ApiOperation({ summary: 'Published catalogues of an owner (owner= or shop=), sort -weight,name' })
  @ApiAnswer(CatalogueListSchema, { errors: [404] })
  async published(@Query() q: PublishedCataloguesQueryDto): Promise<CatalogueList> {
    const ref = q.owner ?? q.shop;
    if (!ref) throw new ValidationError('owner or shop is required', { owner: ['owner or shop is required'] });
    return this.queries.publishedCatalogues(await this.queries.ownerOf(ref), q);
  }

  @Get('public/catalogues/:id')
  @ApiOperation({ summary: 'A published catalogue by id' })
  @ApiAnswer(CatalogueSchema, { errors: [404] })
  publicCatalogue(@Param('id') id: string): Promise<Catalogue> {
    return this.queries.publicCatalogue(undefined, id);
  }

  @Get('public/catalogues/:id/products')
  @ApiOperation({ summary: 'Products of a published catalogue (published, not hidden items)' })
  @ApiAnswer(CatalogueItemListSchema, { errors: [404] })
  publicProducts(@Param('id') id: string, @Query() q: CatalogueProductsQueryDto): Promise<CatalogueItemList> {
    return this.queries.products(undefined, id, q, true);
  }

  @Get('public/referral/:owner/catalogues')
  @ApiOperation({ summary: 'Published catalogues of a referral owner (owner id or shop slug)' })
  @ApiAnswer(CatalogueListSchema, { errors: [404] })
  async referralCatalogues(@Param('owner') owner: string, @Query() q: CataloguesQueryDto): Promise<CatalogueList> {
    return this.queries.publishedCatalogues(await this.queries.ownerOf(owner), q);
  }

  @Get('public/referral/:owner/catalogues/:slug')
  @ApiOperation({ summary: 'A published catalogue of a referral owner by slug (the share URL)' })
  @ApiAnswer(CatalogueSchema, { errors: [404] })
  async referralCatalogue(@Param('owner') owner: string, @Param('slug') slug: string): Promise<Catalogue> {
    return this.queries.publicCatalogue(await this.queries.ownerOf(owner), slug);
  }

  @Get('public/referral/:owner/catalogues/:slug/products')
  @ApiOperation({ summary: 'Products of a referral owner’s published catalogue, by slug' })
  @ApiAnswer(CatalogueItemListSchema, { errors: [404] })
  async referralProducts(
    @Param('owner') owner: string,
    @Param('slug') slug: string,
    @Query() q: CatalogueProductsQueryDto,
  ): Promise<CatalogueItemList> {
    return this.queries.products(await this.queries.ownerOf(owner), slug, q, true);
  }
}
