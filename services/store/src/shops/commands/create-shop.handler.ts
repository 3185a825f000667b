import { Inject, Injectable } from '@nestjs/common';
import { eq, or, sql } from 'drizzle-orm';
import { DB, Outbox, TransactionRunner, newId, type Db, databaseError, SqlState } from '@vitrina/platform';
import { StarterBanners } from '../../banners/starter-banners.js';
import { banners, headers, shops } from '../../db/schema.js';
import { normaliseText } from '../../shared/text.js';
import { NEW_SHOP_CONTENT, checkNewShop, type NewShopRequest } from '../domain/new-shop.rules.js';
import { shopAlreadyOwned, slugTaken } from '../domain/shop.errors.js';
import { shopEvents } from '../events/shop-events.js';
import type { ShopRow } from '../shop.repository.js';

/** The unique index on `owner_id` (one shop per owner). */
const OWNER_UNIQUE = 'shops_owner_uq';

/**
 * A signed-in user opens their shop (issue 16 'Create a shop'; spec 1 §3 'Shop'): the shop with its starting
 * content (theme, sections, a welcome header, the starter carousel) and the `store.shop.created` event in one
 * transaction. Accounts turns the event into the owner's
 * store_id (user level 2) and keychain.
 *
 * Races are the database's to decide: one transaction per owner at a time (an advisory lock, so two tabs of one
 * user never make two shops), and the unique index on lower(slug) for two users taking one slug, mapped to
 * 409 slug_taken, never a 500.
 */
@Injectable()
export class CreateShopHandler {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
    @Inject(DB) private readonly db: Db,
    private readonly starter: StarterBanners,
  ) {}

  async execute(ownerId: string, req: NewShopRequest): Promise<ShopRow> {
    checkNewShop(req);
    // drawn once for the platform, outside the transaction (the first shop waits ~0.5 s; later ones read two URLs)
    const slides = await this.starter.slides();
    try {
      return await this.tx.run(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`store:create-shop:${ownerId}`}))`);
        const [owned] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.ownerId, ownerId)).limit(1);
        if (owned) throw shopAlreadyOwned();
        const [taken] = await tx
          .select({ id: shops.id })
          .from(shops)
          .where(eq(sql`lower(${shops.slug})`, req.slug.toLowerCase()))
          .limit(1);
        if (taken) throw slugTaken();

        // spec 1 §3 'root_affinity_store_info': an affinity store hangs from the affinity store its owner was referred by
        let rootAffinityStoreId: string | null = null;
        if (req.storeType === 'affinity' && req.referral) {
          const [root] = await tx
            .select({ id: shops.id, storeType: shops.storeType })
            .from(shops)
            .where(or(eq(sql`lower(${shops.slug})`, req.referral.toLowerCase()), eq(shops.ownerId, req.referral)))
            .limit(1);
          if (root?.storeType === 'affinity') rootAffinityStoreId = root.id;
        }
        const { welcomeHeader, ...content } = NEW_SHOP_CONTENT;
        const [row] = await tx
          .insert(shops)
          .values({
            ...content,
            permissions: [...content.permissions],
            sectionsInfo: [...content.sectionsInfo],
            id: newId(),
            slug: req.slug,
            ownerId,
            name: req.name,
            searchName: normaliseText(req.name),
            storeType: req.storeType,
            rootAffinityStoreId,
            photo: req.photo ?? null,
            // a franchise store sells its own supplier's products (issue 16)
            dssupplierId: req.storeType === 'franchise' ? ownerId : null,
          })
          .returning();
        await tx.insert(headers).values({ ...welcomeHeader, id: newId(), shopId: row.id, position: 1 });
        if (slides.length > 0) {
          await tx.insert(banners).values(slides.map((slide, i) => ({ ...slide, id: newId(), shopId: row.id, position: i + 1 })));
        }
        await this.outbox.add(tx, { ...shopEvents.created(row), actorId: ownerId });
        return row;
      });
    } catch (err) {
      const violation = databaseError(err, SqlState.uniqueViolation);
      if (!violation) throw err;
      // Without the constraint's name (a driver that does not give it), the owner's shop says which one it was.
      const ownerTaken =
        violation.constraint !== undefined
          ? violation.constraint === OWNER_UNIQUE
          : (await this.db.select({ id: shops.id }).from(shops).where(eq(shops.ownerId, ownerId)).limit(1)).length > 0;
      throw ownerTaken ? shopAlreadyOwned() : slugTaken();
    }
  }
}
