import { CatalogueItemEvents } from '@vitrina/contracts';
import { PreparedSql, type Db, type Outbox, type Tx } from '@vitrina/platform';
import { sql } from 'drizzle-orm';
import { items, outbox as outboxTable, stockReservations } from '../db/schema.js';

const p = sql.placeholder;

interface CommitOneValues extends Record<string, unknown> {
  checkoutId: string;
  itemId: string;
  now: string;
  rows: string;
}

/**
 * The commit of a paid checkout whose reservations are all on one item (a 'Comprar ahora', most carts) as one
 * statement (it was BEGIN, the inbox claim, the reservations' UPDATE, the item's UPDATE, the outbox INSERT, COMMIT):
 * the checkout's `held` rows become `committed`, the item gives up their units (available and reserved go down, the
 * revision moves) and its stock-changed event is written from the updated row, in data-modifying CTEs that commit
 * together. Only `held` rows move, so a repeat (a redelivered payment, two racing) finds none and changes nothing: the
 * second waits on the first's reservation rows and then sees them committed. Held rows on another item (the payment's
 * lines said one item, the reservations say more) make it change nothing and say so (`elsewhere`): several items are
 * for the transaction that locks them in id order. The event's `data` is `itemEvents.stockChanged`'s, field by field
 * (a sibling CTE sees the table as it was, so it comes from the UPDATE's RETURNING); a deleted item gets none.
 */
const COMMIT_ONE = new PreparedSql<CommitOneValues>(
  () => sql`
    with elsewhere as (
      select exists (
        select 1 from ${stockReservations}
        where checkout_id = ${p('checkoutId')} and status = 'held' and item_id <> ${p('itemId')}
      ) as found
    ), committed as (
      update ${stockReservations} set status = 'committed', updated_at = ${p('now')}::timestamptz
      where checkout_id = ${p('checkoutId')} and status = 'held' and not (select found from elsewhere)
      returning item_id, held
    ), moved as (
      update ${items} i
      set available = i.available - c.held, reserved = i.reserved - c.held, revision = i.revision + 1, updated_at = now()
      from (select item_id, sum(held)::int as held from committed group by item_id) c
      where i.id = c.item_id and c.held > 0
      returning i.id, i.owner_id, i.available, i.stock_type, i.max_purchase_amount, i.sold_out, i.revision, i.deleted_at
    ), events as (
      insert into ${outboxTable} (id, topic, key, envelope)
      select e.id, e.topic, e.key, jsonb_set(e.envelope, '{data}', jsonb_build_object(
          'itemId', m.id, 'ownerId', m.owner_id, 'available', m.available, 'stockType', m.stock_type,
          'maxPurchaseAmount', m.max_purchase_amount, 'soldOut', m.sold_out, 'revision', m.revision
        ))
      from moved m, jsonb_to_recordset(${p('rows')}::jsonb) as e(id text, topic text, key text, envelope jsonb)
      where m.deleted_at is null and m.id = e.key
    )
    select (select count(*) from committed)::int as committed, (select found from elsewhere) as elsewhere`,
);

export interface CommitOneResult {
  /** Reservation rows committed (0: nothing was held, or `elsewhere`). */
  committed: number;
  /** The checkout holds units of another item too: nothing was written. */
  elsewhere: boolean;
}

/** Commits a checkout held on `itemId` alone (see COMMIT_ONE), on `db` or inside the caller's transaction. */
export async function commitOneItem(db: Db | Tx, outbox: Outbox, checkoutId: string, itemId: string, now: Date): Promise<CommitOneResult> {
  // The envelope (id, trace, actor) is built here, its data by the statement from the updated row.
  const rows = outbox.rows([{ type: CatalogueItemEvents.stockChanged, key: itemId, data: null }]);
  const [row] = await COMMIT_ONE.execute<CommitOneResult>(db, { checkoutId, itemId, now: now.toISOString(), rows: JSON.stringify(rows) });
  return { committed: Number(row?.committed ?? 0), elsewhere: Boolean(row?.elsewhere) };
}
