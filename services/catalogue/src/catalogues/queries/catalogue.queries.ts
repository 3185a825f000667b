import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  CATALOGUE_PRODUCT_SORTS,
  CATALOGUE_SORTS,
  CatalogueLimits,
  type Catalogue,
  type CatalogueItemList,
  type CatalogueList,
} from '@vitrina/contracts';
import { DB, NotFoundError, ValidationError, listResponse, type Db } from '@vitrina/platform';
import { catalogueProducts, catalogues, items, shops, suppliers } from '../../db/schema.js';
import { toItemJson } from '../../items/item.mapper.js';
import { ITEM_COLUMNS, type ItemRow } from '../../items/item.repository.js';
import { CATALOGUE_CONFIG, type CatalogueConfig } from '../../shared/config.js';
import { normaliseText, prefixTsQuery, wordlessText } from '../../shared/normalise.js';
import { isUuid } from '../../shared/viewer.js';
import { toCatalogueJson, type CatalogueRow, type ShareShop } from '../catalogue.mapper.js';
import { rankedCatalogues, SHOWN_CATALOGUE } from '../catalogue.order.js';

type Ranked = ReturnType<typeof rankedCatalogues>;

export interface PageQuery {
  offset?: number;
  limit?: number;
  sort?: string;
}

/**
 * Sorts given one or several fields (`-weight,name`), each from the allow-list, over the owner's catalogues as
 * clients see them (`position` the rank, `weight` explicit or n..1 along the drag order).
 */
function catalogueOrder(c: Ranked, sort: string | undefined): SQL[] {
  const fields = (sort ?? '-weight,name').split(',').filter(Boolean);
  const order: SQL[] = [];
  for (const f of fields) {
    if (!(CATALOGUE_SORTS as readonly string[]).includes(f)) {
      throw new ValidationError(`sort must be among ${CATALOGUE_SORTS.join(', ')}`, { sort: ['unknown sort'] });
    }
    const d = f.startsWith('-');
    const column = { weight: c.weight, name: c.name, position: c.position, updated_at: c.updatedAt }[d ? f.slice(1) : f]!;
    order.push(d ? desc(column) : asc(column));
  }
  return [...order, asc(c.position)];
}

function productOrder(sort: string | undefined): SQL[] {
  const s = sort ?? '-contribution_margin';
  if (!(CATALOGUE_PRODUCT_SORTS as readonly string[]).includes(s)) {
    throw new ValidationError(`sort must be one of ${CATALOGUE_PRODUCT_SORTS.join(', ')}`, { sort: ['unknown sort'] });
  }
  const d = s.startsWith('-');
  const column = {
    contribution_margin: items.contributionMarginMinor,
    position: catalogueProducts.sortKey,
    list_price: items.listPriceMinor,
    queue_position: items.queuePosition,
  }[d ? s.slice(1) : s]!;
  return [d ? desc(column) : asc(column), asc(catalogueProducts.sortKey), asc(items.id)];
}

/**
 * Custom catalogues (spec 1 §7 catalogue calls): the owner's list (every state), published lists and
 * public detail by id, by referral owner and slug (the share URL), and a catalogue's products.
 */
@Injectable()
export class CatalogueQueries {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CATALOGUE_CONFIG) private readonly config: CatalogueConfig,
  ) {}

  /** The owner's catalogues, every state (admin). */
  ownerCatalogues(ownerId: string, q: PageQuery & { text?: string }): Promise<CatalogueList> {
    return this.list(ownerId, q, false);
  }

  /** Published catalogues of an owner (storefront, footer, referral pages). */
  publishedCatalogues(ownerId: string, q: PageQuery & { text?: string }): Promise<CatalogueList> {
    return this.list(ownerId, q, true);
  }

  /** An owner reference of the public paths: an owner id, or a shop's slug (its owner). */
  async ownerOf(ref: string): Promise<string> {
    const [shop] = await this.db
      .select({ ownerId: shops.ownerId })
      .from(shops)
      .where(isUuid(ref) ? or(eq(shops.ownerId, ref), eq(shops.id, ref)) : eq(shops.slug, ref))
      .limit(1);
    if (shop) return shop.ownerId;
    if (isUuid(ref)) return ref;
    throw new NotFoundError('No such owner');
  }

  async ownerCatalogue(ownerId: string, ref: string): Promise<Catalogue> {
    const row = await this.find(ownerId, ref, false);
    return toCatalogueJson(row, await this.shareShop(row.ownerId), this.config.shareBase);
  }

  /** A published catalogue by id (anyone) or by owner + slug (share URL). */
  async publicCatalogue(ownerId: string | undefined, ref: string): Promise<Catalogue> {
    const row = await this.find(ownerId, ref, true);
    return toCatalogueJson(row, await this.shareShop(row.ownerId), this.config.shareBase);
  }

  /**
   * A catalogue's products: text (word prefixes), offset/limit (30), sort (-contribution_margin default).
   * Public reads get only published, not hidden items of a published catalogue.
   */
  async products(
    ownerId: string | undefined,
    ref: string,
    q: PageQuery & { text?: string },
    publicOnly: boolean,
  ): Promise<CatalogueItemList> {
    const catalogue = await this.find(ownerId, ref, publicOnly);
    const conds: SQL[] = [eq(catalogueProducts.catalogueId, catalogue.id), isNull(items.deletedAt)];
    if (publicOnly) conds.push(eq(items.listState, 'published'), eq(items.hidden, false));
    const tsq = prefixTsQuery(q.text);
    if (tsq) conds.push(sql`${items.searchVector} @@ to_tsquery('simple', ${tsq})`);
    else if (wordlessText(q.text)) conds.push(sql`false`);
    const where = and(...conds);
    const rows = await this.db
      .select(ITEM_COLUMNS)
      .from(catalogueProducts)
      .innerJoin(items, eq(items.id, catalogueProducts.itemId))
      .leftJoin(suppliers, eq(suppliers.id, items.ownerId))
      .where(where)
      .orderBy(...productOrder(q.sort))
      .offset(q.offset ?? 0)
      .limit(q.limit ?? CatalogueLimits.catalogueProductsPageSize);
    const [total] = await this.db
      .select({ n: count() })
      .from(catalogueProducts)
      .innerJoin(items, eq(items.id, catalogueProducts.itemId))
      .where(where);
    const now = new Date();
    return listResponse(
      (rows as ItemRow[]).map((r) => toItemJson(r, now)),
      Number(total?.n ?? 0),
    );
  }

  private async list(ownerId: string, q: PageQuery & { text?: string }, publishedOnly: boolean): Promise<CatalogueList> {
    const ranked = rankedCatalogues(this.db, ownerId);
    const order = catalogueOrder(ranked, q.sort);
    const conds: SQL[] = [eq(catalogues.ownerId, ownerId)];
    const shown: SQL[] = [];
    if (publishedOnly) {
      conds.push(eq(catalogues.state, 'published'));
      shown.push(eq(ranked.state, 'published'));
    }
    const text = q.text?.trim();
    if (text) {
      // A text with no letter or digit ('!!!') would be `like '%%'`, every catalogue: it matches none.
      const words = normaliseForLike(text);
      const like = `%${words}%`;
      conds.push(words ? sql`${catalogues.searchName} like ${like}` : sql`false`);
      shown.push(words ? sql`${ranked.searchName} like ${like}` : sql`false`);
    }
    // Ranks and weights are computed over all of the owner's catalogues, then filtered, sorted and paged.
    const rows: CatalogueRow[] = await this.db
      .select()
      .from(ranked)
      .where(and(...shown))
      .orderBy(...order)
      .offset(q.offset ?? 0)
      .limit(q.limit ?? CatalogueLimits.cataloguesPageSize);
    const [total] = await this.db
      .select({ n: count() })
      .from(catalogues)
      .where(and(...conds));
    const shop = await this.shareShop(ownerId);
    return listResponse(
      rows.map((r) => toCatalogueJson(r, shop, this.config.shareBase)),
      Number(total?.n ?? 0),
    );
  }

  private async find(ownerId: string | undefined, ref: string, publishedOnly: boolean): Promise<CatalogueRow> {
    const conds: SQL[] = [];
    if (ownerId)
      conds.push(
        eq(catalogues.ownerId, ownerId),
        isUuid(ref) ? or(eq(catalogues.id, ref), eq(catalogues.slug, ref))! : eq(catalogues.slug, ref),
      );
    else if (isUuid(ref)) conds.push(eq(catalogues.id, ref));
    else throw new NotFoundError('Catalogue not found');
    if (publishedOnly) conds.push(eq(catalogues.state, 'published'));
    const [row] = await this.db
      .select(SHOWN_CATALOGUE)
      .from(catalogues)
      .where(and(...conds))
      .limit(1);
    if (!row) throw new NotFoundError('Catalogue not found');
    return row;
  }

  private async shareShop(ownerId: string): Promise<ShareShop | undefined> {
    const [shop] = await this.db
      .select({ slug: shops.slug, canonicalUrl: shops.canonicalUrl })
      .from(shops)
      .where(eq(shops.ownerId, ownerId))
      .limit(1);
    return shop;
  }
}

function normaliseForLike(text: string): string {
  return normaliseText(text).replace(/[\\%_]/g, (c) => `\\${c}`);
}
