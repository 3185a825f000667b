import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { StoreEvents, Topics, type EventEnvelope, type StoreItemsChanged, type StoreShopCreated } from '@vitrina/contracts';
import { LOGGER, TransactionRunner, type Tx } from '@vitrina/platform';
import type { Logger } from 'pino';
import { items, shopItems, shops } from '../../db/schema.js';

/**
 * Keeps the catalogue's projections of the store: the shops (owner, slug, type) and which items each
 * shop shows. Runs in the inbox transaction, so a redelivered event changes nothing.
 */
@Controller()
export class StoreEventsConsumer {
  constructor(
    private readonly tx: TransactionRunner,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @EventPattern(Topics.storeItems)
  async onItems(@Payload() event: EventEnvelope<StoreItemsChanged>): Promise<void> {
    const { shopId, itemIds } = event.data;
    if (!shopId || !Array.isArray(itemIds) || itemIds.length === 0) return;
    await this.tx.run(async (tx) => {
      if (event.type === StoreEvents.itemsAdded) await addShopItems(tx, shopId, itemIds);
      else if (event.type === StoreEvents.itemsRemoved) {
        await tx.delete(shopItems).where(and(eq(shopItems.shopId, shopId), inArray(shopItems.itemId, itemIds)));
      }
    });
  }

  @EventPattern(Topics.storeShop)
  async onShop(@Payload() event: EventEnvelope<StoreShopCreated>): Promise<void> {
    if (event.type !== StoreEvents.shopCreated && event.type !== StoreEvents.shopUpdated) return;
    const d = event.data;
    if (!d.shopId || !d.ownerId || !d.slug) {
      this.logger.warn({ eventId: event.id }, 'store.shop event without shop, owner or slug; ignored');
      return;
    }
    const values = {
      ownerId: d.ownerId,
      slug: d.slug,
      name: d.name ?? d.slug,
      storeType: d.storeType ?? 'others',
      supplierId: d.supplierId ?? null,
      canonicalUrl: d.canonicalUrl ?? null,
      isProxy: d.isProxy ?? false,
      updatedAt: sql`now()`,
    };
    await this.tx.run((tx) =>
      tx
        .insert(shops)
        .values({ id: d.shopId, ...values })
        .onConflictDoUpdate({ target: shops.id, set: values }),
    );
  }
}

/**
 * Adds items to a shop's projection with their listing columns. An id the catalogue does not know yet
 * (the item's own event is late) gets a placeholder that the item's creation fills in; a deleted item is skipped.
 */
export async function addShopItems(tx: Tx, shopId: string, itemIds: string[]): Promise<void> {
  const ids = sql`array[${sql.join(
    itemIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  await tx.execute(sql`
    insert into ${shopItems} (shop_id, item_id, item_known, item_type, supplier_id, listed, list_price_minor, queue_position,
                              search_name, search_vector)
    select ${shopId}, v.id, i.id is not null, coalesce(i.type, ''), coalesce(i.owner_id, ''),
           coalesce(i.list_state = 'published' and not i.hidden, false), coalesce(i.list_price_minor, 0), coalesce(i.queue_position, 0),
           coalesce(i.search_name, ''), coalesce(i.search_vector, ''::tsvector)
      from unnest(${ids}) as v(id)
      left join ${items} i on i.id = v.id and i.deleted_at is null
     where not exists (select 1 from ${items} d where d.id = v.id and d.deleted_at is not null)
    on conflict (shop_id, item_id) do nothing`);
}
