import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
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
import { BusContext, BusEventPattern, Inbox, Outbox, PreparedSql, TransactionRunner } from '@vitrina/platform';
import { inbox, itemRefs, shopItems, shops } from '../../db/schema.js';
import { checkAddable } from '../../store-items/domain/store-items.rules.js';
import { shopSnapshot } from './shop-events.js';

/**
 * An event that changes nothing here claimed in one statement: the owner's shop (if any) already shows 'catalogues'
 * as `wants` says, so the claim is written and the event is done (`claimed` 1, or 0 for one claimed before).
 * `pending` 1 when the shop needs the change: nothing is claimed then, and the change runs in the inbox transaction.
 */
const CLAIM_IF_SETTLED = new PreparedSql<{ eventId: string; consumer: string; type: string; ownerId: string; wants: boolean }>(
  () => sql`with pending as (
      select 1 from ${shops}
      where ${shops.ownerId} = ${sql.placeholder('ownerId')}
        and ('catalogues' = any(${shops.sectionsInfo})) <> ${sql.placeholder('wants')}::boolean
    ), claim as (
      insert into ${inbox} (event_id, consumer, type)
      select ${sql.placeholder('eventId')}, ${sql.placeholder('consumer')}, ${sql.placeholder('type')}
      where not exists (select 1 from pending)
      on conflict do nothing returning 1
    )
    select (select count(*) from claim)::int as claimed, (select count(*) from pending)::int as pending`,
);

/**
 * The catalogue's custom catalogues as they touch the store (issue 5), in the inbox transaction:
 * - `sections_info` gains 'catalogues' when the owner has catalogues and loses it when the last one goes
 *   (every `catalogue.catalogue.*` event carries the owner's count; keyed by owner, so in order);
 * - a fork (`cloned`) or `products-added` puts those items in the owner's store (the store owns items in
 *   store): the ones the shop may show are added, others skipped (a franchise store only takes its
 *   supplier's), with `store.items.added`.
 * Most events (a catalogue created, renamed or moved by an owner who had catalogues already) change neither: they
 * are claimed in one statement (`CLAIM_IF_SETTLED`) instead of BEGIN, claim, the shop's row locked, COMMIT. The
 * inbox and the consumer name are the ones the transport's inbox would use, so a redelivery is dropped either way.
 */
@Controller()
export class CatalogueCataloguesConsumer {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
    private readonly inbox: Inbox,
  ) {}

  @BusEventPattern(CatalogueTopics.catalogue, { inbox: false })
  async onCatalogue(@Payload() event: EventEnvelope<CatalogueCatalogueChanged>, @Ctx() ctx: BusContext): Promise<void> {
    const d = event.data;
    if (!d?.ownerId || typeof d.ownerCatalogues !== 'number') return;
    const consumer = ctx.getGroup();
    if (event.type !== CatalogueCatalogueEvents.cloned && event.type !== CatalogueCatalogueEvents.productsAdded) {
      const [settled] = await CLAIM_IF_SETTLED.execute<{ claimed: number; pending: number }>(this.tx.db, {
        eventId: event.id,
        consumer,
        type: event.type,
        ownerId: d.ownerId,
        wants: d.ownerCatalogues > 0,
      });
      if (settled?.pending === 0) return;
    }
    await this.inbox.process(consumer, event, () => this.apply(event));
  }

  /** The change, in the inbox transaction. */
  private async apply(event: EventEnvelope<CatalogueCatalogueChanged>): Promise<void> {
    const d = event.data;
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
