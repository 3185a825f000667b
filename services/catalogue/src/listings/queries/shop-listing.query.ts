import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
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
import { normaliseText, prefixTsQuery, wordlessText } from '../../shared/normalise.js';
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

/** The values of a page statement (its placeholders when prepared). */
interface PageValues {
  shop: string;
  type?: string;
  supplier?: string;
  tsq?: string;
  text: string;
  offset: number;
  limit: number;
}

/** What decides a page statement's SQL text; statements of the same shape differ only in their values. */
interface PageShape {
  ownerView: boolean;
  type: boolean;
  supplier: boolean;
  sort: { field: (typeof SORTS)[number]; desc: boolean };
  /** "Most relevant" (the default sort): closest items first when there is text or `like`. */
  relevant: boolean;
  /** No text; word prefixes only (text too short for a typo pass); or word prefixes, else a typo-forgiving pass. */
  text: 'none' | 'words' | 'words+typo';
  values: PageValues;
}

/** Conditions written with their values (tags, category, like): such statements are not prepared. */
interface FreeConditions {
  itemConds: SQL[];
  relevance: SQL[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a placeholder or the value itself, as drizzle takes either
type ValueOf = (name: keyof PageValues, value: unknown) => any;

/** A row of the page statement: an item (all null on a page past the end) and the count of every match. */
type PageRow = { [K in keyof ItemRow]: ItemRow[K] | null } & { total: number };

const SORTS = ['queue_position', 'list_price'] as const;
/** Below this many characters a text that full-text search cannot match is not worth a trigram pass. */
const TRIGRAM_MIN_LENGTH = 3;

/**
 * Listings and search of one shop (spec 1 §2 'Listings', 'Search'; §7 'Item search for a shop'), answered
 * from the catalogue's own projection of the shop's items (`shop_items`, fed by `store.items` events).
 * Public viewers get published, not hidden items; the shop owner also gets the others (the web dims them).
 * Text: every word must prefix a word of the name, tags or description (full text, on the shop's own copy of the
 * search columns, GIN indexed with the shop); a name match ranks above a tag match above a description match. When
 * that finds nothing, a trigram pass on the name forgives a typo. "Most relevant" (`queue_position`) orders by rank
 * when there is text.
 */
@Injectable()
export class ShopListingQuery {
  private readonly resolveShop: (ref: string) => Promise<ShopRow>;
  /** Page statements prepared so far, by shape (a few dozen at most: shapeKey's combinations). */
  private readonly prepared = new Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>();
  /** The type-ahead statements, without and with a type. */
  private readonly suggest: ReturnType<ShopListingQuery['suggestionStatement']>[];

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(LISTING_CACHE) private readonly cache: ListingCache,
  ) {
    this.resolveShop = prepareShopLookup(db);
    this.suggest = [this.suggestionStatement(false), this.suggestionStatement(true)];
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

  /**
   * `EXPLAIN` of a request's page statement with its values written in (tests and operators: which indexes a listing
   * uses). A prepared shape may run a generic plan after its fifth execution on a connection; this shows the custom one.
   */
  async explain(request: ShopListingFilter, options: { analyze?: boolean } = {}): Promise<string> {
    const f = resolveFilter(request);
    const shop = await this.resolveShop(f.shop);
    const { shape, extra } = pageOf(shop, f);
    const statement = this.pageStatement(shape, (_name, value) => value, extra);
    const { rows } = (await this.db.execute(sql`explain ${options.analyze ? sql.raw('(analyze, costs off) ') : sql``}${statement}`)) as {
      rows: Array<{ 'QUERY PLAN': string }>;
    };
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  /**
   * One statement per page, whatever the filter: the shop's matching rows once (a CTE), their count, and the
   * requested page of them joined to the items (a lateral join, so a page past the end still answers the count).
   * A text matches word prefixes; when no row of the shop matches them, the same statement forgives a typo with
   * trigram similarity on the name (a branch of its own, gated by a `not exists` evaluated once). Shapes
   * without free conditions (tags, category, like) are prepared once per connection: no query building or
   * planning per request.
   */
  private async searchIn(shop: ShopRow, f: ShopListingFilter): Promise<CatalogueItemList> {
    if (wordlessText(f.text)) return listResponse([], 0);
    const { shape, values, extra } = pageOf(shop, f);
    let rows: PageRow[];
    if (extra) {
      rows = await this.pageStatement(shape, (_name, value) => value, extra);
    } else {
      const key = shapeKey(shape);
      let prepared = this.prepared.get(key);
      if (!prepared) {
        prepared = this.pageStatement(shape, (name) => sql.placeholder(name)).prepare(`catalogue_listing_${this.prepared.size + 1}`);
        this.prepared.set(key, prepared);
      }
      rows = (await prepared.execute({ ...values })) as PageRow[];
    }
    const now = new Date();
    const results = rows.filter((r) => r.id !== null).map((r) => toItemJson(r as ItemRow, now));
    return listResponse(results, Number(rows[0]?.total ?? 0));
  }

  /**
   * The page statement of a shape. `v` gives each value: a placeholder (prepared shapes) or the value itself
   * (free conditions, EXPLAIN).
   */
  private pageStatement(shape: PageShape, v: ValueOf, extra?: FreeConditions) {
    const base: SQL[] = [eq(shopItems.shopId, v('shop', shape.values.shop)), eq(shopItems.itemKnown, true)];
    if (!shape.ownerView) base.push(eq(shopItems.listed, true));
    if (shape.type) base.push(eq(shopItems.itemType, v('type', shape.values.type)));
    if (shape.supplier) base.push(eq(shopItems.supplierId, v('supplier', shape.values.supplier)));
    const conds = [...base, ...(extra?.itemConds ?? [])];
    // Text is matched on the shop's own copy of the search columns: only free conditions need the items' rows.
    const needsItems = (extra?.itemConds.length ?? 0) > 0;
    const relevance = extra?.relevance ?? [];
    const rows = (rank: SQL | undefined, where: SQL[]) => {
      const selected = this.db
        .select({
          itemId: shopItems.itemId,
          queuePosition: shopItems.queuePosition,
          listPriceMinor: shopItems.listPriceMinor,
          rank: (rank ?? sql`0`).mapWith(Number).as('rank'),
          r1: (relevance[0] ?? sql`0`).mapWith(Number).as('r1'),
          r2: (relevance[1] ?? sql`0`).mapWith(Number).as('r2'),
        })
        .from(shopItems);
      return (needsItems ? selected.innerJoin(items, eq(items.id, shopItems.itemId)) : selected).where(and(...where));
    };

    let matched;
    let ranked = false;
    if (shape.text === 'none') {
      matched = rows(undefined, conds);
    } else {
      ranked = true;
      // A scalar subquery: parsed once per statement (an InitPlan), not once per row as a parameter's call would be.
      const query = sql`(select to_tsquery('simple', ${v('tsq', shape.values.tsq)}::text))`;
      const words = sql`${shopItems.searchVector} @@ ${query}`;
      const byWords = rows(sql`ts_rank(${shopItems.searchVector}, ${query})`, [...conds, words]);
      if (shape.text === 'words') {
        matched = byWords;
      } else {
        // The typo pass, a branch of its own so each branch reads its own index (the shop's words, the shop's trigrams):
        // gated by "no row of the shop matches the words", uncorrelated, so evaluated once (a one-time filter), and the
        // trigram branch is not run at all when the words found anything.
        const text = sql`${v('text', shape.values.text)}::text`;
        const wordRow = this.db.select({ one: sql`1` }).from(shopItems);
        const noWordMatch = sql`not exists (${(needsItems ? wordRow.innerJoin(items, eq(items.id, shopItems.itemId)) : wordRow).where(and(...conds, words))})`;
        const byTypo = rows(sql`word_similarity(${text}, ${shopItems.searchName})`, [
          ...conds,
          noWordMatch,
          sql`${text} <% ${shopItems.searchName}`,
        ]);
        matched = unionAll(byWords, byTypo);
      }
    }
    const matches = this.db.$with('matches').as(matched);
    type Ordered = Record<'itemId' | 'queuePosition' | 'listPriceMinor' | 'rank' | 'r1' | 'r2', SQLWrapper>;
    const order = (m: Ordered) => {
      const column = shape.sort.field === 'list_price' ? m.listPriceMinor : m.queuePosition;
      const first: SQL[] = [];
      if (shape.relevant && ranked) first.push(desc(m.rank));
      if (shape.relevant && relevance.length > 0) first.push(desc(m.r1), desc(m.r2));
      return [...first, shape.sort.desc ? desc(column) : asc(column), asc(m.itemId)];
    };
    const counted = this.db
      .select({ total: sql<number>`count(*)`.mapWith(Number).as('total') })
      .from(matches)
      .as('counted');
    const page = this.db
      .select()
      .from(matches)
      .orderBy(...order(matches))
      .offset(v('offset', shape.values.offset))
      .limit(v('limit', shape.values.limit))
      .as('page');
    return this.db
      .with(matches)
      .select({ ...ITEM_COLUMNS, total: counted.total })
      .from(counted)
      .leftJoinLateral(page, sql`true`)
      .leftJoin(items, eq(items.id, page.itemId))
      .leftJoin(suppliers, eq(suppliers.id, items.ownerId))
      .orderBy(...order(page));
  }

  /**
   * The type-ahead statement, prepared (with or without a type): the best five of the shop's own rows by their copy of
   * the search columns, then those five items.
   */
  private suggestionStatement(typed: boolean) {
    const conds: SQL[] = [eq(shopItems.shopId, sql.placeholder('shop')), eq(shopItems.itemKnown, true), eq(shopItems.listed, true)];
    if (typed) conds.push(eq(shopItems.itemType, sql.placeholder('type')));
    const query = sql`(select to_tsquery('simple', ${sql.placeholder('tsq')}::text))`;
    conds.push(sql`${shopItems.searchVector} @@ ${query}`);
    const rank = sql<number>`ts_rank(${shopItems.searchVector}, ${query})`;
    const top = this.db
      .select({ itemId: shopItems.itemId, queuePosition: shopItems.queuePosition, rank: rank.as('rank') })
      .from(shopItems)
      .where(and(...conds))
      .orderBy(desc(rank), asc(shopItems.queuePosition), asc(shopItems.itemId))
      .limit(sql.placeholder('limit'))
      .as('top');
    return this.db
      .select({ id: items.id, owner: items.ownerId, name: items.name, slug: items.slug, type: items.type, photos: items.photos })
      .from(top)
      .innerJoin(items, eq(items.id, top.itemId))
      .orderBy(desc(top.rank), asc(top.queuePosition), asc(top.itemId))
      .prepare(`catalogue_suggestions_${typed ? 'typed' : 'any'}`);
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
    const rows = await this.suggest[f.type !== undefined ? 1 : 0].execute({
      shop: shop.id,
      type: f.type,
      tsq,
      limit: f.limit ?? CatalogueLimits.suggestions,
    });
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
}

/** A request's page statement: its shape, its values, and the conditions that keep it from being prepared. */
function pageOf(shop: ShopRow, f: ShopListingFilter): { shape: PageShape; values: PageValues; extra?: FreeConditions } {
  const sort = parseSort(f.sort, SORTS, { field: 'queue_position', desc: false });
  const limit = f.limit ?? (f.type ? LISTING_PAGE_SIZE[f.type] : CatalogueLimits.productsPageSize);
  const offset = f.offset ?? (f.page !== undefined ? (Math.max(1, f.page) - 1) * limit : 0);
  const ownerView = isOwner(f.viewer, shop.ownerId);
  const relevant = sort.field === 'queue_position' && !sort.desc;
  const itemConds: SQL[] = [];
  let relevance: SQL[] = [];
  if (f.category) itemConds.push(sql`${items.categoryIds} @> array[${f.category}]::text[]`);
  const tags = (f.tags ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean);
  if (tags.length > 0)
    itemConds.push(
      sql`${items.tags} && array[${sql.join(
        tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`,
    );
  if (f.like) {
    const like = likeItem(shop.id, f.like, !ownerView);
    itemConds.push(like.cond);
    if (relevant) relevance = like.relevance;
  }
  const tsq = prefixTsQuery(f.text);
  const text = normaliseText(f.text ?? '');
  const values: PageValues = { shop: shop.id, type: f.type, supplier: f.supplier, tsq, text, offset, limit };
  const shape: PageShape = {
    ownerView,
    type: f.type !== undefined,
    supplier: f.supplier !== undefined,
    sort,
    relevant,
    text: !tsq ? 'none' : text.length < TRIGRAM_MIN_LENGTH ? 'words' : 'words+typo',
    values,
  };
  return { shape, values, extra: itemConds.length > 0 ? { itemConds, relevance } : undefined };
}

function shapeKey(shape: PageShape): string {
  return [shape.ownerView, shape.type, shape.supplier, shape.sort.field, shape.sort.desc, shape.relevant, shape.text].join('|');
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
