import { eq, getTableColumns, or, sql } from 'drizzle-orm';
import { ErrorCodes } from '@vitrina/contracts';
import { NotFoundError, type Db, withCompiledRows } from '@vitrina/platform';
import { listingChanges, shops } from '../db/schema.js';
import { isUuid } from '../shared/viewer.js';

export type ShopRow = typeof shops.$inferSelect;

/**
 * The shop's columns, with `listingVersion` the version cached listing pages are keyed by: the row's base plus its
 * `listing_changes` rows (schema.ts), counted in the same statement (one snapshot), so it grows with every committed
 * write to what the shop's listings show and the compaction job never changes it.
 */
export const SHOP_WITH_VERSION = {
  ...getTableColumns(shops),
  listingVersion:
    sql<number>`(${shops.listingVersion} + (select count(*) from ${listingChanges} where ${listingChanges.shopId} = ${shops.id}))`
      .mapWith(Number)
      .as('listing_version'),
};

/**
 * A shop of the projection by id or slug; 404 `shop_not_found` when the store never told us about it. Prepared
 * statements: the public read paths run it on every request (a listing page served from the listing cache costs
 * little more than this lookup).
 */
export function prepareShopLookup(db: Db): (ref: string) => Promise<ShopRow> {
  const bySlug = withCompiledRows(
    db
      .select(SHOP_WITH_VERSION)
      .from(shops)
      .where(eq(shops.slug, sql.placeholder('ref')))
      .limit(1)
      .prepare('catalogue_shop_by_slug'),
  );
  const byIdOrSlug = withCompiledRows(
    db
      .select(SHOP_WITH_VERSION)
      .from(shops)
      .where(or(eq(shops.id, sql.placeholder('ref')), eq(shops.slug, sql.placeholder('ref'))))
      .limit(1)
      .prepare('catalogue_shop_by_id_or_slug'),
  );
  return async (ref) => {
    const rows = await (isUuid(ref) ? byIdOrSlug : bySlug).execute({ ref });
    if (!rows[0]) throw new NotFoundError('Lo sentimos, pero la tienda no existe', ErrorCodes.shopNotFound);
    return rows[0];
  };
}

/** The shop of an owner (one shop per owner), if the projection has one. */
export async function shopOfOwner(db: Pick<Db, 'select'>, ownerId: string): Promise<ShopRow | undefined> {
  const rows = await db.select().from(shops).where(eq(shops.ownerId, ownerId)).limit(1);
  return rows[0];
}
