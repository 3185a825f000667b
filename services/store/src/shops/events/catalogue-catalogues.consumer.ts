import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  CatalogueCatalogueEvents,
  CatalogueTopics,
  StoreEvents,
  type CatalogueCatalogueChanged,
  type CatalogueCatalogueCloned,
  type CatalogueCatalogueProductsChanged,
  type EventEnvelope,
  type StoreItemsChanged,
  type StoreShopUpdated,
} from '@vitrina/contracts';
import { Outbox, TransactionRunner } from '@vitrina/platform';
import { itemRefs, shopItems, shops } from '../../db/schema.js';
import { checkAddable } from '../../store-items/domain/store-items.rules.js';
import { shopSnapshot } from './shop-events.js';

/**
 * The catalogue's custom catalogues as they touch the store (issue 5), in the inbox transaction:
 * - `sections_info` gains 'catalogues' when the owner has catalogues and loses it when the last one goes
 *   (every `catalogue.catalogue.*` event carries the owner's count; keyed by owner, so in order);
 * - a fork (`cloned`) or `products-added` puts those items in the owner's store (the store owns items in
 *   store): the ones the shop may show are added, others skipped (a franchise store only takes its
 *   supplier's), with `store.items.added`.
 */
@Controller()
export class CatalogueCataloguesConsumer {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
  ) {}

  @EventPattern(CatalogueTopics.catalogue)
  async onCatalogue(@Payload() event: EventEnvelope<CatalogueCatalogueChanged>): Promise<void> {
    const d = event.data;
    if (!d?.ownerId || typeof d.ownerCatalogues !== 'number') return;
    await this.tx.run(async (tx) => {
      const [shop] = await tx.select().from(shops).where(eq(shops.ownerId, d.ownerId)).for('update').limit(1);
      if (!shop) return;
      const has = shop.sectionsInfo.includes('catalogues');
      if (has !== d.ownerCatalogues > 0) {
        const sectionsInfo = has ? shop.sectionsInfo.filter((s) => s !== 'catalogues') : [...shop.sectionsInfo, 'catalogues'];
        const [row] = await tx
          .update(shops)
          .set({ sectionsInfo, updatedAt: sql`now()` })
          .where(eq(shops.id, shop.id))
          .returning();
        await this.outbox.add(tx, {
          type: StoreEvents.shopUpdated,
          key: shop.id,
          shopId: shop.id,
          actorId: d.ownerId,
          data: { ...shopSnapshot(row), changed: ['sections_info'] } satisfies StoreShopUpdated,
        });
      }
      if (event.type !== CatalogueCatalogueEvents.cloned && event.type !== CatalogueCatalogueEvents.productsAdded) return;
      const ids = [...new Set((d as CatalogueCatalogueCloned | CatalogueCatalogueProductsChanged).itemIds ?? [])];
      if (ids.length === 0) return;
      const refs = await tx.select().from(itemRefs).where(inArray(itemRefs.itemId, ids));
      const addable = refs
        .filter((ref) => {
          try {
            checkAddable(shop, ref.itemId, ref);
            return true;
          } catch {
            return false;
          }
        })
        .map((r) => r.itemId);
      if (addable.length === 0) return;
      const added = await tx
        .insert(shopItems)
        .values(addable.map((itemId) => ({ shopId: shop.id, itemId })))
        .onConflictDoNothing()
        .returning({ id: shopItems.itemId });
      if (added.length === 0) return;
      await this.outbox.add(tx, {
        type: StoreEvents.itemsAdded,
        key: shop.id,
        shopId: shop.id,
        actorId: d.ownerId,
        data: { shopId: shop.id, itemIds: added.map((a) => a.id) } satisfies StoreItemsChanged,
      });
    });
  }
}
