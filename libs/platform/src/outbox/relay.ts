import type { EventEnvelope } from '@vitrina/contracts';
import { and, asc, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import { tracksSettlement, type Settlement, type SettlementTrackingBus } from '../events/memory-event-bus.js';
import { rowsOf } from '../db/rows.js';
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
  /** The clock of the high-water mark's watch and full scans (milliseconds; `Date.now` by default). Tests move it. */
  clock?: () => number;
}

/**
 * The oldest unpublished rows in commit order (`seq`), in flight ones excepted, with whether each is due. Served by the
 * partial index `outbox_pending_seq_idx` (tables.ts): published rows stay for the retention window, and without it the
 * primary key was walked through all of them on every poll. The relay's full scan (at start, then once a minute).
 */
export function pendingOutboxRows(conn: Pick<Db, 'select'>, outbox: PlatformTables['outbox'], batchSize: number) {
  return conn
    .select({ ...getTableColumns(outbox), due: sql<boolean>`${outbox.nextAttemptAt} <= now()` })
    .from(outbox)
    .where(and(isNull(outbox.publishedAt), ne(outbox.nextAttemptAt, IN_FLIGHT)))
    .orderBy(asc(outbox.seq))
    .limit(batchSize);
}

/** What the relay needs of a pending row. */
export interface PendingOutboxRow {
  seq: number;
  topic: string;
  envelope: unknown;
  attempts: number;
  due: boolean;
}

/**
 * The relay's usual scan: the pending rows above its high-water mark `after`, and the rows of `watch` (sequence numbers
 * below the mark that were not visible when the relay passed them: rows of transactions that had not committed yet),
 * in `seq` order. Unlike the full scan it never walks the index entries of rows the relay has published since the
 * table was last vacuumed: each publish leaves a dead entry in the partial index, which an index scan can mark dead
 * only once no transaction could still see the row, and under a steady write load (or with autovacuum off, as on
 * this machine and CI's) the full scan walked thousands of them per poll (18-31 ms a scan, most of PostgreSQL's time
 * in the card-payment benchmark; bench/README). Both branches are index range or point lookups on the same partial
 * index; one text whatever the size of `watch` (an array parameter), so it is prepared once per connection.
 */
export async function pendingOutboxRowsAfter(
  conn: Pick<Db, 'execute'>,
  outbox: PlatformTables['outbox'],
  batchSize: number,
  after: number,
  watch: readonly number[],
): Promise<PendingOutboxRow[]> {
  const result = await conn.execute(pendingOutboxRowsAfterSql(outbox, batchSize, after, watch));
  return rowsOf<PendingOutboxRow>(result).map((r) => ({
    ...r,
    seq: Number(r.seq),
    attempts: Number(r.attempts),
    envelope: typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope,
  }));
}

/** The statement of `pendingOutboxRowsAfter` (exposed for the plan tests). */
export function pendingOutboxRowsAfterSql(outbox: PlatformTables['outbox'], batchSize: number, after: number, watch: readonly number[]) {
  const pending = sql`${outbox.publishedAt} is null and ${outbox.nextAttemptAt} <> ${IN_FLIGHT}`;
  const columns = sql`${outbox.seq} as seq, ${outbox.topic} as topic, ${outbox.envelope} as envelope, ${outbox.attempts} as attempts, ${outbox.nextAttemptAt} <= now() as due`;
  return sql`
    select * from (
      (select ${columns} from ${outbox} where ${pending} and ${outbox.seq} = any(${`{${watch.join(',')}}`}::int[]))
      union all
      (select ${columns} from ${outbox} where ${pending} and ${outbox.seq} > ${after} order by ${outbox.seq} limit ${batchSize})
    ) p order by seq limit ${batchSize}`;
}

/**
 * How long a sequence number the relay passed without seeing its row stays watched: a row of a transaction that
 * commits later than this after its insert waits for the next full scan instead (at most `FULL_SCAN_MS`).
 */
const GAP_WAIT_MS = 10_000;
/** How often the relay scans every pending row, whatever its high-water mark says (the safety net). */
const FULL_SCAN_MS = 60_000;
/** Most sequence numbers watched at once (the highest are kept: a large gap is rows another instance published). */
const MAX_WATCH = 256;

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
  /**
   * The high-water mark: every row at or below it has been published by this relay, is in flight, or is watched
   * (`watch`). The usual scan starts above it (`pendingOutboxRowsAfter`); a full scan runs at start and once every
   * `FULL_SCAN_MS`, and finds whatever the mark missed (a row of another instance's range, a transaction that
   * committed more than `GAP_WAIT_MS` after writing its row).
   */
  private high = 0;
  /** Sequence numbers at or below `high` whose rows were not visible when the relay passed them, with when. */
  private readonly watch = new Map<number, number>();
  private nextFullScanAt = 0;

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
    let progress: (() => void) | undefined;
    const handled = await db.transaction(async (tx) => {
      const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${this.o.lockName})) as ok`)) as {
        rows: Array<{ ok: boolean }>;
      };
      const lock = result.rows[0];
      if (!lock?.ok) return 0;
      // The oldest unpublished rows in commit order, up to the first one still backing off: a row committed after
      // a failed publish must not overtake the failed rows (they are the oldest pending ones).
      const pending = await this.scan(tx, batchSize);
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
      // the mark moves once this transaction has committed the rows' new state
      progress = () => this.advance(rows, failedAt < 0 ? rows.length : failedAt);
      return rows.length;
    });
    progress?.();
    // Only after the in-flight marks committed: a settlement may not be overwritten by them.
    for (const [seq, settlement] of settlements) void settlement.then(() => this.markSettled(seq));
    if (this.drains % 100 === 0) await this.prune();
    return handled;
  }

  /** The pending rows of this drain: above the mark and the watched ones, or every one when a full scan is due. */
  private async scan(tx: Pick<Db, 'select' | 'execute'>, batchSize: number): Promise<PendingOutboxRow[]> {
    const now = (this.o.clock ?? Date.now)();
    for (const [seq, since] of this.watch) if (now - since > GAP_WAIT_MS || seq > this.high) this.watch.delete(seq);
    if (now >= this.nextFullScanAt) {
      this.nextFullScanAt = now + FULL_SCAN_MS;
      return pendingOutboxRows(tx, this.o.tables.outbox, batchSize);
    }
    return pendingOutboxRowsAfter(tx, this.o.tables.outbox, batchSize, this.high, [...this.watch.keys()]);
  }

  /**
   * After a drain handled `rows[0..handled)` (published or handed to the bus, in `seq` order): they leave the watch, the
   * mark moves up to the last of them, and the sequence numbers it passed without a visible row are watched. Every
   * visible pending row between the old mark and the new one was in `rows` (the scan answers them in order), so a
   * number passed without a row is a transaction still open (or one rolled back, or an insert that conflicted).
   */
  private advance(rows: readonly { seq: number }[], handled: number): void {
    for (let i = 0; i < handled; i++) this.watch.delete(rows[i].seq);
    if (handled < rows.length) {
      // a failed publish: its rows stay pending, and the mark must not pass them
      this.high = Math.min(this.high, rows[handled].seq - 1);
      return;
    }
    const last = handled > 0 ? rows[handled - 1].seq : this.high;
    if (last <= this.high) return;
    const seen = new Set(rows.map((r) => r.seq));
    const now = (this.o.clock ?? Date.now)();
    for (let seq = Math.max(this.high + 1, last - MAX_WATCH); seq < last; seq++) if (!seen.has(seq)) this.watch.set(seq, now);
    this.high = last;
    if (this.watch.size > MAX_WATCH) {
      const lowest = [...this.watch.keys()].sort((a, b) => a - b).slice(0, this.watch.size - MAX_WATCH);
      for (const seq of lowest) this.watch.delete(seq);
    }
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
