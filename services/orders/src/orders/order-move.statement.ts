import {
  driverValue,
  PreparedSqlShapes,
  rowFromJson,
  type ActiveIdempotencyKey,
  type PreparedSql,
  type Db,
  type NewEvent,
  type Outbox,
  type Tx,
} from '@vitrina/platform';
import { getTableColumns, sql } from 'drizzle-orm';
import * as schema from '../db/schema.js';
import type { OrderRow } from './order-access.js';
import type { TransitionJson } from './order.view.js';

export interface MoveRow {
  from: string;
  to: string;
  action: string;
  actor: string;
  actorId: string | null;
  at: Date;
}

const columns = getTableColumns(schema.orders);

/**
 * An order's move as one statement (issue 13's transitions benchmark: a move was nine round trips): the conditional
 * UPDATE on (id, version), the history row and the outbox rows in data-modifying CTEs, so they commit together as the
 * single statement's own transaction, without BEGIN and COMMIT. The history and outbox inserts read `upd`, so when
 * the version check fails nothing is written and the answer is null. Answers the updated row and its history entry
 * (as `json_agg` of the detail gives them), which with the detail read before the move make the answer. `also` adds a
 * write that happens only with the move (the Idempotency-Key's answer, so it commits with the move). Built once per
 * shape (`statementFor`).
 */
export async function moveOrder(
  db: Db<typeof schema> | Tx<typeof schema>,
  outbox: Outbox,
  order: Pick<OrderRow, 'id' | 'version'>,
  set: Partial<typeof schema.orders.$inferInsert>,
  move: MoveRow,
  events: NewEvent[],
  /** The call's Idempotency-Key and its answer's values (`completionValues`), written only with the move. */
  completion?: { key: ActiveIdempotencyKey; values: Record<string, unknown> },
): Promise<{ row: OrderRow; transition: TransitionJson } | null> {
  const fields = Object.keys(set) as Array<keyof typeof set>;
  const values: Record<string, unknown> = {
    id: order.id,
    version: order.version,
    from: move.from,
    to: move.to,
    action: move.action,
    actor: move.actor,
    actorId: move.actorId,
    at: move.at.toISOString(),
    events: JSON.stringify(outbox.rows(events)),
    ...completion?.values,
  };
  for (const field of fields) values[`set_${field}`] = driverValue(columns[field], set[field]);
  const [found] = await statementFor(fields, completion?.key).execute<{ order: Record<string, unknown>; transition: TransitionJson }>(
    db,
    values,
  );
  return found ? { row: rowFromJson(schema.orders, found.order), transition: found.transition } : null;
}

/**
 * The move's statement for the columns it sets, with or without the key's completion: built once per shape (a move
 * sets the columns its transition names, a handful of shapes in all) with a placeholder for every value, so a move
 * builds no SQL (its building was the service's largest cost on a move). Each `set_` placeholder takes its type from
 * the column it is assigned to.
 */
const statements = new PreparedSqlShapes<Record<string, unknown>>();
function statementFor(
  fields: ReadonlyArray<keyof typeof columns>,
  key: ActiveIdempotencyKey | undefined,
): PreparedSql<Record<string, unknown>> {
  return statements.get(`${fields.join(',')}${key ? '+key' : ''}`, () => {
    const p = sql.placeholder;
    const assignments = fields.map((field) => sql`${sql.identifier(columns[field].name)} = ${p(`set_${field}`)}`);
    const completion = key?.completionTemplate(sql`exists (select 1 from upd)`);
    return sql`
    with upd as (
      update ${schema.orders} set ${sql.join(assignments, sql`, `)}
      where ${sql.identifier('id')} = ${p('id')} and ${sql.identifier('version')} = ${p('version')}
      returning *
    ), hist as (
      insert into ${schema.orderTransitions} (order_id, from_state, to_state, action, actor, actor_id, at)
      select upd.id, ${p('from')}::text, ${p('to')}::text, ${p('action')}::text, ${p('actor')}::text, ${p('actorId')}::text, ${p('at')}::timestamptz
      from upd
      returning *
    ), events as (
      insert into ${schema.outbox} (id, topic, key, envelope)
      select e.id, e.topic, e.key, e.envelope
      from jsonb_to_recordset(${p('events')}::jsonb) as e(id text, topic text, key text, envelope jsonb)
      where exists (select 1 from upd)
    )${completion ? sql`, also as (${completion})` : sql``}
    select row_to_json(upd) as "order", (select row_to_json(hist) from hist) as "transition" from upd`;
  });
}
