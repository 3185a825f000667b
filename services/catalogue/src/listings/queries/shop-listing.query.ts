import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  CatalogueLimits,
  LISTING_PAGE_SIZE,
  type CatalogueItemList,
  type CatalogueItemSuggestionList,
  type ItemType,
} from '@vitrina/contracts';
import { DB, listResponse, parseSort, type AuthUser, type Db } from '@vitrina/platform';
import { items, shopItems, suppliers } from '../../db/schema.js';
import { toItemJson } from '../../items/item.mapper.js';
import { ITEM_COLUMNS, type ItemRow } from '../../items/item.repository.js';
import { normaliseText, prefixTsQuery } from '../../shared/normalise.js';
import { isOwner } from '../../shared/viewer.js';
import { LISTING_CACHE, type ListingCache } from '../listing-cache.js';
import { prepareShopLookup, type ShopRow } from '../shop.repository.js';

export interface ShopListingFilter {
  shop: string;
  viewer?: AuthUser;
  type?: ItemType;
  text?: string;
  tags?: string[];
  supplier?: string;
  category?: string;
  sort?: string;
  offset?: number;
  limit?: number;
  /** 1-based page (spec 1 §2 'Listings'); used when offset is absent. Pages below 1 count as 1. */
  page?: number;
}

const SORTS = ['queue_position', 'list_price'] as const;
/** Below this many characters a text that full-text search cannot match is not worth a trigram pass. */
const TRIGRAM_MIN_LENGTH = 3;

/**
 * Listings and search of one shop (spec 1 §2 'Listings', 'Search'; §7 'Item search for a shop'), answered
 * from the catalogue's own projection of the shop's items (`shop_items`, fed by `store.items` events).
 * Public viewers get published, not hidden items; the shop owner also gets the others (the web dims them).
 * Text: every word must prefix a word of the name, tags or description (full text, GIN index); a name
 * match ranks above a tag match above a description match. When that finds nothing, a trigram pass on
 * the name forgives a typo. "Most relevant" (`queue_position`) orders by rank when there is text.
 */
@Injectable()
export class ShopListingQuery {
  private readonly resolveShop: (ref: string) => Promise<ShopRow>;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(LISTING_CACHE) private readonly cache: ListingCache,
  ) {
    this.resolveShop = prepareShopLookup(db);
  }

  /**
   * A listing or search page as the JSON body the API answers (`{ results, matches_estimated }`). Pages the
   * public sees come from the listing cache while the shop's `listing_version` is the one they were built at:
   * the shop row is read first, so a page built after it reflects at least that version. The owner's own view (with unpublished items) is never cached.
   */
  async searchJson(f: ShopListingFilter): Promise<string> {
    const shop = await this.resolveShop(f.shop);
    const key = !this.cache.enabled || isOwner(f.viewer, shop.ownerId) ? undefined : cacheKey(shop.id, f);
    if (key) {
      const hit = this.cache.get(key, shop.listingVersion);
      if (hit !== undefined) return hit;
    }
    const body = JSON.stringify(await this.searchIn(shop, f));
    if (key) this.cache.set(key, shop.listingVersion, body);
    return body;
  }

  private async searchIn(shop: ShopRow, f: ShopListingFilter): Promise<CatalogueItemList> {
    const sort = parseSort(f.sort, SORTS, { field: 'queue_position', desc: false });
    const limit = f.limit ?? (f.type ? LISTING_PAGE_SIZE[f.type] : CatalogueLimits.productsPageSize);
    const offset = f.offset ?? (f.page !== undefined ? (Math.max(1, f.page) - 1) * limit : 0);

    const base: SQL[] = [eq(shopItems.shopId, shop.id), eq(shopItems.itemKnown, true)];
    if (!isOwner(f.viewer, shop.ownerId)) base.push(eq(shopItems.listed, true));
    if (f.type) base.push(eq(shopItems.itemType, f.type));
    if (f.supplier) base.push(eq(shopItems.supplierId, f.supplier));
    const itemConds: SQL[] = [];
    if (f.category) itemConds.push(sql`${items.categoryIds} @> array[${f.category}]::text[]`);
    const tags = (f.tags ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean);
    if (tags.length > 0)
      itemConds.push(
        sql`${items.tags} && array[${sql.join(
          tags.map((t) => sql`${t}`),
          sql`, `,
        )}]::text[]`,
      );

    const tsq = prefixTsQuery(f.text);
    if (!tsq) return this.page([...base, ...itemConds], itemConds.length > 0, this.order(sort), offset, limit);

    const query = sql`to_tsquery('simple', ${tsq})`;
    const fullText = [...base, ...itemConds, sql`${items.searchVector} @@ ${query}`];
    const rank = sql`ts_rank(${items.searchVector}, ${query})`;
    const byRank = sort.field === 'queue_position' && !sort.desc ? [desc(rank), ...this.order(sort)] : this.order(sort);
    const found = await this.page(fullText, true, byRank, offset, limit);
    const text = normaliseText(f.text ?? '');
    if (found.matches_estimated > 0 || text.length < TRIGRAM_MIN_LENGTH) return found;

    // Nothing matched word prefixes: forgive a typo ("cafee") with trigram word similarity on the name.
    const similar = [...base, ...itemConds, sql`${text} <% ${items.searchName}`];
    const similarity = sql`word_similarity(${text}, ${items.searchName})`;
    const bySimilarity = sort.field === 'queue_position' && !sort.desc ? [desc(similarity), ...this.order(sort)] : this.order(sort);
    return this.page(similar, true, bySimilarity, offset, limit);
  }

  /** Type-ahead (spec 1 §2 'Search'): only for non-empty text, lower-cased; 5 by default. */
  async suggestions(f: {
    shop: string;
    viewer?: AuthUser;
    text?: string;
    type?: ItemType;
    limit?: number;
  }): Promise<CatalogueItemSuggestionList> {
    const text = (f.text ?? '').trim().toLowerCase();
    const tsq = prefixTsQuery(text);
    if (!tsq) return listResponse([], 0);
    const shop = await this.resolveShop(f.shop);
    const conds: SQL[] = [eq(shopItems.shopId, shop.id), eq(shopItems.itemKnown, true), eq(shopItems.listed, true)];
    if (f.type) conds.push(eq(shopItems.itemType, f.type));
    const query = sql`to_tsquery('simple', ${tsq})`;
    conds.push(sql`${items.searchVector} @@ ${query}`);
    const rows = await this.db
      .select({ id: items.id, owner: items.ownerId, name: items.name, slug: items.slug, type: items.type, photos: items.photos })
      .from(shopItems)
      .innerJoin(items, eq(items.id, shopItems.itemId))
      .where(and(...conds))
      .orderBy(desc(sql`ts_rank(${items.searchVector}, ${query})`), asc(shopItems.queuePosition), asc(shopItems.itemId))
      .limit(f.limit ?? CatalogueLimits.suggestions);
    const results = rows.map((r) => ({
      id: r.id,
      owner: r.owner,
      name: r.name,
      slug: r.slug,
      type: r.type as ItemType,
      photo: r.photos[0] ?? null,
    }));
    return listResponse(results, results.length);
  }

  private order(sort: { field: (typeof SORTS)[number]; desc: boolean }): SQL[] {
    const column = sort.field === 'list_price' ? shopItems.listPriceMinor : shopItems.queuePosition;
    return [sort.desc ? desc(column) : asc(column), asc(shopItems.itemId)];
  }

  private async page(conds: SQL[], needsItems: boolean, orderBy: SQL[], offset: number, limit: number): Promise<CatalogueItemList> {
    const where = and(...conds);
    const rows = await this.db
      .select(ITEM_COLUMNS)
      .from(shopItems)
      .innerJoin(items, eq(items.id, shopItems.itemId))
      .leftJoin(suppliers, eq(suppliers.id, items.ownerId))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset)
      .limit(limit);
    // The count reads only the projection's index unless a filter needs the item itself.
    const counted = needsItems
      ? await this.db.select({ n: count() }).from(shopItems).innerJoin(items, eq(items.id, shopItems.itemId)).where(where)
      : await this.db.select({ n: count() }).from(shopItems).where(where);
    const now = new Date();
    return listResponse(
      (rows as ItemRow[]).map((r) => toItemJson(r, now)),
      Number(counted[0]?.n ?? 0),
    );
  }
}

/** Everything of the filter a public page depends on, besides the shop (the viewer only matters for its owner). */
function cacheKey(shopId: string, f: ShopListingFilter): string {
  return JSON.stringify([
    shopId,
    f.type ?? '',
    f.text ?? '',
    f.tags ?? [],
    f.supplier ?? '',
    f.category ?? '',
    f.sort ?? '',
    f.offset ?? null,
    f.limit ?? null,
    f.page ?? null,
  ]);
}
