import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CatalogueItemListSchema, CatalogueItemSchema, type CatalogueItem, type CatalogueItemList } from '@vitrina/contracts';
import { ApiAnswer, ApiRefusals, CurrentUser, OwnerPath, PathOwner, type AuthUser, type OwnerRef } from '@vitrina/platform';
import { ChangeItemStateHandler } from '../commands/change-item-state/change-item-state.handler.js';
import { CreateItemHandler } from '../commands/create-item/create-item.handler.js';
import { DeleteItemHandler } from '../commands/delete-item/delete-item.handler.js';
import { SetItemStockHandler } from '../commands/set-item-stock/set-item-stock.handler.js';
import { UpdateItemHandler } from '../commands/update-item/update-item.handler.js';
import { ItemQueries } from '../queries/item.queries.js';
import { CreateItemDto, OwnerItemsQueryDto, StockDto, UpdateItemDto } from './item.dto.js';
import { SupplierOnlyGuard } from './supplier-only.guard.js';

/**
 * A supplier's own items: `/catalogue/{owner}:{owner}/{type}/items...`. `{type}` is the account-type
 * segment of the spec's owner paths (e.g. `affiliate`); it is not interpreted. Only the owner (403 otherwise);
 * every write also needs the supplier role, the `dssupplier-admin` keychain (spec 1 §6; 403 `forbidden` otherwise).
 */
@ApiTags('catalogue: supplier items')
// Every route validates its path, query and body: 400 with `fields`.
@ApiRefusals(400)
@Controller('catalogue')
@OwnerPath('owner')
export class ItemsAdminController {
  constructor(
    private readonly queries: ItemQueries,
    private readonly createItem: CreateItemHandler,
    private readonly updateItem: UpdateItemHandler,
    private readonly deleteItem: DeleteItemHandler,
    private readonly changeState: ChangeItemStateHandler,
    private readonly setStock: SetItemStockHandler,
  ) {}

  @Get(':owner/:scope/items')
  @ApiOperation({ summary: "The supplier's items in every state" })
  @ApiAnswer(CatalogueItemListSchema)
  list(@PathOwner() owner: OwnerRef, @Query() q: OwnerItemsQueryDto): Promise<CatalogueItemList> {
    return this.queries.ownerItems({
      ownerId: owner.ownerId,
      type: q.type,
      listState: q.list_state,
      text: q.text,
      offset: q.offset,
      limit: q.limit,
      sort: q.sort,
    });
  }

  @Post(':owner/:scope/items')
  @UseGuards(SupplierOnlyGuard)
  @ApiOperation({ summary: 'Create an item (unpublished unless list_state says published)' })
  @ApiAnswer(CatalogueItemSchema, { status: 201, errors: [409] })
  create(@PathOwner() owner: OwnerRef, @Body() body: CreateItemDto): Promise<CatalogueItem> {
    return this.createItem.execute({ ownerId: owner.ownerId, input: body });
  }

  @Get(':owner/:scope/items/:item')
  @ApiOperation({ summary: 'One of the supplier’s items, by id or slug' })
  @ApiAnswer(CatalogueItemSchema, { errors: [404] })
  get(@PathOwner() owner: OwnerRef, @Param('item') item: string, @CurrentUser() user?: AuthUser): Promise<CatalogueItem> {
    return this.queries.itemForViewer(owner.ownerId, item, user);
  }

  @Patch(':owner/:scope/items/:item')
  @UseGuards(SupplierOnlyGuard)
  @ApiOperation({ summary: 'Edit an item (only the fields sent change)' })
  @ApiAnswer(CatalogueItemSchema, { errors: [404, 409] })
  update(@PathOwner() owner: OwnerRef, @Param('item') item: string, @Body() body: UpdateItemDto): Promise<CatalogueItem> {
    return this.updateItem.execute({ ownerId: owner.ownerId, itemRef: item, input: body });
  }

  @Delete(':owner/:scope/items/:item')
  @UseGuards(SupplierOnlyGuard)
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an item: it leaves every shop and catalogue' })
  @ApiAnswer(null, { status: 204, errors: [404] })
  async remove(@PathOwner() owner: OwnerRef, @Param('item') item: string): Promise<void> {
    await this.deleteItem.execute({ ownerId: owner.ownerId, itemRef: item });
  }

  @Post(':owner/:scope/items/:item/publish')
  @UseGuards(SupplierOnlyGuard)
  @HttpCode(200)
  @ApiOperation({ summary: 'Publish an item' })
  @ApiAnswer(CatalogueItemSchema, { errors: [404] })
  publish(@PathOwner() owner: OwnerRef, @Param('item') item: string): Promise<CatalogueItem> {
    return this.changeState.execute({ ownerId: owner.ownerId, itemRef: item, listState: 'published' });
  }

  @Post(':owner/:scope/items/:item/unpublish')
  @UseGuards(SupplierOnlyGuard)
  @HttpCode(200)
  @ApiOperation({ summary: 'Unpublish an item: it leaves public listings at once' })
  @ApiAnswer(CatalogueItemSchema, { errors: [404] })
  unpublish(@PathOwner() owner: OwnerRef, @Param('item') item: string): Promise<CatalogueItem> {
    return this.changeState.execute({ ownerId: owner.ownerId, itemRef: item, listState: 'unpublished' });
  }

  @Put(':owner/:scope/items/:item/stock')
  @UseGuards(SupplierOnlyGuard)
  @ApiOperation({ summary: 'Set stock (available, stock_type, max_purchase_amount, sold_out)' })
  @ApiAnswer(CatalogueItemSchema, { errors: [404, 409] })
  stock(@PathOwner() owner: OwnerRef, @Param('item') item: string, @Body() body: StockDto): Promise<CatalogueItem> {
    return this.setStock.execute({ ownerId: owner.ownerId, itemRef: item, stock: body });
  }
}
