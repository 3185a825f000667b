import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
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
import { parseListingFilter } from './listing-filter.js';

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
  /**
   * An item id of this shop (spec 1 §7 'Shop listing' `like`): items of the same type sharing a tag or a category
   * with it, never itself, most shared tags (then categories) first. An id the shop does not show answers no items.
   */
  like?: string;
  /** The spec's filter syntax (listing-filter.ts); explicit parameters win over its tokens, its words join `text`. */
  filter?: string;
}

/** One statement of a page: its conditions, whether they read `items`, and its order. */
interface PageSpec {
  conds: SQL[];
  needsItems: boolean;
  orderBy: SQL[];
  offset: number;
  limit: number;
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
  async searchJson(request: ShopListingFilter): Promise<string> {
    const f = resolveFilter(request); // a bad filter answers 400 before the shop is looked up
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

  /** `EXPLAIN` of the page statement a request runs first (tests and operators: which indexes a listing uses). */
  async explain(request: ShopListingFilter, options: { analyze?: boolean } = {}): Promise<string> {
    const f = resolveFilter(request);
    const shop = await this.resolveShop(f.shop);
    const statement = this.rowsStatement(this.plan(shop, f).first);
    const { rows } = (await this.db.execute(sql`explain ${options.analyze ? sql.raw('(analyze, costs off) ') : sql``}${statement}`)) as {
      rows: Array<{ 'QUERY PLAN': string }>;
    };
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  private async searchIn(shop: ShopRow, f: ShopListingFilter): Promise<CatalogueItemList> {
    const { first, fallback } = this.plan(shop, f);
    const found = await this.page(first);
    return fallback && found.matches_estimated === 0 ? this.page(fallback) : found;
  }

  /** The page statement of a filter, and the typo-forgiving one run when the text matched nothing. */
  private plan(shop: ShopRow, f: ShopListingFilter): { first: PageSpec; fallback?: PageSpec } {
    const sort = parseSort(f.sort, SORTS, { field: 'queue_position', desc: false });
    const limit = f.limit ?? (f.type ? LISTING_PAGE_SIZE[f.type] : CatalogueLimits.productsPageSize);
    const offset = f.offset ?? (f.page !== undefined ? (Math.max(1, f.page) - 1) * limit : 0);

    const ownerView = isOwner(f.viewer, shop.ownerId);
    const base: SQL[] = [eq(shopItems.shopId, shop.id), eq(shopItems.itemKnown, true)];
    if (!ownerView) base.push(eq(shopItems.listed, true));
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
    // "Most relevant" (the default sort) puts the closest items first; an explicit sort keeps only the filter.
    const relevant = sort.field === 'queue_position' && !sort.desc;
    let order = this.order(sort);
    if (f.like) {
      const like = likeItem(shop.id, f.like, !ownerView);
      itemConds.push(like.cond);
      if (relevant) order = [...like.relevance.map((r) => desc(r)), ...order];
    }

    const tsq = prefixTsQuery(f.text);
    if (!tsq) return { first: { conds: [...base, ...itemConds], needsItems: itemConds.length > 0, orderBy: order, offset, limit } };

    const query = sql`to_tsquery('simple', ${tsq})`;
    const fullText = [...base, ...itemConds, sql`${items.searchVector} @@ ${query}`];
    const rank = sql`ts_rank(${items.searchVector}, ${query})`;
    const first = { conds: fullText, needsItems: true, orderBy: relevant ? [desc(rank), ...order] : order, offset, limit };
    const text = normaliseText(f.text ?? '');
    if (text.length < TRIGRAM_MIN_LENGTH) return { first };

    // Nothing matched word prefixes: forgive a typo ("cafee") with trigram word similarity on the name.
    const similar = [...base, ...itemConds, sql`${text} <% ${items.searchName}`];
    const similarity = sql`word_similarity(${text}, ${items.searchName})`;
    return {
      first,
      fallback: { conds: similar, needsItems: true, orderBy: relevant ? [desc(similarity), ...order] : order, offset, limit },
    };
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

  private rowsStatement({ conds, orderBy, offset, limit }: PageSpec) {
    return this.db
      .select(ITEM_COLUMNS)
      .from(shopItems)
      .innerJoin(items, eq(items.id, shopItems.itemId))
      .leftJoin(suppliers, eq(suppliers.id, items.ownerId))
      .where(and(...conds))
      .orderBy(...orderBy)
      .offset(offset)
      .limit(limit);
  }

  private async page(spec: PageSpec): Promise<CatalogueItemList> {
    const { conds, needsItems } = spec;
    const where = and(...conds);
    const rows = await this.rowsStatement(spec);
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

/**
 * The request with its `filter` merged in (spec 1 §5 'Search filter syntax'): the filter's words join `text`
 * (every word must match), and each `key:value` token fills its parameter unless the parameter itself was sent.
 */
export function resolveFilter(f: ShopListingFilter): ShopListingFilter {
  if (!f.filter) return { ...f, filter: undefined };
  const tokens = parseListingFilter(f.filter);
  const text = [f.text, ...tokens.words].filter(Boolean).join(' ');
  return {
    ...f,
    filter: undefined,
    type: f.type ?? tokens.type,
    text: text || f.text,
    tags: f.tags && f.tags.length > 0 ? f.tags : tokens.tags.length > 0 ? tokens.tags : f.tags,
    supplier: f.supplier ?? tokens.supplier,
    category: f.category ?? tokens.category,
  };
}

/**
 * The `like` condition and relevance: items of the shop of the reference item's type that share a tag or a
 * category with it, not the item itself. The reference is read by scalar subqueries of the same statement
 * (one primary-key probe each); when the shop does not show it (unknown id, another shop's item, or unlisted for
 * the public) they are null and nothing matches. The candidates come from the GIN indexes on tags and categories
 * or from the shop's (shop, type, listed) index range, whichever the planner prefers; never a scan of all items.
 */
function likeItem(shopId: string, itemId: string, listedOnly: boolean): { cond: SQL; relevance: SQL[] } {
  const ref = (column: 'item_type' | 'tags' | 'category_ids') =>
    sql`(select ${sql.raw(column === 'item_type' ? 'rs.item_type' : `ri.${column}`)}
           from ${shopItems} rs join ${items} ri on ri.id = rs.item_id
          where rs.shop_id = ${shopId} and rs.item_id = ${itemId} and rs.item_known${listedOnly ? sql` and rs.listed` : sql``}
            and ri.deleted_at is null)`;
  const tags = ref('tags');
  const categories = ref('category_ids');
  const shared = (column: typeof items.tags | typeof items.categoryIds, of: SQL) =>
    sql`cardinality(array(select unnest(${column}) intersect select unnest(${of})))`;
  return {
    cond: and(
      sql`${shopItems.itemType} = ${ref('item_type')}`,
      ne(shopItems.itemId, itemId),
      or(sql`${items.tags} && ${tags}`, sql`${items.categoryIds} && ${categories}`),
    )!,
    relevance: [shared(items.tags, tags), shared(items.categoryIds, categories)],
  };
}

/**
 * Everything of the filter a public page depends on, besides the shop (the viewer only matters for its owner).
 * Taken after `filter` is merged in (resolveFilter), so a filter and the parameters it spells share a page, and two
 * filters that ask for different items never do; `like` is part of it.
 */
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
    f.like ?? '',
  ]);
}
