import { rowFromJson, rowsOf, type Db, type NewEvent, type Outbox, type Tx } from '@vitrina/platform';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
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
 * write that happens only with the move (the Idempotency-Key's answer, so it commits with the move).
 */
export async function moveOrder(
  db: Db<typeof schema> | Tx<typeof schema>,
  outbox: Outbox,
  order: Pick<OrderRow, 'id' | 'version'>,
  set: Partial<typeof schema.orders.$inferInsert>,
  move: MoveRow,
  events: NewEvent[],
  /** Another write of the same statement, made only when the move is (the call's Idempotency-Key answer). */
  also?: (moved: SQL) => SQL,
): Promise<{ row: OrderRow; transition: TransitionJson } | null> {
  const assignments = Object.entries(set).map(([field, value]) => {
    const column = columns[field as keyof typeof columns];
    return value === null || value === undefined
      ? sql`${sql.identifier(column.name)} = null`
      : sql`${sql.identifier(column.name)} = ${sql.param(value, column)}`;
  });
  const rows = outbox.rows(events);
  const result = await db.execute(sql`
    with upd as (
      update ${schema.orders} set ${sql.join(assignments, sql`, `)}
      where ${sql.identifier('id')} = ${order.id} and ${sql.identifier('version')} = ${order.version}
      returning *
    ), hist as (
      insert into ${schema.orderTransitions} (order_id, from_state, to_state, action, actor, actor_id, at)
      select upd.id, ${move.from}, ${move.to}, ${move.action}, ${move.actor}, ${move.actorId}, ${move.at.toISOString()}::timestamptz
      from upd
      returning *
    ), events as (
      insert into ${schema.outbox} (id, topic, key, envelope)
      select e.id, e.topic, e.key, e.envelope
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(id text, topic text, key text, envelope jsonb)
      where exists (select 1 from upd)
    )${also ? sql`, also as (${also(sql`exists (select 1 from upd)`)})` : sql``}
    select row_to_json(upd) as "order", (select row_to_json(hist) from hist) as "transition" from upd`);
  const [found] = rowsOf<{ order: Record<string, unknown>; transition: TransitionJson }>(result);
  return found ? { row: rowFromJson(schema.orders, found.order), transition: found.transition } : null;
}
