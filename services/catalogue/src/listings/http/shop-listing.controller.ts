import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CatalogueItemListSchema, CatalogueItemSuggestionListSchema, type CatalogueItemSuggestionList } from '@vitrina/contracts';
import { ApiAnswer, ApiRefusals, CurrentUser, openApiSchemaOf, type AuthUser } from '@vitrina/platform';
import { ShopListingQuery } from '../queries/shop-listing.query.js';
import { ShopItemsQueryDto, SuggestionsQueryDto } from './shop-listing.dto.js';

/**
 * A shop's listings, search and type-ahead: `/catalogue/shops/{shop}/...` where `{shop}` is the shop's id or slug.
 * Public; the shop owner (signed in) also sees unpublished and hidden items.
 */
@ApiTags('catalogue: shop listings')
// Every route validates its path, query and body: 400 with `fields`.
@ApiRefusals(400)
@Controller('catalogue/shops')
export class ShopListingController {
  constructor(private readonly listing: ShopListingQuery) {}

  /**
   * Answers the serialised page (`{ results, matches_estimated }`), often straight from the listing cache. The
   * answer is a string, which the kernel's answer check cannot read, so the schema is declared with ApiOkResponse
   * (same OpenAPI as ApiAnswer) and the listing tests check bodies against it.
   */
  @Get(':shop/items')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOkResponse({
    description: 'A page of the listing; public pages may come from the listing cache (same body)',
    content: { 'application/json': { schema: openApiSchemaOf(CatalogueItemListSchema) } },
  })
  @ApiRefusals(404)
  @ApiOperation({
    summary:
      'Listing and search of a shop: type, text, tags, supplier, category, like (similar items), filter (spec syntax); ' +
      'sort queue_position | -list_price | list_price',
    description:
      '400 `invalid_filter` when `filter` has an unknown key or an invalid value; 400 `validation_failed` for other bad parameters.',
  })
  items(@Param('shop') shop: string, @Query() q: ShopItemsQueryDto, @CurrentUser() viewer?: AuthUser): Promise<string> {
    return this.listing.searchJson({
      shop,
      viewer,
      type: q.type,
      text: q.text,
      tags: q.tags,
      supplier: q.supplier ?? q.dssupplier,
      category: q.category,
      sort: q.sort,
      offset: q.offset,
      limit: q.limit,
      page: q.page,
      like: q.like,
      filter: q.filter,
    });
  }

  @Get(':shop/suggestions')
  @ApiOperation({ summary: 'Type-ahead of a shop’s items (5 by default); empty text answers no results' })
  @ApiAnswer(CatalogueItemSuggestionListSchema, { errors: [404] })
  suggestions(
    @Param('shop') shop: string,
    @Query() q: SuggestionsQueryDto,
    @CurrentUser() viewer?: AuthUser,
  ): Promise<CatalogueItemSuggestionList> {
    return this.listing.suggestions({ shop, viewer, text: q.text, type: q.type, limit: q.n_suggestions });
  }
}
