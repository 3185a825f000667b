import type { EventEnvelope } from '@vitrina/contracts';
import { asc, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
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
}

/**
 * Publishes outbox rows in commit order and marks them published. A failed publish is retried
 * with exponential backoff (capped at 60 s); rows after a failure wait, so events of one key never
 * overtake each other. Only one instance of a service relays at a time (advisory lock).
 */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running = false;
  private again = false;
  private stopped = true;
  private drains = 0;
  private current?: Promise<void>;

  constructor(private readonly o: OutboxRelayOptions) {}

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
    const handled = await db.transaction(async (tx) => {
      const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${this.o.lockName})) as ok`)) as unknown as {
        rows: Array<{ ok: boolean }>;
      };
      const lock = result.rows[0];
      if (!lock?.ok) return 0;
      // The oldest unpublished rows in commit order, up to the first one still backing off: a row committed after
      // a failed publish must not overtake the failed rows (they are the oldest pending ones).
      const pending = await tx
        .select({ ...getTableColumns(outbox), due: sql<boolean>`${outbox.nextAttemptAt} <= now()` })
        .from(outbox)
        .where(isNull(outbox.publishedAt))
        .orderBy(asc(outbox.seq))
        .limit(batchSize);
      const firstNotDue = pending.findIndex((r) => !r.due);
      const rows = firstNotDue < 0 ? pending : pending.slice(0, firstNotDue);
      if (rows.length === 0) return 0;
      const published: number[] = [];
      let failedAt = -1;
      let failure: unknown;
      // Publish consecutive rows of one topic together, in commit order; stop at the first failure.
      for (let i = 0; i < rows.length; ) {
        let j = i;
        while (j < rows.length && rows[j]!.topic === rows[i]!.topic) j++;
        const chunk = rows.slice(i, j);
        try {
          await bus.publish(rows[i]!.topic, chunk.map((r) => r.envelope as EventEnvelope));
          published.push(...chunk.map((r) => r.seq));
        } catch (err) {
          failedAt = i;
          failure = err;
          break;
        }
        i = j;
      }
      if (published.length > 0) {
        await tx.update(outbox).set({ publishedAt: sql`now()` }).where(inArray(outbox.seq, published));
      }
      if (failedAt >= 0) {
        const failed = rows.slice(failedAt);
        const attempts = failed[0]!.attempts + 1;
        const delayMs = Math.min(60_000, 250 * 2 ** Math.min(attempts, 10));
        await tx
          .update(outbox)
          .set({
            attempts: sql`${outbox.attempts} + 1`,
            nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
            lastError: String((failure as Error)?.message ?? failure).slice(0, 500),
          })
          .where(inArray(outbox.seq, failed.map((r) => r.seq)));
        this.o.logger.warn({ err: failure, attempts, topic: failed[0]!.topic }, 'outbox publish failed; retrying with backoff');
      }
      return rows.length;
    });
    if (this.drains % 100 === 0) await this.prune();
    return handled;
  }

  private async prune(): Promise<void> {
    const hours = this.o.retentionHours ?? 1;
    await this.o.db
      .delete(this.o.tables.outbox)
      .where(sql`${this.o.tables.outbox.publishedAt} < now() - make_interval(hours => ${hours})`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.current?.catch(() => undefined);
  }
}
