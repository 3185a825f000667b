import { and, eq, isNull, sql } from 'drizzle-orm';
import { PreparedQuery, type Db, type Tx } from '@vitrina/platform';
import { items, shopItems, suppliers } from '../db/schema.js';
import { normaliseText } from '../shared/normalise.js';
import { isListed } from './domain/item.rules.js';

/** Columns an item is answered with (the search columns stay in the database). */
export const ITEM_COLUMNS = {
  id: items.id,
  ownerId: items.ownerId,
  slug: items.slug,
  type: items.type,
  mainType: items.mainType,
  name: items.name,
  description: items.description,
  tags: items.tags,
  photos: items.photos,
  listPriceMinor: items.listPriceMinor,
  crossoutPriceMinor: items.crossoutPriceMinor,
  currency: items.currency,
  hidePrice: items.hidePrice,
  isFree: items.isFree,
  isDropshipping: items.isDropshipping,
  contributionMarginMinor: items.contributionMarginMinor,
  variants: items.variants,
  available: items.available,
  reserved: items.reserved,
  stockType: items.stockType,
  maxPurchaseAmount: items.maxPurchaseAmount,
  soldOut: items.soldOut,
  experienceDate: items.experienceDate,
  listState: items.listState,
  hidden: items.hidden,
  queuePosition: items.queuePosition,
  categoryIds: items.categoryIds,
  returnInfo: items.returnInfo,
  ratingSum: items.ratingSum,
  ratingCount: items.ratingCount,
  revision: items.revision,
  createdAt: items.createdAt,
  updatedAt: items.updatedAt,
  deletedAt: items.deletedAt,
  ownerName: sql<string | null>`${suppliers.name}`.as('owner_name'),
  ownerEnabled: sql<boolean | null>`${suppliers.enabled}`.as('owner_enabled'),
};

export interface ItemRow {
  id: string;
  ownerId: string;
  slug: string;
  type: string;
  mainType: string;
  name: string;
  description: string;
  tags: string[];
  photos: string[];
  listPriceMinor: number;
  crossoutPriceMinor: number | null;
  currency: string;
  hidePrice: boolean;
  isFree: boolean;
  isDropshipping: boolean;
  contributionMarginMinor: number;
  variants: Record<string, string>;
  available: number | null;
  /** Units held by open checkouts (reservations/); `available` may never go below it. */
  reserved: number;
  stockType: string;
  maxPurchaseAmount: number | null;
  soldOut: boolean;
  experienceDate: Date | null;
  listState: string;
  hidden: boolean;
  queuePosition: number;
  categoryIds: string[];
  returnInfo: unknown;
  /** Sum and number of review ratings (ratings/): the answer shows their average. */
  ratingSum: number;
  ratingCount: number;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  ownerName: string | null;
  /** Whether accounts lets the supplier sell (issue 16); null while the directory does not know the supplier. */
  ownerEnabled: boolean | null;
}

type Reader = Pick<Tx, 'select'>;

/** A live (not deleted) item by id, with its supplier's name. */
export async function findItem(db: Reader, id: string, opts: { forUpdate?: boolean } = {}): Promise<ItemRow | undefined> {
  // The row lock is taken apart: FOR UPDATE cannot reach the outer join's nullable side.
  if (opts.forUpdate) await db.select({ id: items.id }).from(items).where(eq(items.id, id)).for('update');
  const rows = await db
    .select(ITEM_COLUMNS)
    .from(items)
    .leftJoin(suppliers, eq(suppliers.id, items.ownerId))
    .where(and(eq(items.id, id), isNull(items.deletedAt)))
    .limit(1);
  return rows[0];
}

/**
 * A live item of an owner by id or slug. With `forUpdate`, the item's row is locked in the same statement (the
 * supplier's name then comes from a subquery: FOR UPDATE cannot reach the outer join's nullable side), and a row
 * changed by a transaction that committed while this one waited is read in its committed version (PostgreSQL rechecks
 * the conditions on it).
 */
export async function findOwnerItem(
  db: Db | Tx,
  ownerId: string,
  ref: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ItemRow | undefined> {
  const [row] = await (opts.forUpdate ? OWNER_ITEM_FOR_UPDATE : OWNER_ITEM).execute(db, { ownerId, ref });
  return row;
}

/** `findOwnerItem`'s two statements, built once (an item edit's first read: its building cost as much as its round trip). */
const ownerItemWhere = () =>
  and(
    eq(items.ownerId, sql.placeholder('ownerId')),
    isNull(items.deletedAt),
    sql`(${items.id} = ${sql.placeholder('ref')} or ${items.slug} = ${sql.placeholder('ref')})`,
  );
const OWNER_ITEM = new PreparedQuery<{ ownerId: string; ref: string }, ItemRow[]>((db) =>
  db.select(ITEM_COLUMNS).from(items).leftJoin(suppliers, eq(suppliers.id, items.ownerId)).where(ownerItemWhere()).limit(1),
);
const OWNER_ITEM_FOR_UPDATE = new PreparedQuery<{ ownerId: string; ref: string }, ItemRow[]>((db) =>
  db
    .select({
      ...ITEM_OWN_COLUMNS,
      ownerName: sql<string | null>`(select ${suppliers.name} from ${suppliers} where ${suppliers.id} = ${items.ownerId})`.as('owner_name'),
      ownerEnabled: sql<boolean | null>`(select ${suppliers.enabled} from ${suppliers} where ${suppliers.id} = ${items.ownerId})`.as(
        'owner_enabled',
      ),
    })
    .from(items)
    .where(ownerItemWhere())
    .limit(1)
    .for('update'),
);

/** ITEM_COLUMNS without the supplier's name and state: what an UPDATE … RETURNING of `items` can answer. */
export const ITEM_OWN_COLUMNS = (() => {
  const { ownerName: _ownerName, ownerEnabled: _ownerEnabled, ...own } = ITEM_COLUMNS;
  return own;
})();

/** The normalised search columns of an item (the generated tsvector is built from them). */
export function searchColumns(input: { name: string; tags: string[]; description: string }) {
  return {
    searchName: normaliseText(input.name),
    searchTags: normaliseText(input.tags.join(' ')),
    // The description's first part is enough to find an item by; it keeps the index small.
    searchDescription: normaliseText(input.description.slice(0, 2000)),
  };
}

/**
 * Copies an item's listing and search columns into every shop that shows it, in the caller's transaction (after the
 * item's own write: the search columns are read from its row, the tsvector being generated there).
 */
export async function refreshShopItems(
  tx: Tx,
  row: Pick<ItemRow, 'id' | 'type' | 'ownerId' | 'listState' | 'hidden' | 'listPriceMinor' | 'queuePosition'>,
): Promise<void> {
  await tx
    .update(shopItems)
    .set({
      itemKnown: true,
      itemType: row.type,
      supplierId: row.ownerId,
      listed: isListed(row.listState, row.hidden),
      listPriceMinor: row.listPriceMinor,
      queuePosition: row.queuePosition,
      searchName: items.searchName,
      searchVector: items.searchVector,
    })
    .from(items)
    .where(and(eq(items.id, row.id), eq(shopItems.itemId, items.id)));
}
