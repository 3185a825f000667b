import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { eq, sql } from 'drizzle-orm';
import {
  CatalogueItemEvents,
  StoreEvents,
  Topics,
  type CatalogueItemDeleted,
  type CatalogueItemSnapshot,
  type CatalogueItemStockChanged,
  type EventEnvelope,
  type StoreItemsChanged,
} from '@vitrina/contracts';
import { Outbox, TransactionRunner } from '@vitrina/platform';
import { itemRefs, shopItems } from '../../db/schema.js';

/**
 * The store's projection of the catalogue's items (`catalogue.item`): owner, type and state, which the
 * items-in-store rules need. A deleted item leaves every shop here too, and each shop's
 * `store.items.removed` keeps every consumer of the store's items in step. Runs in the inbox transaction.
 */
@Controller()
export class CatalogueEventsConsumer {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
  ) {}

  @EventPattern(Topics.catalogueItem)
  async onItem(@Payload() event: EventEnvelope<CatalogueItemSnapshot | CatalogueItemDeleted | CatalogueItemStockChanged>): Promise<void> {
    await this.tx.run(async (tx) => {
      switch (event.type) {
        case CatalogueItemEvents.created:
        case CatalogueItemEvents.updated: {
          const d = event.data as CatalogueItemSnapshot;
          const values = {
            ownerId: d.ownerId,
            type: d.type,
            listState: d.listState,
            hidden: d.hidden,
            isDropshipping: d.isDropshipping,
            soldOut: d.soldOut,
            revision: d.revision,
            updatedAt: sql`now()`,
          };
          // A snapshot older than the one held (redelivered out of order) changes nothing.
          await tx
            .insert(itemRefs)
            .values({ itemId: d.itemId, ...values })
            .onConflictDoUpdate({
              target: itemRefs.itemId,
              set: values,
              setWhere: sql`${itemRefs.revision} < excluded.revision and not ${itemRefs.deleted}`,
            });
          return;
        }
        case CatalogueItemEvents.stockChanged: {
          const d = event.data as CatalogueItemStockChanged;
          await tx
            .update(itemRefs)
            .set({ soldOut: d.soldOut, revision: d.revision, updatedAt: sql`now()` })
            .where(sql`${itemRefs.itemId} = ${d.itemId} and ${itemRefs.revision} < ${d.revision}`);
          return;
        }
        case CatalogueItemEvents.deleted: {
          const d = event.data;
          await tx
            .insert(itemRefs)
            .values({ itemId: d.itemId, ownerId: d.ownerId, type: '', listState: 'unpublished', deleted: true, revision: d.revision })
            .onConflictDoUpdate({ target: itemRefs.itemId, set: { deleted: true, revision: d.revision, updatedAt: sql`now()` } });
          const removed = await tx.delete(shopItems).where(eq(shopItems.itemId, d.itemId)).returning({ shopId: shopItems.shopId });
          if (removed.length > 0) {
            await this.outbox.add(
              tx,
              removed.map(({ shopId }) => ({
                type: StoreEvents.itemsRemoved,
                key: shopId,
                shopId,
                data: { shopId, itemIds: [d.itemId] } satisfies StoreItemsChanged,
              })),
            );
          }
          return;
        }
        default:
          return;
      }
    });
  }
}
