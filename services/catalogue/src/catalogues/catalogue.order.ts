import { and, asc, count, eq, getTableColumns, max, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '@vitrina/platform';
import { catalogueProducts, catalogues } from '../db/schema.js';
import { appendKeys, renormaliseGap, type OrderedSet } from './domain/order-keys.js';

/**
 * The ordered sets of issue 18 on their tables, and the read side of positions: `position` is the rank among the
 * owner's catalogues (1..n) and a NULL `weight` shows as n..1 among the catalogues whose weight follows the order.
 */

/** A catalogue as stored (its key, its explicit weight or NULL). */
export type StoredCatalogue = typeof catalogues.$inferSelect;

/** The outer `catalogues` row, qualified by hand: drizzle writes a lone table's columns unqualified, and inside the
 * correlated subqueries below an unqualified `owner_id` would mean the inner row. */
const outer = (column: string) => sql.raw(`"catalogues"."${column}"`);

/** Rank of the outer `catalogues` row among its owner's (index range over `(owner_id, sort_key, id)`). */
const rankOfRow = sql<number>`(select count(*)::int from ${catalogues} o
  where o.owner_id = ${outer('owner_id')} and (o.sort_key, o.id) <= (${outer('sort_key')}, ${outer('id')}))`.mapWith(Number);

/**
 * Weight clients see for the outer row: its own, or (NULL) how many order-following catalogues start at it: the
 * owner's rows from it on, less the few explicit ones among them (partial index `catalogues_owner_explicit_weight_idx`).
 */
const weightOfRow = sql<number>`coalesce(${outer('weight')},
  (select count(*)::int from ${catalogues} o
    where o.owner_id = ${outer('owner_id')} and (o.sort_key, o.id) >= (${outer('sort_key')}, ${outer('id')}))
  - (select count(*)::int from ${catalogues} o
    where o.owner_id = ${outer('owner_id')} and o.weight is not null and (o.sort_key, o.id) >= (${outer('sort_key')}, ${outer('id')})))`.mapWith(
  Number,
);

/** Columns of one catalogue as clients see it (use for single rows; lists use `rankedCatalogues`). */
export const SHOWN_CATALOGUE = { ...getTableColumns(catalogues), position: rankOfRow, weight: weightOfRow };

/**
 * The owner's catalogues with `position` and `weight` as clients see them, computed in one pass over the owner's
 * `(owner_id, sort_key, id)` index range (window functions), as a subquery the list reads filter, sort and page.
 */
export function rankedCatalogues(db: Db | Tx, ownerId: string) {
  const order = sql`order by ${catalogues.sortKey}, ${catalogues.id}`;
  return db
    .select({
      ...getTableColumns(catalogues),
      position: sql<number>`row_number() over (${order})`.mapWith(Number).as('position'),
      weight: sql<number>`coalesce(${catalogues.weight},
        (count(*) filter (where ${catalogues.weight} is null) over ())
        - (count(*) filter (where ${catalogues.weight} is null) over (${order} rows between unbounded preceding and current row))
        + 1)::int`
        .mapWith(Number)
        .as('weight'),
    })
    .from(catalogues)
    .where(eq(catalogues.ownerId, ownerId))
    .as('ranked');
}

/** An owner's catalogues as an ordered set (the caller holds the owner's positions lock). */
export function catalogueSet(tx: Tx, ownerId: string): OrderedSet {
  const mine = eq(catalogues.ownerId, ownerId);
  return {
    async count() {
      const [r] = await tx.select({ n: count() }).from(catalogues).where(mine);
      return Number(r?.n ?? 0);
    },
    async slice(excluded, offset, limit) {
      return tx
        .select({ id: catalogues.id, key: catalogues.sortKey })
        .from(catalogues)
        .where(and(mine, ne(catalogues.id, excluded)))
        .orderBy(asc(catalogues.sortKey), asc(catalogues.id))
        .offset(offset)
        .limit(limit);
    },
    async setKey(id, key) {
      await tx.update(catalogues).set({ sortKey: key }).where(eq(catalogues.id, id));
    },
    async renormalise(gap) {
      await tx.execute(sql`
        update ${catalogues} c set sort_key = r.rn * ${gap}::bigint
          from (select id, row_number() over (order by sort_key, id) as rn from ${catalogues} where owner_id = ${ownerId}) r
         where c.owner_id = ${ownerId} and c.id = r.id and c.sort_key <> r.rn * ${gap}::bigint`);
    },
  };
}

/** A catalogue's products as an ordered set (the caller holds the catalogue's row lock). */
export function productSet(tx: Tx, catalogueId: string): OrderedSet {
  const here = eq(catalogueProducts.catalogueId, catalogueId);
  return {
    async count() {
      const [r] = await tx.select({ n: count() }).from(catalogueProducts).where(here);
      return Number(r?.n ?? 0);
    },
    async slice(excluded, offset, limit) {
      return tx
        .select({ id: catalogueProducts.itemId, key: catalogueProducts.sortKey })
        .from(catalogueProducts)
        .where(and(here, ne(catalogueProducts.itemId, excluded)))
        .orderBy(asc(catalogueProducts.sortKey), asc(catalogueProducts.itemId))
        .offset(offset)
        .limit(limit);
    },
    async setKey(id, key) {
      await tx
        .update(catalogueProducts)
        .set({ sortKey: key })
        .where(and(here, eq(catalogueProducts.itemId, id)));
    },
    async renormalise(gap) {
      await tx.execute(sql`
        update ${catalogueProducts} p set sort_key = r.rn * ${gap}::bigint
          from (select item_id, row_number() over (order by sort_key, item_id) as rn
                  from ${catalogueProducts} where catalogue_id = ${catalogueId}) r
         where p.catalogue_id = ${catalogueId} and p.item_id = r.item_id and p.sort_key <> r.rn * ${gap}::bigint`);
    },
  };
}

/** Keys for `count` rows appended at the end of `set` (respacing it first in the rare case the keys run out). */
export async function keysAtEnd(set: OrderedSet, last: number | null, count: number): Promise<number[]> {
  const keys = appendKeys(last, count);
  if (keys) return keys;
  const n = await set.count();
  const gap = renormaliseGap(n + count);
  await set.renormalise(gap);
  return appendKeys(n * gap, count, gap)!;
}

/** The last key of an owner's catalogues (null when none). */
export async function lastCatalogueKey(tx: Tx, ownerId: string): Promise<number | null> {
  const [r] = await tx
    .select({ last: max(catalogues.sortKey) })
    .from(catalogues)
    .where(eq(catalogues.ownerId, ownerId));
  return r?.last == null ? null : Number(r.last);
}

/** The last key of a catalogue's products (null when none). */
export async function lastProductKey(tx: Tx, catalogueId: string): Promise<number | null> {
  const [r] = await tx
    .select({ last: max(catalogueProducts.sortKey) })
    .from(catalogueProducts)
    .where(eq(catalogueProducts.catalogueId, catalogueId));
  return r?.last == null ? null : Number(r.last);
}
