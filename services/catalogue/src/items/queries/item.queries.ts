import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { CatalogueItem, ItemType, CatalogueItemList, ListState } from '@vitrina/contracts';
import { DB, NotFoundError, listResponse, parseSort, type AuthUser, type Db, withCompiledRows } from '@vitrina/platform';
import { items, shopItems, shops, suppliers } from '../../db/schema.js';
import { prefixTsQuery, wordlessText } from '../../shared/normalise.js';
import { isUuid } from '../../shared/viewer.js';
import { toItemJson } from '../item.mapper.js';
import { ITEM_COLUMNS, type ItemRow } from '../item.repository.js';

export interface OwnerItemsFilter {
  ownerId: string;
  type?: ItemType;
  listState?: ListState;
  text?: string;
  offset?: number;
  limit?: number;
  sort?: string;
}

const OWNER_SORTS = ['created_at', 'name', 'list_price', 'queue_position', 'updated_at'] as const;

/** Reads of single items and of a supplier's own items. */
@Injectable()
export class ItemQueries {
  /** The item page's two reads, prepared once: the hottest public path (issue 4 bench: item detail). */
  private readonly byOwnerRef;
  private readonly byId;

  constructor(@Inject(DB) private readonly db: Db) {
    const live = (...conds: SQL[]) => and(isNull(items.deletedAt), ...conds);
    const select = () => this.db.select(ITEM_COLUMNS).from(items).leftJoin(suppliers, eq(suppliers.id, items.ownerId));
    this.byOwnerRef = withCompiledRows(
      select()
        .where(
          live(
            eq(items.ownerId, sql.placeholder('owner')),
            sql`(${items.id} = ${sql.placeholder('ref')} or ${items.slug} = ${sql.placeholder('ref')})`,
          ),
        )
        .limit(1)
        .prepare('catalogue_item_by_owner_ref'),
    );
    this.byId = withCompiledRows(
      select()
        .where(live(eq(items.id, sql.placeholder('id'))))
        .limit(1)
        .prepare('catalogue_item_by_id'),
    );
  }

  /** A supplier's items, every state (the supplier's admin list). */
  async ownerItems(f: OwnerItemsFilter): Promise<CatalogueItemList> {
    const sort = parseSort(f.sort, OWNER_SORTS, { field: 'created_at', desc: true });
    const conds: SQL[] = [eq(items.ownerId, f.ownerId), isNull(items.deletedAt)];
    if (f.type) conds.push(eq(items.type, f.type));
    if (f.listState) conds.push(eq(items.listState, f.listState));
    const tsq = prefixTsQuery(f.text);
    if (tsq) conds.push(sql`${items.searchVector} @@ to_tsquery('simple', ${tsq})`);
    else if (wordlessText(f.text)) conds.push(sql`false`);
    const column = {
      created_at: items.createdAt,
      updated_at: items.updatedAt,
      name: items.name,
      list_price: items.listPriceMinor,
      queue_position: items.queuePosition,
    }[sort.field];
    const where = and(...conds);
    const rows = await this.db
      .select(ITEM_COLUMNS)
      .from(items)
      .leftJoin(suppliers, eq(suppliers.id, items.ownerId))
      .where(where)
      .orderBy(sort.desc ? desc(column) : asc(column), asc(items.id))
      .offset(f.offset ?? 0)
      .limit(f.limit ?? 30);
    const [total] = await this.db.select({ n: count() }).from(items).where(where);
    return listResponse(
      (rows as ItemRow[]).map((r) => toItemJson(r)),
      Number(total?.n ?? 0),
    );
  }

  /**
   * One item for its detail page. Published items are public (hidden ones too, by direct link: hidden only
   * keeps them out of listings). An unpublished item is seen by its supplier, and by the owner of `shopId`
   * when that shop has it in store (spec 1 §2: the owner sees unpublished items, dimmed).
   */
  async itemForViewer(ownerId: string | undefined, ref: string, viewer: AuthUser | undefined, shopId?: string): Promise<CatalogueItem> {
    let row: ItemRow | undefined;
    if (ownerId) {
      row = (await this.byOwnerRef.execute({ owner: ownerId, ref }))[0] as ItemRow | undefined;
    } else if (isUuid(ref)) {
      row = (await this.byId.execute({ id: ref }))[0] as ItemRow | undefined;
    }
    if (!row) throw new NotFoundError('Item not found');
    if (row.listState === 'published') return toItemJson(row);
    if (viewer && viewer.id === row.ownerId) return toItemJson(row);
    if (viewer && shopId && (await this.shopOwnerSees(viewer.id, shopId, row.id))) return toItemJson(row);
    throw new NotFoundError('Item not found');
  }

  /** Published items by id (cart lines, banner products); unknown or unpublished ids are left out. */
  async publishedByIds(ids: string[]): Promise<CatalogueItemList> {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return listResponse([], 0);
    const rows = await this.db
      .select(ITEM_COLUMNS)
      .from(items)
      .leftJoin(suppliers, eq(suppliers.id, items.ownerId))
      .where(and(inArray(items.id, valid), isNull(items.deletedAt), eq(items.listState, 'published')));
    const byId = new Map((rows as ItemRow[]).map((r) => [r.id, r]));
    const results = valid.flatMap((id) => (byId.has(id) ? [toItemJson(byId.get(id)!)] : []));
    return listResponse(results, results.length);
  }

  private async shopOwnerSees(viewerId: string, shopId: string, itemId: string): Promise<boolean> {
    if (!isUuid(shopId)) return false;
    const rows = await this.db
      .select({ id: shopItems.itemId })
      .from(shopItems)
      .innerJoin(shops, eq(shops.id, shopItems.shopId))
      .where(and(eq(shopItems.shopId, shopId), eq(shopItems.itemId, itemId), eq(shops.ownerId, viewerId)))
      .limit(1);
    return rows.length > 0;
  }
}
