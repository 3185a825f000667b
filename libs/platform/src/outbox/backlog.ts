import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import type { PlatformTables } from './tables.js';

export interface OutboxBacklog {
  /** Rows not yet published, rows in flight on the in-process bus (next_attempt_at = infinity) included. */
  rows: number;
  /** Seconds since the oldest of them was written; 0 when there is none. */
  oldestAgeSeconds: number;
}

/**
 * The outbox's backlog, read at scrape time (telemetry/metrics.ts). One statement whose `published_at is null`
 * predicate is the one of the partial index `outbox_pending_idx` (tables.ts), so it reads only unpublished rows,
 * however many published ones the table keeps for inspection: its cost grows with the backlog, not the table.
 */
export async function outboxBacklog(db: Db, tables: PlatformTables): Promise<OutboxBacklog> {
  const outbox = tables.outbox;
  const result = (await db.execute(sql`
    select count(*)::int as rows,
           coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)::float8 as age
      from ${outbox}
     where ${outbox.publishedAt} is null`)) as { rows: Array<{ rows: number | string; age: number | string }> };
  const row = result.rows[0];
  return { rows: Number(row?.rows ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.age ?? 0)) };
}
