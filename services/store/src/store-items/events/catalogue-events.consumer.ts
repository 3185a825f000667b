import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
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
import { BusEventPattern, Outbox, PreparedQuery, TransactionRunner } from '@vitrina/platform';
import { itemRefs, shopItems } from '../../db/schema.js';

const p = sql.placeholder;

/**
 * A snapshot, inserted or applied over an older revision of a live row; built once (its building per event was a
 * third of the service's CPU under item edits). A snapshot older than the one held (redelivered out of order)
 * changes nothing.
 */
const UPSERT_REF = new PreparedQuery<
  Pick<CatalogueItemSnapshot, 'itemId' | 'ownerId' | 'type' | 'listState' | 'hidden' | 'isDropshipping' | 'soldOut' | 'revision'>,
  unknown
>((db) =>
  db
    .insert(itemRefs)
    .values({
      itemId: p('itemId'),
      ownerId: p('ownerId'),
      type: p('type'),
      listState: p('listState'),
      hidden: p('hidden'),
      isDropshipping: p('isDropshipping'),
      soldOut: p('soldOut'),
      revision: p('revision'),
      updatedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: itemRefs.itemId,
      set: {
        ownerId: sql`excluded.owner_id`,
        type: sql`excluded.type`,
        listState: sql`excluded.list_state`,
        hidden: sql`excluded.hidden`,
        isDropshipping: sql`excluded.is_dropshipping`,
        soldOut: sql`excluded.sold_out`,
        revision: sql`excluded.revision`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${itemRefs.revision} < excluded.revision and not ${itemRefs.deleted}`,
    }),
);

/** A stock change newer than the row's revision: whether the item is sold out. */
const STOCK_CHANGED = new PreparedQuery<{ itemId: string; soldOut: boolean; revision: number }, unknown>((db) =>
  db
    .update(itemRefs)
    .set({ soldOut: sql`${p('soldOut')}::boolean`, revision: sql`${p('revision')}::int`, updatedAt: sql`now()` })
    .where(sql`${itemRefs.itemId} = ${p('itemId')} and ${itemRefs.revision} < ${p('revision')}::int`),
);

/**
 * The store's projection of the catalogue's items (`catalogue.item`): owner, type and state, which the
 * items-in-store rules need. A deleted item leaves every shop here too, and each shop's
 * `store.items.removed` keeps every consumer of the store's items in step.
 *
 * Without the inbox (`inbox: false`): every write here is conditional on the item's revision (a snapshot or stock
 * change no newer than the one held changes nothing; a deleted item takes no later snapshot), so a redelivered or
 * late event is harmless by itself, and a stock change (one per paid checkout) costs one UPDATE, not BEGIN, inbox
 * claim, UPDATE, COMMIT. A deletion, which also writes the shops' events, runs in a transaction of its own.
 */
@Controller()
export class CatalogueEventsConsumer {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
  ) {}

  @BusEventPattern(Topics.catalogueItem, { inbox: false })
  async onItem(@Payload() event: EventEnvelope<CatalogueItemSnapshot | CatalogueItemDeleted | CatalogueItemStockChanged>): Promise<void> {
    switch (event.type) {
      case CatalogueItemEvents.created:
      case CatalogueItemEvents.updated: {
        const d = event.data as CatalogueItemSnapshot;
        await this.tx.statement(
          (db) =>
            UPSERT_REF.execute(db, {
              itemId: d.itemId,
              ownerId: d.ownerId,
              type: d.type,
              listState: d.listState,
              hidden: d.hidden,
              isDropshipping: d.isDropshipping,
              soldOut: d.soldOut,
              revision: d.revision,
            }),
          { events: false },
        );
        return;
      }
      case CatalogueItemEvents.stockChanged: {
        const d = event.data as CatalogueItemStockChanged;
        await this.tx.statement((db) => STOCK_CHANGED.execute(db, { itemId: d.itemId, soldOut: d.soldOut, revision: d.revision }), {
          events: false,
        });
        return;
      }
      case CatalogueItemEvents.deleted: {
        const d = event.data;
        await this.tx.run(async (tx) => {
          await tx
            .insert(itemRefs)
            .values({ itemId: d.itemId, ownerId: d.ownerId, type: '', listState: 'unpublished', deleted: true, revision: d.revision })
            .onConflictDoUpdate({ target: itemRefs.itemId, set: { deleted: true, revision: d.revision, updatedAt: sql`now()` } });
          // a redelivery finds no shop left to remove the item from, and writes no second event
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
        });
        return;
      }
      default:
        return;
    }
  }
}
