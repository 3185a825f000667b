import { driverValue, PreparedSql, rowFromJson, type Db, type NewEvent, type Outbox, type Tx } from '@vitrina/platform';
import { getTableColumns, sql } from 'drizzle-orm';
import { items, outbox as outboxTable, shopItems } from '../../../db/schema.js';
import { isListed } from '../../domain/item.rules.js';
import { searchColumns, type ItemRow } from '../../item.repository.js';
import { draftColumns, EMPTY_DRAFT } from '../item-input.js';

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
  set: ItemEdit,
  events: NewEvent[],
): Promise<Omit<ItemRow, 'ownerName' | 'ownerEnabled'> | null> {
  const values: Record<string, unknown> = {
    id: current.id,
    revision: current.revision,
    listed: isListed(set.listState, set.hidden),
    events: JSON.stringify(outbox.rows(events)),
  };
  for (const [field, column] of EDITED) values[`set_${field}`] = driverValue(column, set[field]);
  const [found] = await UPDATE_IF_UNCHANGED.execute<{ item: Record<string, unknown> }>(db, values);
  return found ? rowFromJson(items, found.item) : null;
}

/** The columns an edit sets: every column of the draft, the search columns and the slug (`ItemEdit`'s keys). */
export type ItemEdit = ReturnType<typeof draftColumns> & ReturnType<typeof searchColumns> & { slug: string };
const EDITED_FIELDS: ReadonlyArray<keyof ItemEdit> = [
  ...(Object.keys(draftColumns({ ...EMPTY_DRAFT, type: 'product', name: '' })) as Array<keyof ItemEdit>),
  ...(Object.keys(searchColumns({ name: '', tags: [], description: '' })) as Array<keyof ItemEdit>),
  'slug',
];
const EDITED = EDITED_FIELDS.map((field) => [field, columns[field]] as const);

/**
 * The statement, built once with a placeholder for every value (its building per call was a tenth of the service's
 * CPU on an item edit). Each placeholder takes its type from the column it is assigned to.
 */
const UPDATE_IF_UNCHANGED = new PreparedSql<Record<string, unknown>>(
  () => sql`
    with upd as (
      update ${items} set ${sql.join(
        EDITED.map(([field, column]) => sql`${sql.identifier(column.name)} = ${sql.placeholder(`set_${field}`)}`),
        sql`, `,
      )}, revision = revision + 1, updated_at = now()
      where id = ${sql.placeholder('id')} and revision = ${sql.placeholder('revision')}
      returning *
    ), shops as (
      update ${shopItems} set item_known = true, item_type = upd.type, supplier_id = upd.owner_id, listed = ${sql.placeholder('listed')},
        list_price_minor = upd.list_price_minor, queue_position = upd.queue_position,
        search_name = upd.search_name, search_vector = upd.search_vector
      from upd
      where item_id = upd.id
    ), events as (
      insert into ${outboxTable} (id, topic, key, envelope)
      select e.id, e.topic, e.key, e.envelope
      from jsonb_to_recordset(${sql.placeholder('events')}::jsonb) as e(id text, topic text, key text, envelope jsonb)
      where exists (select 1 from upd)
    )
    select row_to_json(upd) as item from upd`,
);
