import { activeServiceTracer, activeTraceparent, inSpan } from '../telemetry/tracing.js';
import type { EventEnvelope } from '@vitrina/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database.js';
import { newId } from '../db/ids.js';
import { PreparedSql } from '../db/prepared-sql.js';
import { currentContext, currentTraceId } from '../logging/context.js';
import type { PlatformTables } from './tables.js';
import { noteOutboxWrite } from './transaction-runner.js';

export interface NewEvent<TData = unknown> {
  /** `<topic>.<fact>`, e.g. `catalogue.item.created`; the topic is everything before the last dot. */
  type: string;
  /** Aggregate id: events with one key stay in order. */
  key: string;
  data: TData;
  version?: number;
  shopId?: string;
  actorId?: string;
}

export function topicOf(type: string): string {
  const cut = type.lastIndexOf('.');
  if (cut <= 0) throw new Error(`event type "${type}" has no topic prefix`);
  return type.slice(0, cut);
}

/** Writes events into the outbox inside the caller's transaction. */
export class Outbox {
  /**
   * The rows as one JSON array, in their order (`seq` follows it): one statement text for any number of events, built
   * once (every write of every service adds events: drizzle's building of an INSERT was a tenth of a consumer's CPU).
   */
  private readonly insert: PreparedSql<{ rows: string }>;

  constructor(private readonly tables: PlatformTables) {
    this.insert = new PreparedSql(
      () => sql`insert into ${tables.outbox} (id, topic, key, envelope)
        select e.value->>'id', e.value->>'topic', e.value->>'key', e.value->'envelope'
        from jsonb_array_elements(${sql.placeholder('rows')}::jsonb) with ordinality as e(value, n)
        order by e.n`,
    );
  }

  async add(tx: Tx, events: NewEvent | NewEvent[]): Promise<EventEnvelope[]> {
    const list = Array.isArray(events) ? events : [events];
    if (list.length === 0) return [];
    const write = async (): Promise<EventEnvelope[]> => {
      const rows = this.rows(list);
      await this.insert.execute(tx, { rows: JSON.stringify(rows) });
      noteOutboxWrite(tx);
      return rows.map((r) => r.envelope);
    };
    const tracer = activeServiceTracer();
    return tracer ? inSpan(tracer, `outbox ${list.map((e) => e.type).join(', ')}`, {}, write) : write();
  }

  /**
   * The outbox rows of `events` (ids, envelopes with the request's trace and actor), for a caller that writes them in
   * a statement of its own (a data-modifying CTE that moves an aggregate and records its events in one round trip).
   * Those rows must commit with the change they describe, exactly as `add` does.
   */
  rows(events: NewEvent[]): { id: string; topic: string; key: string; envelope: EventEnvelope }[] {
    const ctx = currentContext();
    // Inside the outbox span when tracing: the consumer's span becomes its child, in the same trace.
    const traceparent = activeTraceparent();
    return events.map((e) => {
      const envelope: EventEnvelope = {
        id: newId(),
        type: e.type,
        version: e.version ?? 1,
        occurredAt: new Date().toISOString(),
        key: e.key,
        ...(e.shopId ? { shopId: e.shopId } : {}),
        ...((e.actorId ?? ctx?.userId) ? { actorId: e.actorId ?? ctx?.userId } : {}),
        traceId: currentTraceId(),
        ...(traceparent ? { traceparent } : {}),
        data: e.data,
      };
      return { id: envelope.id, topic: topicOf(envelope.type), key: envelope.key, envelope };
    });
  }
}
