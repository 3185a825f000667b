import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString, MaxLength } from 'class-validator';
import {
  CollaboratorAccess,
  ITEM_TYPES,
  InStoreAddedSchema,
  InStoreFlagsSchema,
  StoreItemListSchema,
  type InStoreAdded,
  type InStoreFlags,
  type ItemType,
  type StoreItemList,
} from '@vitrina/contracts';
import { ApiAnswer, DB, OwnerPath, PathOwner, type Db, type OwnerRef, Optional } from '@vitrina/platform';
import { LoadShopQuery } from '../../shops/queries/load-shop.query.js';
import { PageQueryDto } from '../../shops/http/shop.dto.js';
import { shopOfOwner } from '../../shops/shop.repository.js';
import { StoreItemsHandlers } from '../commands/store-items.handlers.js';

export class ItemIdsDto {
  @ApiProperty({ type: [String], minItems: 1, maxItems: 100 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  ids!: string[];
}

class StoreItemsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ITEM_TYPES })
  @Optional()
  @IsIn(ITEM_TYPES)
  type?: ItemType;
}

/** Items in the owner's store: `/store/{owner}:{owner}/{type}/store/items...` (403 for anyone else). */
@ApiTags('store: items in store')
@Controller('store')
@OwnerPath('owner', { collaborators: CollaboratorAccess.storefront })
export class StoreItemsAdminController {
  constructor(
    private readonly items: StoreItemsHandlers,
    @Inject(DB) private readonly db: Db,
  ) {}

  @Get(':owner/:scope/store/items')
  @ApiAnswer(StoreItemListSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'Ids of the items in the owner’s store (details come from the catalogue listing)' })
  async list(@PathOwner() owner: OwnerRef, @Query() q: StoreItemsQueryDto): Promise<StoreItemList> {
    const shop = await shopOfOwner(this.db, owner.ownerId);
    return this.items.list(shop.id, q);
  }

  @Put(':owner/:scope/store/items/:item')
  @ApiAnswer(InStoreAddedSchema, { errors: [400, 404] })
  @ApiOperation({
    summary: 'Add an item (product, service, experience or digital) to the store; franchise stores: invalid_product for other suppliers',
  })
  async add(@PathOwner() owner: OwnerRef, @Param('item') item: string): Promise<InStoreAdded> {
    await this.items.add(owner.ownerId, [item]);
    return { id: item, in_store: true };
  }

  @Delete(':owner/:scope/store/items/:item')
  @HttpCode(204)
  @ApiAnswer(null, { status: 204, errors: [404] })
  @ApiOperation({ summary: 'Remove an item from the store' })
  async remove(@PathOwner() owner: OwnerRef, @Param('item') item: string): Promise<void> {
    await this.items.remove(owner.ownerId, [item]);
  }

  @Post(':owner/:scope/store/items')
  @HttpCode(200)
  @ApiAnswer(InStoreFlagsSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'Add several items at once (all or none)' })
  async addMany(@PathOwner() owner: OwnerRef, @Body() body: ItemIdsDto): Promise<InStoreFlags> {
    const ids = await this.items.add(owner.ownerId, body.ids);
    return { results: Object.fromEntries(ids.map((id) => [id, true])) };
  }

  @Post(':owner/:scope/store/items/instore')
  @HttpCode(200)
  @ApiAnswer(InStoreFlagsSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'Check products in store: ids -> flag' })
  async inStore(@PathOwner() owner: OwnerRef, @Body() body: ItemIdsDto): Promise<InStoreFlags> {
    const shop = await shopOfOwner(this.db, owner.ownerId);
    return { results: await this.items.inStore(shop.id, body.ids) };
  }
}

/** `POST /store/shops/{shop}/items/instore`: the same check for any viewer of a shop. */
@ApiTags('store: items in store')
@Controller('store/shops')
export class StoreItemsPublicController {
  constructor(
    private readonly items: StoreItemsHandlers,
    private readonly shops: LoadShopQuery,
  ) {}

  @Post(':shop/items/instore')
  @HttpCode(200)
  @ApiAnswer(InStoreFlagsSchema, { errors: [400, 404] })
  @ApiOperation({ summary: 'Check products in a shop: ids -> flag' })
  async inStore(@Param('shop') shopRef: string, @Body() body: ItemIdsDto): Promise<InStoreFlags> {
    const shop = await this.shops.resolve(shopRef);
    return { results: await this.items.inStore(shop.id, body.ids) };
  }
}
