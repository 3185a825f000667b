import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { ErrorCodes, type VisibilityTarget } from '@vitrina/contracts';
import { ForbiddenError, NotFoundError, type Db, type Tx } from '@vitrina/platform';
import { banners, headers, shops } from '../db/schema.js';

export type ShopRow = typeof shops.$inferSelect;
type Reader = Pick<Db, 'select'> | Pick<Tx, 'select'>;

export const shopNotFound = () => new NotFoundError('Lo sentimos, pero la tienda no existe', ErrorCodes.shopNotFound);

export async function findShop(db: Reader, where: SQL): Promise<ShopRow | undefined> {
  const rows = await db.select().from(shops).where(where).limit(1);
  return rows[0];
}

/** The shop permission that makes its owner the shop admin (spec 1 §6). */
export const SHOP_ADMIN_PERMISSION = 'admin';

/**
 * The shop of an owner path (`{owner}:{owner}/...`, the signed-in user by the path guard) for its admin calls:
 * one shop per owner; 404 shop_not_found otherwise. Spec 1 §6: the shop admin is the owner *with the admin
 * permission*; an owner whose shop lacks it gets 403 forbidden, as anyone else does.
 */
export async function shopOfOwner(db: Reader, ownerId: string, opts: { forUpdate?: boolean } = {}): Promise<ShopRow> {
  const q = db.select().from(shops).where(eq(shops.ownerId, ownerId)).limit(1);
  const rows = opts.forUpdate ? await q.for('update') : await q;
  if (!rows[0]) throw shopNotFound();
  if (!rows[0].permissions.includes(SHOP_ADMIN_PERMISSION)) throw new ForbiddenError('Tu tienda no tiene permiso de administración');
  return rows[0];
}

/** Banners and headers of a shop, in position order, limited to the given targets (all when undefined). */
export async function shopBanners(db: Reader, shopId: string, targets?: VisibilityTarget[], page = { offset: 0, limit: 100 }) {
  const conds: SQL[] = [eq(banners.shopId, shopId)];
  if (targets) conds.push(inArray(banners.target, targets));
  return db
    .select()
    .from(banners)
    .where(and(...conds))
    .orderBy(asc(banners.position), asc(banners.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function shopHeaders(db: Reader, shopId: string, targets?: VisibilityTarget[], page = { offset: 0, limit: 100 }) {
  const conds: SQL[] = [eq(headers.shopId, shopId)];
  if (targets) conds.push(inArray(headers.target, targets));
  return db
    .select()
    .from(headers)
    .where(and(...conds))
    .orderBy(asc(headers.position), asc(headers.id))
    .offset(page.offset)
    .limit(page.limit);
}
