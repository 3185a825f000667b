import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { eq, sql } from 'drizzle-orm';
import {
  ShopSchema,
  isReservedShopSlug,
  SlugAvailabilitySchema,
  StoreBannerListSchema,
  StoreHeaderListSchema,
  StoreLimits,
  type Shop,
  type SlugAvailability,
  type StoreBannerList,
  type StoreHeaderList,
} from '@vitrina/contracts';
import { ApiAnswer, Authenticated, CurrentUser, DB, type AuthUser, type Db } from '@vitrina/platform';
import { shops } from '../../db/schema.js';
import { CreateShopHandler } from '../commands/create-shop.handler.js';
import { LoadShopQuery } from '../queries/load-shop.query.js';
import { CreateShopDto } from './create-shop.dto.js';
import { LoadShopQueryDto, PageQueryDto, SlugQueryDto } from './shop.dto.js';

/** Public shop reads for the storefront, `/store/shops/...`, and the opening of a shop. */
@ApiTags('store: shops')
@Controller('store/shops')
export class ShopsController {
  constructor(
    private readonly load: LoadShopQuery,
    private readonly createShop: CreateShopHandler,
    @Inject(DB) private readonly db: Db,
  ) {}

  @Post()
  @HttpCode(201)
  // 401 for the anonymous: @Authenticated declares it.
  @Authenticated()
  @ApiAnswer(ShopSchema, { status: 201, errors: [400, 409] })
  @ApiOperation({
    summary:
      'Open the caller’s shop (issue 16): name, slug, store type; answers the owner’s admin view. 400 store_type_not_allowed (franchise for a non-supplier); 409 slug_taken, slug_reserved, shop_already_owned',
  })
  async create(@Body() body: CreateShopDto, @CurrentUser() user: AuthUser): Promise<Shop> {
    const shop = await this.createShop.execute(user.id, {
      name: body.name,
      slug: body.slug,
      storeType: body.store_type,
      isSupplier: user.keychain.includes('dssupplier-admin'),
      referral: body.referral ?? null,
      photo: body.photo ?? null,
    });
    return this.load.ownerView(shop, user);
  }

  @Get('by-slug/:slug')
  @ApiAnswer(ShopSchema, { errors: [400, 404] })
  @ApiOperation({ summary: "Load a shop by its slug (spec 1 §7, 'Load shop'); 404 shop_not_found" })
  bySlug(@Param('slug') slug: string, @Query() q: LoadShopQueryDto, @CurrentUser() viewer?: AuthUser): Promise<Shop> {
    return this.load.bySlug(slug, viewer, q);
  }

  @Get('by-host/:host')
  @ApiAnswer(ShopSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'Load a shop served on its own (sub)domain, by host; 404 shop_not_found' })
  byHost(@Param('host') host: string, @Query() q: LoadShopQueryDto, @CurrentUser() viewer?: AuthUser): Promise<Shop> {
    return this.load.byHost(host, viewer, q);
  }

  @Get('slug-availability')
  @ApiAnswer(SlugAvailabilitySchema, { errors: [400] })
  @ApiOperation({
    summary: "Whether a slug is free (spec 1 §8: 'Este dominio no está disponible' when not); reason taken or reserved",
  })
  async slugAvailability(@Query() q: SlugQueryDto): Promise<SlugAvailability> {
    if (isReservedShopSlug(q.slug)) return { slug: q.slug, available: false, reason: 'reserved' };
    const rows = await this.db
      .select({ id: shops.id })
      .from(shops)
      .where(eq(sql`lower(${shops.slug})`, q.slug.toLowerCase()))
      .limit(1);
    return rows.length === 0 ? { slug: q.slug, available: true, reason: null } : { slug: q.slug, available: false, reason: 'taken' };
  }

  @Get(':shop')
  @ApiAnswer(ShopSchema, { errors: [404] })
  @ApiOperation({ summary: 'A shop by id or slug' })
  byRef(@Param('shop') shop: string, @CurrentUser() viewer?: AuthUser): Promise<Shop> {
    return this.load.byRef(shop, viewer);
  }

  @Get(':shop/banners')
  @ApiAnswer(StoreBannerListSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'The banners the viewer may see (target all/anon/ul0/ul1/ul2), offset 0 limit 10' })
  banners(@Param('shop') shop: string, @Query() q: PageQueryDto, @CurrentUser() viewer?: AuthUser): Promise<StoreBannerList> {
    return this.load.banners(shop, viewer, { offset: q.offset ?? 0, limit: q.limit ?? StoreLimits.bannersPageSize });
  }

  @Get(':shop/headers')
  @ApiAnswer(StoreHeaderListSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'The headers the viewer may see, offset 0 limit 10' })
  headers(@Param('shop') shop: string, @Query() q: PageQueryDto, @CurrentUser() viewer?: AuthUser): Promise<StoreHeaderList> {
    return this.load.headers(shop, viewer, { offset: q.offset ?? 0, limit: q.limit ?? StoreLimits.headersPageSize });
  }
}
