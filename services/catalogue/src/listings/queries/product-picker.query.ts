import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { CatalogueLimits, type ItemType, type PickerItemList } from '@vitrina/contracts';
import { DB, ValidationError, listResponse, type Db } from '@vitrina/platform';
import { items, shopItems, suppliers } from '../../db/schema.js';
import { toItemJson } from '../../items/item.mapper.js';
import { ITEM_COLUMNS, type ItemRow } from '../../items/item.repository.js';
import { prefixTsQuery, wordlessText } from '../../shared/normalise.js';
import { shopOfOwner } from '../shop.repository.js';
import { parseListingFilter } from './listing-filter.js';

const SORTS = ['-contribution_margin', 'contribution_margin', 'list_price', '-list_price', 'queue_position'] as const;

export interface PickerFilter {
  ownerId: string;
  type?: ItemType;
  text?: string;
  supplier?: string;
  category?: string;
  dropshipping?: boolean;
  /** The spec's filter syntax (listing-filter.ts), as in the shop listing: explicit parameters win over its tokens. */
  filter?: string;
  sort?: string;
  offset?: number;
  limit?: number;
}

/**
 * The add-products modal (spec 1 §2, §7 'Catalogue product lists in modal'): items the owner can add to
 * their store, each with `in_store`. Published, not hidden items of every supplier plus the owner's own
 * items in any state; a franchise store only sees its supplier's. Sort -contribution_margin by default.
 */
@Injectable()
export class ProductPickerQuery {
  constructor(@Inject(DB) private readonly db: Db) {}

  async search(request: PickerFilter): Promise<PickerItemList> {
    const tokens = parseListingFilter(request.filter);
    const f: PickerFilter = {
      ...request,
      type: request.type ?? tokens.type,
      text: [request.text, ...tokens.words].filter(Boolean).join(' ') || request.text,
      supplier: request.supplier ?? tokens.supplier,
      category: request.category ?? tokens.category,
    };
    const sort = f.sort ?? '-contribution_margin';
    if (!(SORTS as readonly string[]).includes(sort))
      throw new ValidationError(`sort must be one of ${SORTS.join(', ')}`, { sort: ['unknown sort'] });
    const shop = await shopOfOwner(this.db, f.ownerId);
    const conds: SQL[] = [isNull(items.deletedAt)];
    const visible = and(eq(items.listState, 'published'), eq(items.hidden, false))!;
    if (shop?.storeType === 'franchise') {
      const supplier = shop.supplierId ?? shop.ownerId;
      conds.push(eq(items.ownerId, supplier), supplier === f.ownerId ? sql`true` : visible);
    } else {
      conds.push(or(eq(items.ownerId, f.ownerId), visible)!);
    }
    if (f.type) conds.push(eq(items.type, f.type));
    if (f.supplier) conds.push(eq(items.ownerId, f.supplier));
    if (f.dropshipping !== undefined) conds.push(eq(items.isDropshipping, f.dropshipping));
    if (f.category) conds.push(sql`${items.categoryIds} @> array[${f.category}]::text[]`);
    if (tokens.tags.length > 0)
      conds.push(
        sql`${items.tags} && array[${sql.join(
          tokens.tags.map((t) => sql`${t}`),
          sql`, `,
        )}]::text[]`,
      );
    const tsq = prefixTsQuery(f.text);
    if (tsq) conds.push(sql`${items.searchVector} @@ to_tsquery('simple', ${tsq})`);
    else if (wordlessText(f.text)) conds.push(sql`false`);
    const desc_ = sort.startsWith('-');
    const column = {
      contribution_margin: items.contributionMarginMinor,
      list_price: items.listPriceMinor,
      queue_position: items.queuePosition,
    }[desc_ ? sort.slice(1) : sort]!;
    const where = and(...conds);
    const rows = (await this.db
      .select(ITEM_COLUMNS)
      .from(items)
      .leftJoin(suppliers, eq(suppliers.id, items.ownerId))
      .where(where)
      .orderBy(desc_ ? desc(column) : asc(column), asc(items.id))
      .offset(f.offset ?? 0)
      .limit(f.limit ?? CatalogueLimits.modalProductsPageSize)) as ItemRow[];
    const [total] = await this.db.select({ n: count() }).from(items).where(where);
    const inStore = new Set<string>();
    if (shop && rows.length) {
      const present = await this.db
        .select({ id: shopItems.itemId })
        .from(shopItems)
        .where(
          and(
            eq(shopItems.shopId, shop.id),
            inArray(
              shopItems.itemId,
              rows.map((r) => r.id),
            ),
          ),
        );
      for (const p of present) inStore.add(p.id);
    }
    const now = new Date();
    return listResponse(
      rows.map((r) => ({ ...toItemJson(r, now), in_store: inStore.has(r.id) })),
      Number(total?.n ?? 0),
    );
  }
}
