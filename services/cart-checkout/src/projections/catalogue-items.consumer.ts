import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { sql } from 'drizzle-orm';
import {
  CatalogueItemEvents,
  Topics,
  type CatalogueItemDeleted,
  type CatalogueItemSnapshot,
  type CatalogueItemStockChanged,
  type EventEnvelope,
} from '@vitrina/contracts';
import { BusEventPattern, PreparedSql, TransactionRunner } from '@vitrina/platform';
import { items, supplierStates } from '../db/schema.js';
import { supplierLockKey } from './accounts-suppliers.consumer.js';

/** The item write's share of the supplier's lock (see supplierLock), built once. */
const LOCK_SUPPLIER_SHARED = new PreparedSql<{ lock: string }>(
  () => sql`select pg_advisory_xact_lock_shared(hashtext(${sql.placeholder('lock')}::text))`,
);

const SNAPSHOT_COLUMNS = [
  'owner_id',
  'type',
  'name',
  'slug',
  'list_state',
  'hidden',
  'is_dropshipping',
  'is_free',
  'price_minor',
  'contribution_margin_minor',
  'currency',
  'sold_out',
  'available',
  'stock_type',
  'max_purchase_amount',
  'photo',
  'description',
  'experience_date',
  'variants',
  'revision',
  'owner_disabled',
];

/**
 * A created or updated snapshot, built once: inserted, or applied over an older revision of a live row. The supplier
 * state is read in the statement (a supplier disabled before this item arrived: its line is disabled too).
 */
const UPSERT_SNAPSHOT = new PreparedSql<Record<string, unknown>>(() => {
  const p = (name: string) => sql.placeholder(name);
  return sql`insert into ${items} (item_id, ${sql.raw(SNAPSHOT_COLUMNS.join(', '))}, updated_at)
    values (${p('itemId')}, ${p('ownerId')}, ${p('type')}, ${p('name')}, ${p('slug')}, ${p('listState')}, ${p('hidden')}::boolean,
      ${p('isDropshipping')}::boolean, ${p('isFree')}::boolean, ${p('priceMinor')}::int, ${p('contributionMarginMinor')}::int,
      ${p('currency')}, ${p('soldOut')}::boolean, ${p('available')}::int, ${p('stockType')}, ${p('maxPurchaseAmount')}::int,
      ${p('photo')}, ${p('description')}, ${p('experienceDate')}::timestamptz, ${p('variants')}::jsonb, ${p('revision')}::int,
      coalesce((select not ${supplierStates.enabled} from ${supplierStates} where ${supplierStates.supplierId} = ${p('ownerId')}), false),
      now())
    on conflict (item_id) do update set ${sql.raw(SNAPSHOT_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', '))}, updated_at = now()
    where ${items.revision} < excluded.revision and not ${items.deleted}`;
});

/**
 * A newer snapshot over the live row it already has: one statement, no transaction, no lock. The supplier's state
 * (`owner_disabled`) is not among the columns it sets: a supplier's state change writes it on every row of that
 * supplier under the exclusive lock, and an UPDATE that waits for such a change's row locks applies its own columns
 * to the row that change left. Answers the row when it wrote one.
 */
const UPDATE_SNAPSHOT = new PreparedSql<Record<string, unknown>>(() => {
  const p = (name: string) => sql.placeholder(name);
  return sql`update ${items} set owner_id = ${p('ownerId')}, type = ${p('type')}, name = ${p('name')}, slug = ${p('slug')},
      list_state = ${p('listState')}, hidden = ${p('hidden')}::boolean, is_dropshipping = ${p('isDropshipping')}::boolean,
      is_free = ${p('isFree')}::boolean, price_minor = ${p('priceMinor')}::int,
      contribution_margin_minor = ${p('contributionMarginMinor')}::int, currency = ${p('currency')},
      sold_out = ${p('soldOut')}::boolean, available = ${p('available')}::int, stock_type = ${p('stockType')},
      max_purchase_amount = ${p('maxPurchaseAmount')}::int, photo = ${p('photo')}, description = ${p('description')},
      experience_date = ${p('experienceDate')}::timestamptz, variants = ${p('variants')}::jsonb, revision = ${p('revision')}::int,
      updated_at = now()
    where ${items.itemId} = ${p('itemId')} and ${items.revision} < ${p('revision')}::int and not ${items.deleted}
    returning 1 as written`;
});

/**
 * The service's projection of the catalogue's items (`catalogue.item`): name, photo, price, stock and state, which
 * carts show and the quantity rules read. Never a read of the catalogue's tables. A snapshot older than the row
 * (redelivered out of order) changes nothing; a deleted item keeps its row, marked, so its cart lines go disabled.
 * Every write is guarded by the revision (or, for a deletion, sets what a repeat sets again), so a redelivered event
 * changes nothing without the inbox: the bus hands these events over without its transaction (`inbox: false`).
 */
@Controller()
export class CatalogueItemsConsumer {
  constructor(private readonly tx: TransactionRunner) {}

  @BusEventPattern(Topics.catalogueItem, { inbox: false })
  async onItem(@Payload() event: EventEnvelope<CatalogueItemSnapshot | CatalogueItemDeleted | CatalogueItemStockChanged>): Promise<void> {
    switch (event.type) {
      case CatalogueItemEvents.created:
      case CatalogueItemEvents.updated: {
        const d = event.data as CatalogueItemSnapshot;
        const values = {
          itemId: d.itemId,
          ownerId: d.ownerId,
          type: d.type,
          name: d.name,
          slug: d.slug,
          listState: d.listState,
          hidden: d.hidden,
          isDropshipping: d.isDropshipping,
          isFree: d.isFree,
          priceMinor: d.isFree ? 0 : d.listPriceMinor,
          contributionMarginMinor: d.contributionMarginMinor ?? 0,
          currency: d.currency,
          soldOut: d.soldOut,
          available: d.available,
          stockType: d.stockType,
          maxPurchaseAmount: d.maxPurchaseAmount,
          photo: d.photo,
          description: d.description ?? '',
          experienceDate: d.experienceDate ? new Date(d.experienceDate).toISOString() : null,
          variants: JSON.stringify(d.variants ?? {}),
          revision: d.revision,
        };
        // An item it has (every edit after the first): one statement. Otherwise (a new item, or a snapshot no newer
        // than the row) the insert, with the supplier's state read under the shared lock in the same transaction, so a
        // supplier's state change (exclusive) cannot pass between the read and the write.
        if ((await UPDATE_SNAPSHOT.execute(this.tx.db, values)).length > 0) return;
        await this.tx.run(async (tx) => {
          await LOCK_SUPPLIER_SHARED.execute(tx, { lock: supplierLockKey(d.ownerId) });
          await UPSERT_SNAPSHOT.execute(tx, values);
        });
        return;
      }
      case CatalogueItemEvents.stockChanged: {
        const d = event.data as CatalogueItemStockChanged;
        await this.tx.db
          .update(items)
          .set({
            available: d.available,
            stockType: d.stockType,
            maxPurchaseAmount: d.maxPurchaseAmount,
            soldOut: d.soldOut,
            revision: d.revision,
            updatedAt: sql`now()`,
          })
          .where(sql`${items.itemId} = ${d.itemId} and ${items.revision} < ${d.revision}`);
        return;
      }
      case CatalogueItemEvents.deleted: {
        const d = event.data;
        await this.tx.db
          .insert(items)
          .values({
            itemId: d.itemId,
            ownerId: d.ownerId,
            type: 'product',
            name: '',
            slug: '',
            listState: 'unpublished',
            deleted: true,
            revision: d.revision,
          })
          .onConflictDoUpdate({ target: items.itemId, set: { deleted: true, revision: d.revision, updatedAt: sql`now()` } });
        return;
      }
      default:
        return;
    }
  }
}
