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

/**
 * The snapshot's columns, each with the cast of its value: one list for the insert and for the update, so a column
 * added to the projection reaches both. The value of `column` is the placeholder of its camel-cased name.
 */
const SNAPSHOT_COLUMNS: ReadonlyArray<readonly [column: string, cast?: string]> = [
  ['owner_id'],
  ['type'],
  ['name'],
  ['slug'],
  ['list_state'],
  ['hidden', 'boolean'],
  ['is_dropshipping', 'boolean'],
  ['is_free', 'boolean'],
  ['price_minor', 'int'],
  ['contribution_margin_minor', 'int'],
  ['currency'],
  ['sold_out', 'boolean'],
  ['available', 'int'],
  ['stock_type'],
  ['max_purchase_amount', 'int'],
  ['photo'],
  ['description'],
  ['experience_date', 'timestamptz'],
  ['variants', 'jsonb'],
  ['revision', 'int'],
];
const valueOf = (column: string, cast?: string) => {
  const value = sql.placeholder(column.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()));
  return cast ? sql`${value}::${sql.raw(cast)}` : sql`${value}`;
};
const snapshotValues = () =>
  sql.join(
    SNAPSHOT_COLUMNS.map(([c, cast]) => valueOf(c, cast)),
    sql`, `,
  );
const columnList = (columns: string[]) => sql.raw(columns.join(', '));

/**
 * A created or updated snapshot, built once: inserted, or applied over an older revision of a live row. The supplier
 * state is read in the statement (a supplier disabled before this item arrived: its line is disabled too).
 */
const UPSERT_SNAPSHOT = new PreparedSql<Record<string, unknown>>(() => {
  const columns = [...SNAPSHOT_COLUMNS.map(([c]) => c), 'owner_disabled'];
  return sql`insert into ${items} (item_id, ${columnList(columns)}, updated_at)
    values (${sql.placeholder('itemId')}, ${snapshotValues()},
      coalesce((select not ${supplierStates.enabled} from ${supplierStates} where ${supplierStates.supplierId} = ${sql.placeholder('ownerId')}), false),
      now())
    on conflict (item_id) do update set ${columnList(columns.map((c) => `${c} = excluded.${c}`))}, updated_at = now()
    where ${items.revision} < excluded.revision and not ${items.deleted}`;
});

/**
 * A newer snapshot over the live row it already has: one statement, no transaction, no lock. The supplier's state
 * (`owner_disabled`) is not among the columns it sets: a supplier's state change writes it on every row of that
 * supplier under the exclusive lock, and an UPDATE that waits for such a change's row locks applies its own columns
 * to the row that change left. Answers the row when it wrote one.
 */
const UPDATE_SNAPSHOT = new PreparedSql<Record<string, unknown>>(
  () => sql`update ${items}
    set ${sql.join(
      SNAPSHOT_COLUMNS.map(([c, cast]) => sql`${sql.raw(c)} = ${valueOf(c, cast)}`),
      sql`, `,
    )}, updated_at = now()
    where ${items.itemId} = ${sql.placeholder('itemId')} and ${items.revision} < ${sql.placeholder('revision')}::int and not ${items.deleted}
    returning 1 as written`,
);

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
