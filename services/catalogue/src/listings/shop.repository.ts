import { eq, or } from 'drizzle-orm';
import { ErrorCodes } from '@vitrina/contracts';
import { NotFoundError, type Db } from '@vitrina/platform';
import { shops } from '../db/schema.js';
import { isUuid } from '../shared/viewer.js';

export type ShopRow = typeof shops.$inferSelect;

/** A shop of the projection by id or slug; 404 `shop_not_found` when the store never told us about it. */
export async function resolveShop(db: Pick<Db, 'select'>, ref: string): Promise<ShopRow> {
  const rows = await db
    .select()
    .from(shops)
    .where(isUuid(ref) ? or(eq(shops.id, ref), eq(shops.slug, ref)) : eq(shops.slug, ref))
    .limit(1);
  if (!rows[0]) throw new NotFoundError('Lo sentimos, pero la tienda no existe', ErrorCodes.shopNotFound);
  return rows[0];
}

/** The shop of an owner (one shop per owner), if the projection has one. */
export async function shopOfOwner(db: Pick<Db, 'select'>, ownerId: string): Promise<ShopRow | undefined> {
  const rows = await db.select().from(shops).where(eq(shops.ownerId, ownerId)).limit(1);
  return rows[0];
}
