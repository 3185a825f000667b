import { rowsOf, type Db, type NewEvent, type Outbox, type Tx } from '@vitrina/platform';
import { getTableColumns, sql, type Table } from 'drizzle-orm';
import * as schema from '../db/schema.js';

type OrderInsert = typeof schema.orders.$inferInsert;
type LineInsert = typeof schema.orderLines.$inferInsert;

/** The line columns the statement writes: all but order_id, which comes from the inserted order. */
const lineColumns = Object.values(getTableColumns(schema.orderLines))
  .map((c) => c.name)
  .filter((name) => name !== 'order_id');

/**
 * An order's placement as one statement (the card payment path: it was nine round trips, the inbox transaction
 * included): the INSERT of the order `on conflict (checkout_id) do nothing`, then its lines, its first history row
 * and its outbox rows in data-modifying CTEs that read the inserted row, so a checkout that already has its order
 * (a redelivered or raced event, the customer's POST) writes nothing at all. Every value is computed before (ids,
 * `placed_at`, the lines), so the events say exactly what was written. The order and its lines travel as JSON in one
 * parameter each (`jsonb_populate_record`), so one statement text serves any number of lines.
 *
 * Answers the order's id and whether this statement created it. When it already existed the same statement finds it;
 * only when a concurrent placement committed it while this one waited on the unique index (the statement's snapshot
 * predates it) is it read again.
 */
export async function insertOrderOnce(
  db: Db<typeof schema> | Tx<typeof schema>,
  outbox: Outbox,
  order: OrderInsert,
  lines: Omit<LineInsert, 'orderId'>[],
  events: NewEvent[],
): Promise<{ orderId: string; created: boolean }> {
  const orderJson = recordOf(schema.orders, order);
  const orderColumns = sql.join(
    Object.keys(orderJson).map((name) => sql.identifier(name)),
    sql`, `,
  );
  const linesJson = lines.map((line) => recordOf(schema.orderLines, line));
  const lineList = sql.join(
    lineColumns.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const lineValues = sql.join(
    lineColumns.map((name) => sql`l.${sql.identifier(name)}`),
    sql`, `,
  );
  const rows = outbox.rows(events);
  const result = await db.execute(sql`
    with ins as (
      insert into ${schema.orders} (${orderColumns})
      select ${orderColumns} from jsonb_populate_record(null::${schema.orders}, ${JSON.stringify(orderJson)}::jsonb)
      on conflict (checkout_id) do nothing
      returning *
    ), lines as (
      insert into ${schema.orderLines} (order_id, ${lineList})
      select ins.id, ${lineValues}
      from ins, jsonb_populate_recordset(null::${schema.orderLines}, ${JSON.stringify(linesJson)}::jsonb) as l
    ), hist as (
      insert into ${schema.orderTransitions} (order_id, from_state, to_state, action, actor, actor_id, at)
      select ins.id, null, ins.state, 'place', case when ins.prepaid then 'system' else 'customer' end,
        case when ins.prepaid then null else ins.user_id end, ins.placed_at
      from ins
    ), events as (
      insert into ${schema.outbox} (id, topic, key, envelope)
      select e.id, e.topic, e.key, e.envelope
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(id text, topic text, key text, envelope jsonb)
      where exists (select 1 from ins)
    )
    select ins.id, true as created from ins
    union all
    select o.id, false from ${schema.orders} o where o.checkout_id = ${order.checkoutId} and not exists (select 1 from ins)`);
  const [found] = rowsOf<{ id: string; created: boolean }>(result);
  if (found) return { orderId: found.id, created: found.created };
  const [winner] = rowsOf<{ id: string }>(await db.execute(sql`select id from ${schema.orders} where checkout_id = ${order.checkoutId}`));
  // the unique index stopped the insert, so some transaction committed the checkout's order
  if (!winner) throw new Error(`order of checkout ${order.checkoutId} neither inserted nor found`);
  return { orderId: winner.id, created: false };
}

/**
 * `row` keyed by column name, as `jsonb_populate_record` reads it: dates as ISO strings (JSON.stringify), jsonb
 * columns as JSON values. Undefined fields are left out: an order's columns then take their defaults, as with
 * drizzle, but a line's become null (the line column list is fixed), so line rows carry every column.
 */
function recordOf(table: Table, row: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(table);
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(row)) {
    if (value === undefined) continue;
    const column = columns[field];
    if (!column) throw new Error(`no column for ${field}`);
    out[column.name] = value;
  }
  return out;
}
