import type { EventEnvelope } from '@vitrina/contracts';
import { and, asc, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import { tracksSettlement, type Settlement, type SettlementTrackingBus } from '../events/memory-event-bus.js';
import type { PlatformTables } from './tables.js';

export interface OutboxRelayOptions {
  db: Db;
  tables: PlatformTables;
  bus: EventBus;
  logger: Logger;
  /** Lock name shared by all instances of one service, so only one relays at a time (keeps per-key order). */
  lockName: string;
  pollMs: number;
  batchSize?: number;
  /**
   * Keep published rows this long for inspection, then delete them. Short by default: some events carry
   * one-time codes for delivery (accounts.user.pin-issued), which must not linger.
   */
  retentionHours?: number;
  /** Told of failed publishes (metrics). */
  events?: OutboxRelayEvents;
  /**
   * Longest wait for the bus to accept a batch (default 10 s). The relay publishes inside the transaction that holds
   * its lock, so a publish that hangs (a broker client waiting for a reconnect) would leave that transaction idle
   * until PostgreSQL's idle_in_transaction_session_timeout (DB_IDLE_IN_TRANSACTION_MS, 30 s) killed its connection.
   * Past this wait the publish counts as failed and the rows back off; should the bus take them after all, they are
   * published again later, which consumers' inboxes drop (delivery is at least once).
   */
  publishTimeoutMs?: number;
}

/**
 * The oldest unpublished rows in commit order (`seq`), in flight ones excepted, with whether each is due. Served by the
 * partial index `outbox_pending_seq_idx` (tables.ts): published rows stay for the retention window, and without it the
 * primary key was walked through all of them on every poll.
 */
export function pendingOutboxRows(conn: Pick<Db, 'select'>, outbox: PlatformTables['outbox'], batchSize: number) {
  return conn
    .select({ ...getTableColumns(outbox), due: sql<boolean>`${outbox.nextAttemptAt} <= now()` })
    .from(outbox)
    .where(and(isNull(outbox.publishedAt), ne(outbox.nextAttemptAt, IN_FLIGHT)))
    .orderBy(asc(outbox.seq))
    .limit(batchSize);
}

/** A failed publish of the relay: the topic and how many rows now wait for the retry. */
export interface RelayPublishFailure {
  topic: string;
  rows: number;
}

/**
 * What a service's relay reports to whoever listens (telemetry/metrics.ts counts failed publishes). One per service,
 * provided by PlatformModule so that the bootstrap can listen before the relay starts.
 */
export class OutboxRelayEvents {
  private readonly listeners = new Set<(failure: RelayPublishFailure) => void>();

  onPublishFailure(listener: (failure: RelayPublishFailure) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publishFailed(failure: RelayPublishFailure): void {
    for (const listener of this.listeners) {
      try {
        listener(failure);
      } catch {
        // metrics only
      }
    }
  }
}

/**
 * `next_attempt_at` of a row handed to an in-process bus and waiting for its consumers (not due again in this
 * process; the relay resets it at start).
 */
const IN_FLIGHT = sql`'infinity'::timestamptz`;

/**
 * Publishes outbox rows in commit order and marks them published. A failed publish is retried
 * with exponential backoff (capped at 60 s); rows after a failure wait, so events of one key never
 * overtake each other. Only one instance of a service relays at a time (advisory lock).
 *
 * When is a row published? With a broker (Redis Streams, Kafka) once the broker has accepted it: the broker keeps
 * it durably for every consumer group. With the in-process memory bus (a bus that tracks settlement), only once
 * every consumer group of its topic has committed it through its inbox or dead-lettered it: until then the row is
 * "in flight" (`next_attempt_at` = infinity, skipped by this process's relay), and a relay that starts in a new
 * process makes in-flight rows due again, so what a crash interrupted is delivered again; the inbox drops it for
 * the groups that had already committed it.
 */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running = false;
  private again = false;
  private stopped = true;
  private drains = 0;
  private current?: Promise<void>;
  /** Set when the bus tracks settlement (memory bus): rows are marked published once their consumers are done. */
  private readonly tracking?: SettlementTrackingBus;
  /** In-flight rows of a previous process have been made due again. */
  private recovered = false;
  /** Rows settled by every consumer group, waiting to be marked published (one statement for many). */
  private settled: number[] = [];
  private marking?: Promise<void>;

  constructor(private readonly o: OutboxRelayOptions) {
    if (tracksSettlement(o.bus)) this.tracking = o.bus;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.o.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Wakes the relay (after a commit); coalesces concurrent wake-ups. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.current = this.loop().finally(() => {
      this.running = false;
    });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        const moved = await this.drainOnce();
        if (moved === (this.o.batchSize ?? 100)) this.again = true;
      } catch (err) {
        this.o.logger.error({ err }, 'outbox relay failed; will retry');
      }
    } while (this.again && !this.stopped);
  }

  /** Publishes one batch; returns the number of rows handled. Exposed for tests. */
  async drainOnce(): Promise<number> {
    const { db, tables, bus } = this.o;
    const batchSize = this.o.batchSize ?? 100;
    const outbox = tables.outbox;
    this.drains++;
    if (this.tracking && !this.recovered) await this.recoverInFlight();
    const settlements: Array<[seq: number, settlement: Settlement]> = [];
    const handled = await db.transaction(async (tx) => {
      const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${this.o.lockName})) as ok`)) as {
        rows: Array<{ ok: boolean }>;
      };
      const lock = result.rows[0];
      if (!lock?.ok) return 0;
      // The oldest unpublished rows in commit order, up to the first one still backing off: a row committed after
      // a failed publish must not overtake the failed rows (they are the oldest pending ones).
      const pending = await pendingOutboxRows(tx, outbox, batchSize);
      const firstNotDue = pending.findIndex((r) => !r.due);
      const rows = firstNotDue < 0 ? pending : pending.slice(0, firstNotDue);
      if (rows.length === 0) return 0;
      const published: number[] = [];
      let failedAt = -1;
      let failure: unknown;
      // Publish consecutive rows of one topic together, in commit order; stop at the first failure.
      for (let i = 0; i < rows.length;) {
        let j = i;
        while (j < rows.length && rows[j].topic === rows[i].topic) j++;
        const chunk = rows.slice(i, j);
        try {
          const envelopes = chunk.map((r) => r.envelope as EventEnvelope);
          if (this.tracking) {
            const tracked = await this.bounded(this.tracking.publishTracked(rows[i].topic, envelopes), rows[i].topic);
            chunk.forEach((r, k) => settlements.push([r.seq, tracked[k]]));
          } else {
            await this.bounded(bus.publish(rows[i].topic, envelopes), rows[i].topic);
          }
          published.push(...chunk.map((r) => r.seq));
        } catch (err) {
          failedAt = i;
          failure = err;
          break;
        }
        i = j;
      }
      if (published.length > 0) {
        await tx
          .update(outbox)
          .set(this.tracking ? { nextAttemptAt: IN_FLIGHT } : { publishedAt: sql`now()` })
          .where(inArray(outbox.seq, published));
      }
      if (failedAt >= 0) {
        const failed = rows.slice(failedAt);
        const attempts = failed[0].attempts + 1;
        const delayMs = Math.min(60_000, 250 * 2 ** Math.min(attempts, 10));
        await tx
          .update(outbox)
          .set({
            attempts: sql`${outbox.attempts} + 1`,
            nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
            lastError: String((failure as Error)?.message ?? failure).slice(0, 500),
          })
          .where(
            inArray(
              outbox.seq,
              failed.map((r) => r.seq),
            ),
          );
        this.o.logger.warn({ err: failure, attempts, topic: failed[0].topic }, 'outbox publish failed; retrying with backoff');
        this.o.events?.publishFailed({ topic: failed[0].topic, rows: failed.length });
      }
      return rows.length;
    });
    // Only after the in-flight marks committed: a settlement may not be overwritten by them.
    for (const [seq, settlement] of settlements) void settlement.then(() => this.markSettled(seq));
    if (this.drains % 100 === 0) await this.prune();
    return handled;
  }

  /** `publish` or a rejection once publishTimeoutMs has passed (the publish itself may still complete). */
  private async bounded<T>(publish: Promise<T>, topic: string): Promise<T> {
    const ms = this.o.publishTimeoutMs ?? 10_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        publish,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            publish.catch(() => undefined);
            reject(new Error(`the bus did not accept the events of ${topic} within ${ms} ms`));
          }, ms);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Rows left in flight by a previous process (it died before their consumers were done) are due again. Runs once,
   * before this relay's first batch: only this process's relay hands rows to its in-process bus.
   */
  private async recoverInFlight(): Promise<void> {
    const outbox = this.o.tables.outbox;
    const again = await this.o.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(and(isNull(outbox.publishedAt), sql`${outbox.nextAttemptAt} = ${IN_FLIGHT}`))
      .returning({ seq: outbox.seq });
    this.recovered = true;
    if (again.length > 0)
      this.o.logger.info({ rows: again.length }, 'outbox rows in flight when the last process stopped; publishing them again');
  }

  private markSettled(seq: number): void {
    this.settled.push(seq);
    this.marking ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flushSettled());
  }

  /** Marks the settled rows published, in one statement; a failure leaves them in flight until the next start. */
  private async flushSettled(): Promise<void> {
    const seqs = this.settled;
    this.settled = [];
    this.marking = undefined;
    if (seqs.length === 0) return;
    const outbox = this.o.tables.outbox;
    try {
      await this.o.db
        .update(outbox)
        .set({ publishedAt: sql`now()` })
        .where(and(inArray(outbox.seq, seqs), isNull(outbox.publishedAt)));
    } catch (err) {
      this.o.logger.warn(
        { err, rows: seqs.length },
        'could not mark settled outbox rows published; they are published again at the next start',
      );
    }
  }

  private async prune(): Promise<void> {
    const hours = this.o.retentionHours ?? 1;
    await this.o.db.delete(this.o.tables.outbox).where(sql`${this.o.tables.outbox.publishedAt} < now() - make_interval(hours => ${hours})`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.current?.catch(() => undefined);
    // Rows settled so far are marked; later settlements are lost with the process and replayed at the next start.
    await this.marking;
  }
}
