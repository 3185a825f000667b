import { rowFromJson, rowsOf, type Db, type NewEvent, type Outbox, type Tx } from '@vitrina/platform';
import { getTableColumns, sql } from 'drizzle-orm';
import { items, outbox as outboxTable, shopItems } from '../../../db/schema.js';
import { isListed } from '../../domain/item.rules.js';
import type { ItemRow } from '../../item.repository.js';

const columns = getTableColumns(items);

/**
 * An item's edit as one statement (issue 18: it was six round trips, BEGIN to COMMIT, with the row locked across
 * them): the UPDATE of the item, conditional on the revision that was read (every write of the fields an edit sets
 * moves the revision), the copy of its listing and search columns into the shops that show it, and the outbox rows,
 * in data-modifying CTEs that commit together. The shops' columns come from the UPDATE's RETURNING (a sibling CTE
 * sees the table as it was). Answers the item as written, or null when its revision moved since it was read (nothing
 * is written then). A check violation (stock below what open checkouts hold, reserved since the read) is thrown.
 */
export async function updateItemIfUnchanged(
  db: Db | Tx,
  outbox: Outbox,
  current: Pick<ItemRow, 'id' | 'revision'>,
  set: Partial<typeof items.$inferInsert>,
  events: NewEvent[],
): Promise<Omit<ItemRow, 'ownerName' | 'ownerEnabled'> | null> {
  const assignments = Object.entries(set).map(([field, value]) => {
    const column = columns[field as keyof typeof columns];
    return value === null || value === undefined
      ? sql`${sql.identifier(column.name)} = null`
      : sql`${sql.identifier(column.name)} = ${sql.param(value, column)}`;
  });
  const listed = isListed(String(set.listState), Boolean(set.hidden));
  const rows = outbox.rows(events);
  const result = await db.execute(sql`
    with upd as (
      update ${items} set ${sql.join(assignments, sql`, `)}, revision = revision + 1, updated_at = now()
      where id = ${current.id} and revision = ${current.revision}
      returning *
    ), shops as (
      update ${shopItems} set item_known = true, item_type = upd.type, supplier_id = upd.owner_id, listed = ${listed},
        list_price_minor = upd.list_price_minor, queue_position = upd.queue_position,
        search_name = upd.search_name, search_vector = upd.search_vector
      from upd
      where item_id = upd.id
    ), events as (
      insert into ${outboxTable} (id, topic, key, envelope)
      select e.id, e.topic, e.key, e.envelope
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(id text, topic text, key text, envelope jsonb)
      where exists (select 1 from upd)
    )
    select row_to_json(upd) as item from upd`);
  const [found] = rowsOf<{ item: Record<string, unknown> }>(result);
  return found ? rowFromJson(items, found.item) : null;
}
