import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { CatalogueItemListSchema, CatalogueItemSchema, type CatalogueItem, type CatalogueItemList } from '@vitrina/contracts';
import { ApiAnswer, ApiRefusals, CurrentUser, type AuthUser, Optional } from '@vitrina/platform';
import { CsvQuery } from '../../shared/dto.js';
import { ItemQueries } from '../queries/item.queries.js';

class ItemDetailQueryDto {
  @ApiPropertyOptional({ description: 'The shop the page belongs to: its owner also sees unpublished items it has in store' })
  @Optional()
  @IsString()
  @MaxLength(64)
  shop?: string;
}

class ItemsByIdQueryDto {
  @ApiPropertyOptional({ description: 'Comma-joined item ids (at most 100)' })
  @CsvQuery(100)
  ids?: string[];
}

/** Item pages (spec 1 §2: /productos/{owner}/{id} and the other detail routes). */
@ApiTags('catalogue: items')
// Every route validates its path, query and body: 400 with `fields`.
@ApiRefusals(400)
@Controller('catalogue/items')
export class ItemsPublicController {
  constructor(private readonly queries: ItemQueries) {}

  @Get()
  @ApiOperation({ summary: 'Published items by id (ids=a,b,c)' })
  @ApiAnswer(CatalogueItemListSchema)
  byIds(@Query() q: ItemsByIdQueryDto): Promise<CatalogueItemList> {
    return this.queries.publishedByIds(q.ids ?? []);
  }

  @Get(':id')
  @ApiOperation({ summary: 'An item by id' })
  @ApiAnswer(CatalogueItemSchema, { errors: [404] })
  byId(@Param('id') id: string, @Query() q: ItemDetailQueryDto, @CurrentUser() viewer?: AuthUser): Promise<CatalogueItem> {
    return this.queries.itemForViewer(undefined, id, viewer, q.shop);
  }

  @Get(':owner/:item')
  @ApiOperation({ summary: 'An item of a supplier by id or slug (/productos/{owner}/{id})' })
  @ApiAnswer(CatalogueItemSchema, { errors: [404] })
  byOwner(
    @Param('owner') owner: string,
    @Param('item') item: string,
    @Query() q: ItemDetailQueryDto,
    @CurrentUser() viewer?: AuthUser,
  ): Promise<CatalogueItem> {
    return this.queries.itemForViewer(owner, item, viewer, q.shop);
  }
}
