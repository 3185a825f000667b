import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString, MaxLength } from 'class-validator';
import {
  CollaboratorAccess,
  FranchiseListSchema,
  InStoreAddedSchema,
  InStoreFlagsSchema,
  StoreLimits,
  type FranchiseList,
  type InStoreAdded,
  type InStoreFlags,
} from '@vitrina/contracts';
import { ApiAnswer, CurrentUser, DB, OwnerPath, PathOwner, type AuthUser, type Db, type OwnerRef, Optional } from '@vitrina/platform';
import { PageQueryDto } from '../../shops/http/shop.dto.js';
import { shopOfOwner } from '../../shops/shop.repository.js';
import { FranchiseQueries } from '../queries/franchise.queries.js';

class PublishedFranchisesQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @Optional() @IsString() @MaxLength(100) text?: string;
  @ApiPropertyOptional({ description: 'Same as text' }) @Optional() @IsString() @MaxLength(100) name?: string;

  @ApiPropertyOptional({ enum: ['published'], description: 'Only published franchises are listed' })
  @Optional()
  @IsIn(['published'])
  state?: string;

  @ApiPropertyOptional({ description: 'Comma-joined: affinity,franchise (both by default)' })
  @Optional()
  @Transform(({ value }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : value,
  )
  @IsArray()
  @ArrayMaxSize(2)
  @IsString({ each: true })
  type?: string[];
}

/** A shop's franchise lists (public by slug, the owner's admin list): offset, limit 30, optional name text. */
class ShopFranchisesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of the franchise name (accents and case ignored)' })
  @Optional()
  @IsString()
  @MaxLength(100)
  text?: string;
}

class FranchiseIdsDto {
  @ApiProperty({ type: [String], minItems: 1, maxItems: 100 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  franchises!: string[];
}

/** Public franchise reads (spec 1 §7 'Published franchises', 'Public franchises of a catalogue'). */
@ApiTags('store: franchises')
@Controller('store')
export class FranchisesPublicController {
  constructor(private readonly franchises: FranchiseQueries) {}

  @Get('published/franchises')
  @ApiAnswer(FranchiseListSchema, { errors: [400] })
  @ApiOperation({ summary: 'Published franchise/affinity shops by name (limit 10); in_store for the signed-in owner' })
  published(@Query() q: PublishedFranchisesQueryDto, @CurrentUser() viewer?: AuthUser): Promise<FranchiseList> {
    return this.franchises.published({ text: q.text ?? q.name, types: q.type, offset: q.offset, limit: q.limit, ownerId: viewer?.id });
  }

  /**
   * spec 1 §6 'Admin sees the admin franchise list; others see the public list': the public list of
   * /franquicias, the published franchises the shop shows (store.shop_franchises).
   */
  @Get('shops/by-slug/:slug/franchises')
  @ApiAnswer(FranchiseListSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'The published franchises a shop shows, by the shop’s slug (offset, limit 30, text); 404 shop_not_found' })
  async ofShopBySlug(@Param('slug') slug: string, @Query() q: ShopFranchisesQueryDto): Promise<FranchiseList> {
    const shop = await this.franchises.shopBySlug(slug);
    return this.franchises.ofShop(shop.id, { offset: q.offset, limit: q.limit ?? StoreLimits.franchisesPageSize, text: q.text }, true);
  }

  @Get('public/referral/:ref/catalogues/:catalogue/franchises')
  @ApiAnswer(FranchiseListSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'Franchises shown by the referral’s store, for its catalogue pages (offset 0, limit 30)' })
  async ofCatalogue(@Param('ref') ref: string, @Query() q: PageQueryDto): Promise<FranchiseList> {
    const shop = await this.franchises.referralShop(ref);
    return this.franchises.ofShop(shop.id, { offset: q.offset, limit: q.limit ?? StoreLimits.franchisesPageSize }, true);
  }
}

/** Franchises in the owner's store (issue 5): `/store/{owner}:{owner}/{type}/store/franchises...`. */
@ApiTags('store: franchises')
@Controller('store')
@OwnerPath('owner', { collaborators: CollaboratorAccess.storefront })
export class FranchisesAdminController {
  constructor(
    private readonly franchises: FranchiseQueries,
    @Inject(DB) private readonly db: Db,
  ) {}

  @Get(':owner/:scope/store/franchises')
  @ApiAnswer(FranchiseListSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'Franchises in the owner’s store (offset, limit 30, text)' })
  async list(@PathOwner() owner: OwnerRef, @Query() q: ShopFranchisesQueryDto): Promise<FranchiseList> {
    const shop = await shopOfOwner(this.db, owner.ownerId);
    return this.franchises.ofShop(shop.id, { offset: q.offset, limit: q.limit ?? StoreLimits.franchisesPageSize, text: q.text }, false);
  }

  @Post(':owner/:scope/store/franchises/instore')
  @HttpCode(200)
  @ApiAnswer(InStoreFlagsSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'franchises (ids) -> in store flag' })
  async inStore(@PathOwner() owner: OwnerRef, @Body() body: FranchiseIdsDto): Promise<InStoreFlags> {
    return { results: await this.franchises.inStore(owner.ownerId, body.franchises) };
  }

  @Put(':owner/:scope/store/franchises/:id')
  @ApiAnswer(InStoreAddedSchema, { errors: [404] })
  @ApiOperation({ summary: 'Add a franchise to the store' })
  async add(@PathOwner() owner: OwnerRef, @Param('id') id: string): Promise<InStoreAdded> {
    await this.franchises.add(owner.ownerId, id);
    return { id, in_store: true };
  }

  @Delete(':owner/:scope/store/franchises/:id')
  @HttpCode(204)
  @ApiAnswer(null, { status: 204, errors: [404] })
  @ApiOperation({ summary: 'Remove a franchise from the store' })
  async remove(@PathOwner() owner: OwnerRef, @Param('id') id: string): Promise<void> {
    await this.franchises.remove(owner.ownerId, id);
  }
}
