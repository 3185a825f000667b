import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { count, eq } from 'drizzle-orm';
import {
  CollaboratorAccess,
  ShopSchema,
  StoreBannerListSchema,
  StoreBannerSchema,
  StoreHeaderListSchema,
  StoreHeaderSchema,
  StoreLimits,
  type Shop,
  type StoreBanner,
  type StoreBannerList,
  type StoreHeader,
  type StoreHeaderList,
} from '@vitrina/contracts';
import { ApiAnswer, CurrentUser, DB, OwnerPath, PathOwner, listResponse, type AuthUser, type Db, type OwnerRef } from '@vitrina/platform';
import { banners, headers } from '../../db/schema.js';
import { BannerHandlers } from '../../banners/commands/banner.handlers.js';
import { toBannerJson } from '../../banners/banner.mapper.js';
import { BannerDto } from '../../banners/http/banner.dto.js';
import { HeaderHandlers } from '../../headers/commands/header.handlers.js';
import { toHeaderJson } from '../../headers/header.mapper.js';
import { HeaderDto } from '../../headers/http/header.dto.js';
import { UpdateShopHandler } from '../commands/update-shop.handler.js';
import { LoadShopQuery } from '../queries/load-shop.query.js';
import { shopBanners, shopHeaders, shopOfOwner } from '../shop.repository.js';
import { PageQueryDto } from './shop.dto.js';
import { UpdateShopDto } from './shop-update.dto.js';

/**
 * The owner's shop administration: `/store/{owner}:{owner}/{type}/store/...` (spec 1 §7; `{type}` is the
 * account-type segment, not interpreted). Every route answers 403 to anyone but the owner, and reads and
 * writes only the owner's own shop whatever ids the path or body carry.
 */
@ApiTags('store: shop admin')
@Controller('store')
@OwnerPath('owner', { collaborators: CollaboratorAccess.storefront })
export class ShopAdminController {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly bannersCmd: BannerHandlers,
    private readonly headersCmd: HeaderHandlers,
    private readonly updateShop: UpdateShopHandler,
    private readonly load: LoadShopQuery,
  ) {}

  @Get(':owner/:scope/store')
  @ApiAnswer(ShopSchema, { errors: [404] })
  @ApiOperation({ summary: 'The owner’s shop with every banner and header (all targets)' })
  async shop(@PathOwner() owner: OwnerRef, @CurrentUser() user?: AuthUser): Promise<Shop> {
    return this.load.ownerView(await shopOfOwner(this.db, owner.ownerId), user);
  }

  @Patch(':owner/:scope/store')
  @ApiAnswer(ShopSchema, { errors: [400, 404, 409] })
  @ApiOperation({
    summary:
      'Update the shop’s identity and settings (name required, photo, colours, columns, background, social links, contact, dark mode, footer, configuration); 409 slug_taken',
  })
  async update(@PathOwner() owner: OwnerRef, @Body() body: UpdateShopDto, @CurrentUser() user?: AuthUser): Promise<Shop> {
    return this.load.ownerView(await this.updateShop.execute(owner.ownerId, body), user);
  }

  @Get(':owner/:scope/store/banners')
  @ApiAnswer(StoreBannerListSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'Banners of the owner’s shop, every target (offset 0, limit 10)' })
  async banners(@PathOwner() owner: OwnerRef, @Query() q: PageQueryDto): Promise<StoreBannerList> {
    const shop = await shopOfOwner(this.db, owner.ownerId);
    const rows = await shopBanners(this.db, shop.id, undefined, { offset: q.offset ?? 0, limit: q.limit ?? StoreLimits.bannersPageSize });
    const [total] = await this.db.select({ n: count() }).from(banners).where(eq(banners.shopId, shop.id));
    return listResponse(rows.map(toBannerJson), Number(total?.n ?? 0));
  }

  @Post(':owner/:scope/store/banners')
  @ApiAnswer(StoreBannerSchema, { status: 201, errors: [400, 404] })
  @ApiOperation({ summary: 'Create a banner (images required; url_target true and target all by default)' })
  createBanner(@PathOwner() owner: OwnerRef, @Body() body: BannerDto): Promise<StoreBanner> {
    return this.bannersCmd.create(owner.ownerId, body);
  }

  @Patch(':owner/:scope/store/banners/:id')
  @ApiAnswer(StoreBannerSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'Update a banner' })
  updateBanner(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Body() body: BannerDto): Promise<StoreBanner> {
    return this.bannersCmd.update(owner.ownerId, id, body);
  }

  @Delete(':owner/:scope/store/banners/:id')
  @HttpCode(204)
  @ApiAnswer(null, { status: 204, errors: [404] })
  @ApiOperation({ summary: 'Delete a banner; its images are then deleted from the gallery (retried job)' })
  async deleteBanner(@PathOwner() owner: OwnerRef, @Param('id') id: string): Promise<void> {
    await this.bannersCmd.delete(owner.ownerId, id);
  }

  @Get(':owner/:scope/store/headers')
  @ApiAnswer(StoreHeaderListSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'Headers of the owner’s shop, every target (offset 0, limit 10)' })
  async headers(@PathOwner() owner: OwnerRef, @Query() q: PageQueryDto): Promise<StoreHeaderList> {
    const shop = await shopOfOwner(this.db, owner.ownerId);
    const rows = await shopHeaders(this.db, shop.id, undefined, { offset: q.offset ?? 0, limit: q.limit ?? StoreLimits.headersPageSize });
    const [total] = await this.db.select({ n: count() }).from(headers).where(eq(headers.shopId, shop.id));
    return listResponse(rows.map(toHeaderJson), Number(total?.n ?? 0));
  }

  @Post(':owner/:scope/store/headers')
  @ApiAnswer(StoreHeaderSchema, { status: 201, errors: [400, 404] })
  @ApiOperation({ summary: 'Create a header (title ≤30, subtitle ≤40, description ≤130; action none by default)' })
  createHeader(@PathOwner() owner: OwnerRef, @Body() body: HeaderDto): Promise<StoreHeader> {
    return this.headersCmd.create(owner.ownerId, body);
  }

  @Patch(':owner/:scope/store/headers/:id')
  @ApiAnswer(StoreHeaderSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'Update a header' })
  updateHeader(@PathOwner() owner: OwnerRef, @Param('id') id: string, @Body() body: HeaderDto): Promise<StoreHeader> {
    return this.headersCmd.update(owner.ownerId, id, body);
  }

  @Delete(':owner/:scope/store/headers/:id')
  @HttpCode(204)
  @ApiAnswer(null, { status: 204, errors: [404] })
  @ApiOperation({ summary: 'Delete a header' })
  async deleteHeader(@PathOwner() owner: OwnerRef, @Param('id') id: string): Promise<void> {
    await this.headersCmd.delete(owner.ownerId, id);
  }
}
