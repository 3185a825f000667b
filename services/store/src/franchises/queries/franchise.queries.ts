import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { StoreLimits, type Franchise, type FranchiseList, type StoreType } from '@vitrina/contracts';
import { DB, NotFoundError, Outbox, TransactionRunner, ValidationError, listResponse, type Db } from '@vitrina/platform';
import { shopFranchises, shops } from '../../db/schema.js';
import { shopOfOwner, shopNotFound, type ShopRow } from '../../shops/shop.repository.js';
import { containsPattern, isUuid, normaliseText } from '../../shared/text.js';

const FRANCHISE_TYPES = ['franchise', 'affinity'] as const;

function toFranchiseJson(
  row: Pick<ShopRow, 'id' | 'name' | 'slug' | 'photo' | 'canonicalUrl' | 'storeType'>,
  inStore?: boolean,
): Franchise {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    photo: row.photo,
    canonical_url: row.canonicalUrl,
    store_type: row.storeType as StoreType,
    ...(inStore !== undefined ? { in_store: inStore } : {}),
  };
}

const FRANCHISE_COLUMNS = {
  id: shops.id,
  name: shops.name,
  slug: shops.slug,
  photo: shops.photo,
  canonicalUrl: shops.canonicalUrl,
  storeType: shops.storeType,
};

/**
 * Franchises (spec 1 §3 'Franchise'): published franchise and affinity shops, searchable by name; the
 * franchises a store shows (issue 5 adds and removes them).
 */
@Injectable()
export class FranchiseQueries {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
  ) {}

  /** spec 1 §7 'Published franchises': offset, limit 10, text or name, type (affinity,franchise). */
  async published(q: { text?: string; types?: string[]; offset?: number; limit?: number; ownerId?: string }): Promise<FranchiseList> {
    const types = q.types?.length ? q.types : [...FRANCHISE_TYPES];
    if (types.some((t) => !(FRANCHISE_TYPES as readonly string[]).includes(t))) {
      throw new ValidationError('type must be franchise and/or affinity', { type: ['unknown type'] });
    }
    const conds: SQL[] = [eq(shops.state, 'published'), inArray(shops.storeType, types)];
    const text = normaliseText(q.text ?? '');
    if (text) conds.push(sql`${shops.searchName} like ${containsPattern(text)}`);
    const where = and(...conds);
    const rows = await this.db
      .select(FRANCHISE_COLUMNS)
      .from(shops)
      .where(where)
      .orderBy(asc(shops.name), asc(shops.id))
      .offset(q.offset ?? 0)
      .limit(q.limit ?? StoreLimits.franchisesSearchPageSize);
    const [total] = await this.db.select({ n: count() }).from(shops).where(where);
    let inStore: Set<string> | undefined;
    if (q.ownerId && rows.length) {
      const shop = await shopOfOwner(this.db, q.ownerId).catch(() => undefined);
      if (shop) {
        const present = await this.db
          .select({ id: shopFranchises.franchiseId })
          .from(shopFranchises)
          .where(
            and(
              eq(shopFranchises.shopId, shop.id),
              inArray(
                shopFranchises.franchiseId,
                rows.map((r) => r.id),
              ),
            ),
          );
        inStore = new Set(present.map((p) => p.id));
      }
    }
    return listResponse(
      rows.map((r) => toFranchiseJson(r, inStore ? inStore.has(r.id) : undefined)),
      Number(total?.n ?? 0),
    );
  }

  /**
   * The franchises a shop shows, in the order they were added: the public list (only published franchise and
   * affinity shops: an unpublished one, or one that changed type, drops out) or the owner's admin list (all of
   * them, so the owner can still remove one). Reads `shop_franchises` by its primary key's leading shop_id.
   */
  async ofShop(shopId: string, page: { offset?: number; limit?: number; text?: string }, onlyPublished: boolean): Promise<FranchiseList> {
    const conds: SQL[] = [eq(shopFranchises.shopId, shopId)];
    if (onlyPublished) conds.push(eq(shops.state, 'published'), inArray(shops.storeType, [...FRANCHISE_TYPES]));
    const text = normaliseText(page.text ?? '');
    if (text) conds.push(sql`${shops.searchName} like ${containsPattern(text)}`);
    const where = and(...conds);
    const rows = await this.db
      .select(FRANCHISE_COLUMNS)
      .from(shopFranchises)
      .innerJoin(shops, eq(shops.id, shopFranchises.franchiseId))
      .where(where)
      .orderBy(asc(shopFranchises.addedAt), asc(shops.id))
      .offset(page.offset ?? 0)
      .limit(page.limit ?? StoreLimits.franchisesPageSize);
    const [total] = await this.db
      .select({ n: count() })
      .from(shopFranchises)
      .innerJoin(shops, eq(shops.id, shopFranchises.franchiseId))
      .where(where);
    return listResponse(
      rows.map((r) => toFranchiseJson(r, true)),
      Number(total?.n ?? 0),
    );
  }

  /** A shop by its exact slug (the unique index shops_slug_uq), as the storefront loads it; 404 shop_not_found. */
  async shopBySlug(slug: string): Promise<ShopRow> {
    const [shop] = await this.db.select().from(shops).where(eq(shops.slug, slug)).limit(1);
    if (!shop) throw shopNotFound();
    return shop;
  }

  /** A referral reference: an owner id, a shop id or a shop slug -> that shop. */
  async referralShop(ref: string): Promise<ShopRow> {
    const [shop] = await this.db
      .select()
      .from(shops)
      .where(isUuid(ref) ? or(eq(shops.ownerId, ref), eq(shops.id, ref)) : eq(shops.slug, ref))
      .limit(1);
    if (!shop) throw shopNotFound();
    return shop;
  }

  async inStore(ownerId: string, ids: string[]): Promise<Record<string, boolean>> {
    const shop = await shopOfOwner(this.db, ownerId);
    const unique = [...new Set(ids)];
    const present = unique.length
      ? await this.db
          .select({ id: shopFranchises.franchiseId })
          .from(shopFranchises)
          .where(and(eq(shopFranchises.shopId, shop.id), inArray(shopFranchises.franchiseId, unique)))
      : [];
    const set = new Set(present.map((p) => p.id));
    return Object.fromEntries(unique.map((id) => [id, set.has(id)]));
  }

  async add(ownerId: string, franchiseId: string): Promise<void> {
    await this.tx.run(async (tx) => {
      const shop = await shopOfOwner(tx, ownerId);
      const [franchise] = await tx
        .select(FRANCHISE_COLUMNS)
        .from(shops)
        .where(and(eq(shops.id, franchiseId), eq(shops.state, 'published')))
        .limit(1);
      if (!franchise || !(FRANCHISE_TYPES as readonly string[]).includes(franchise.storeType) || franchise.id === shop.id) {
        throw new NotFoundError('Franchise not found');
      }
      await tx.insert(shopFranchises).values({ shopId: shop.id, franchiseId }).onConflictDoNothing();
    });
  }

  async remove(ownerId: string, franchiseId: string): Promise<void> {
    await this.tx.run(async (tx) => {
      const shop = await shopOfOwner(tx, ownerId);
      await tx.delete(shopFranchises).where(and(eq(shopFranchises.shopId, shop.id), eq(shopFranchises.franchiseId, franchiseId)));
    });
  }
}
