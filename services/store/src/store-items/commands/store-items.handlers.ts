import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { StoreEvents, type ItemType, type ListState, type StoreItemList, type StoreItemsChanged } from '@vitrina/contracts';
import { DB, Outbox, TransactionRunner, listResponse, type Db, type Tx } from '@vitrina/platform';
import { itemRefs, shopItems } from '../../db/schema.js';
import { shopOfOwner, type ShopRow } from '../../shops/shop.repository.js';
import { checkAddable } from '../domain/store-items.rules.js';

/**
 * Items in store (spec 1 §2 'Add-products modal'; issue 4/5): the owner adds and removes items, checks
 * which ids are in store. Each change publishes `store.items.added` / `removed` (the catalogue's listings
 * follow from it), keyed by the shop.
 */
@Injectable()
export class StoreItemsHandlers {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
  ) {}

  /** Adds items (all or none: one refused item refuses the request). Answers the ids now in store. */
  async add(ownerId: string, itemIds: string[]): Promise<string[]> {
    const ids = [...new Set(itemIds)];
    return this.tx.run(async (tx) => {
      const shop = await shopOfOwner(tx, ownerId, { forUpdate: true });
      const refs = ids.length ? await tx.select().from(itemRefs).where(inArray(itemRefs.itemId, ids)) : [];
      const byId = new Map(refs.map((r) => [r.itemId, r]));
      for (const id of ids) checkAddable(shop, id, byId.get(id));
      const added = await tx
        .insert(shopItems)
        .values(ids.map((itemId) => ({ shopId: shop.id, itemId })))
        .onConflictDoNothing()
        .returning({ id: shopItems.itemId });
      if (added.length > 0)
        await this.publish(
          tx,
          shop,
          StoreEvents.itemsAdded,
          added.map((a) => a.id),
          ownerId,
        );
      return ids;
    });
  }

  async remove(ownerId: string, itemIds: string[]): Promise<void> {
    const ids = [...new Set(itemIds)];
    await this.tx.run(async (tx) => {
      const shop = await shopOfOwner(tx, ownerId, { forUpdate: true });
      const removed = await tx
        .delete(shopItems)
        .where(and(eq(shopItems.shopId, shop.id), inArray(shopItems.itemId, ids)))
        .returning({ id: shopItems.itemId });
      if (removed.length > 0)
        await this.publish(
          tx,
          shop,
          StoreEvents.itemsRemoved,
          removed.map((r) => r.id),
          ownerId,
        );
    });
  }

  /** spec 1 §7 'Check products in store': ids -> flag. */
  async inStore(shopId: string, itemIds: string[]): Promise<Record<string, boolean>> {
    const ids = [...new Set(itemIds)];
    const found = ids.length
      ? await this.db
          .select({ id: shopItems.itemId })
          .from(shopItems)
          .where(and(eq(shopItems.shopId, shopId), inArray(shopItems.itemId, ids)))
      : [];
    const present = new Set(found.map((f) => f.id));
    return Object.fromEntries(ids.map((id) => [id, present.has(id)]));
  }

  /** The owner's items in store, newest first, with what the store knows of each. */
  async list(shopId: string, q: { type?: string; offset?: number; limit?: number }): Promise<StoreItemList> {
    const conds: SQL[] = [eq(shopItems.shopId, shopId)];
    if (q.type) conds.push(eq(itemRefs.type, q.type));
    const where = and(...conds);
    const rows = await this.db
      .select({
        id: shopItems.itemId,
        addedAt: shopItems.addedAt,
        type: itemRefs.type,
        owner: itemRefs.ownerId,
        listState: itemRefs.listState,
        hidden: itemRefs.hidden,
      })
      .from(shopItems)
      .leftJoin(itemRefs, eq(itemRefs.itemId, shopItems.itemId))
      .where(where)
      .orderBy(asc(shopItems.addedAt), asc(shopItems.itemId))
      .offset(q.offset ?? 0)
      .limit(q.limit ?? 30);
    const [total] = await this.db
      .select({ n: count() })
      .from(shopItems)
      .leftJoin(itemRefs, eq(itemRefs.itemId, shopItems.itemId))
      .where(where);
    return listResponse(
      rows.map((r) => ({
        id: r.id,
        // item_refs holds what the catalogue's events said: one of ITEM_TYPES, one of LIST_STATES.
        type: r.type as ItemType | null,
        owner: r.owner,
        list_state: r.listState as ListState | null,
        hiden: r.hidden ?? false,
        added_at: r.addedAt.toISOString(),
      })),
      Number(total?.n ?? 0),
    );
  }

  private publish(tx: Tx, shop: ShopRow, type: string, itemIds: string[], actorId: string) {
    return this.outbox.add(tx, {
      type,
      key: shop.id,
      shopId: shop.id,
      actorId,
      data: { shopId: shop.id, itemIds } satisfies StoreItemsChanged,
    });
  }
}
