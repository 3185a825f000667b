import { index, integer, jsonb, pgSchema, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The platform's tables, created in each service's own schema: spread the result into the service's
 * `src/db/schema.ts` so drizzle-kit generates them into that service's migrations.
 */
export function platformTables(schemaName: string) {
  const schema = pgSchema(schemaName);

  /** Events written in the same transaction as the state change; the relay publishes them. */
  const outbox = schema.table(
    'outbox',
    {
      seq: integer('seq').primaryKey().generatedAlwaysAsIdentity(),
      id: text('id').notNull(),
      topic: text('topic').notNull(),
      key: text('key').notNull(),
      envelope: jsonb('envelope').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      attempts: integer('attempts').notNull().default(0),
      nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
      lastError: text('last_error'),
      publishedAt: timestamp('published_at', { withTimezone: true }),
    },
    (t) => [
      uniqueIndex('outbox_id_uq').on(t.id),
      index('outbox_pending_idx').on(t.nextAttemptAt, t.seq).where(sqlPending()),
      // The relay reads the oldest unpublished rows in `seq` order: without this index PostgreSQL walks the primary key
      // through every published row kept for the retention window (24 ms a poll with 200,000 of them; 0.04 ms with it).
      index('outbox_pending_seq_idx').on(t.seq).where(sqlPending()),
    ],
  );

  /** Ids of events a consumer group has applied; inserted in the consumer's own transaction. */
  const inbox = schema.table(
    'inbox',
    {
      eventId: text('event_id').notNull(),
      consumer: text('consumer').notNull(),
      type: text('type').notNull(),
      processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [uniqueIndex('inbox_event_consumer_uq').on(t.eventId, t.consumer)],
  );

  /**
   * The local (embedded) job queue, persisted so a crash loses no job (jobs/local-job-queue.ts).
   * A worker claims a due row by setting state `active`, bumping `attempt` (which doubles as the
   * fencing token of that claim) and taking a lease until `locked_until`; a row whose lease ran out
   * (its process died mid-run) is due again.
   */
  const jobs = schema.table(
    'jobs',
    {
      id: text('id').primaryKey(),
      name: text('name').notNull(),
      data: jsonb('data').notNull(),
      state: text('state').notNull().default('waiting'), // waiting | active | completed | failed
      /** Attempts started so far, the running one included; incremented by every claim. */
      attempt: integer('attempt').notNull().default(0),
      maxAttempts: integer('max_attempts').notNull(),
      backoffMs: integer('backoff_ms').notNull(),
      /** When a waiting job is due (first run or next retry). */
      runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
      /** Lease of an active job: past it, the job is due again. */
      lockedUntil: timestamp('locked_until', { withTimezone: true }),
      /** The queue instance holding the lease (diagnostics only). */
      lockedBy: text('locked_by'),
      lastError: text('last_error'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      finishedAt: timestamp('finished_at', { withTimezone: true }),
    },
    (t) => [
      // A claim reads one name's waiting rows in run_at order and its active rows whose lease ran out.
      index('jobs_due_idx').on(t.state, t.name, t.runAt),
      // Pruning of finished rows.
      index('jobs_finished_idx')
        .on(t.finishedAt)
        .where(sql`finished_at is not null`),
    ],
  );

  /** Synthetic end-to-end checks: pings this service received through bus and inbox (diagnostics). */
  const pings = schema.table('diagnostic_pings', {
    id: text('id').primaryKey(),
    fromService: text('from_service').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  });

  return { outbox, inbox, jobs, pings };
}

import { sql } from 'drizzle-orm';
function sqlPending() {
  return sql`published_at is null`;
}

export type PlatformTables = ReturnType<typeof platformTables>;
