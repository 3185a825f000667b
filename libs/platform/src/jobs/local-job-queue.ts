import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { newId } from '../db/ids.js';
import { runWithContext } from '../logging/context.js';
import type { Logger } from '../logging/logger.js';
import type { PlatformTables } from '../outbox/tables.js';
import { backoffDelayMs, errorText, resolveJobOptions } from './job-options.js';
import type { JobContext, JobCounts, JobFailure, JobOptions, JobProcessor, JobQueue } from './job-queue.js';
import { FailureListeners } from './failure-listeners.js';

export interface LocalJobQueueOptions {
  db: Db;
  tables: PlatformTables;
  logger: Logger;
  /** For logs and the lease holder's name. */
  service?: string;
  /** Safety-net poll for due jobs (ms); `add` and finished jobs wake the loop at once. Default 500. */
  pollMs?: number;
  /**
   * Lease of a claimed job (ms): renewed while its processor runs; when the process dies the job is due
   * again once the lease runs out. Default 30 000.
   */
  leaseMs?: number;
  /** How often leases of running jobs are renewed (ms). Default leaseMs / 3. */
  heartbeatMs?: number;
  /**
   * How long `close()` waits for running processors (ms). Default: as long as they take. Past it the
   * queue stops renewing their leases and writes nothing more for them, so they run again elsewhere
   * once the lease runs out, as after a crash.
   */
  closeTimeoutMs?: number;
  /** Completed jobs are deleted after this long (ms). Default 3 days. Their jobId can be reused after that. */
  retentionMs?: number;
  /** Failed jobs are deleted after this long (ms). Default 14 days. */
  failedRetentionMs?: number;
  /** How often finished jobs are pruned (ms). Default 60 000. */
  pruneEveryMs?: number;
  /** Most jobs of one name claimed by one query. Default 20. */
  batchSize?: number;
}

interface Registration {
  processor: JobProcessor<unknown>;
  concurrency: number;
  running: number;
}

interface ClaimedRow {
  id: string;
  name: string;
  data: unknown;
  attempt: number;
  max_attempts: number;
}

interface InFlight {
  id: string;
  attempt: number;
  /** Set once the processor returned: its outcome is being written, the lease no longer matters. */
  settling: boolean;
  done: Promise<void>;
}

type Rows<T> = { rows: T[] };

/**
 * The job queue of embedded mode, persisted in the service's own database (the `jobs` table of
 * `platformTables`), so a crash loses no job. Works on PGlite and on PostgreSQL, where several instances
 * of a service share the table:
 *
 * - `add` inserts a row (a given jobId that exists already is a no-op) due at now + delay.
 * - A poll loop claims due rows of the names it has processors for, at most each name's free
 *   concurrency, with one `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING` statement:
 *   state `active`, `attempt` + 1 (the claim's fencing token) and a lease (`locked_until`).
 *   No transaction is held while a processor runs: PGlite has a single connection, and a processor
 *   opens its own transactions.
 * - While a processor runs its lease is renewed; when its process dies, the lease runs out and the row
 *   is due again (that attempt counts: a job that kills its process every time ends `failed`).
 * - Success marks the row `completed`; a failure schedules the retry at now + backoff * 2^(attempt-1),
 *   or marks it `failed` after the last attempt, keeping `last_error`. Every write is fenced by the
 *   attempt number, so a worker whose lease was taken over changes nothing.
 * - Completed rows are deleted after `retentionMs`, failed rows after `failedRetentionMs`.
 */
export class LocalJobQueue implements JobQueue {
  readonly kind = 'local' as const;

  private readonly processors = new Map<string, Registration>();
  private readonly inFlight = new Map<string, InFlight>();
  private readonly instanceId: string;
  private readonly log: Logger;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly batchSize: number;

  private started = false;
  private closed = false;
  private closing?: Promise<void>;
  /** Set when close() gave up waiting: late results of running processors are not written. */
  private abandoned = false;
  private running = false;
  private again = false;
  private current?: Promise<void>;
  private pollTimer?: NodeJS.Timeout;
  private heartbeatTimer?: NodeJS.Timeout;
  private wakeTimer?: NodeJS.Timeout;
  private wakeAt = Infinity;
  private lastPrune = 0;
  private readonly failures = new FailureListeners();

  constructor(private readonly o: LocalJobQueueOptions) {
    this.pollMs = o.pollMs ?? 500;
    this.leaseMs = o.leaseMs ?? 30_000;
    this.heartbeatMs = o.heartbeatMs ?? Math.max(10, Math.floor(this.leaseMs / 3));
    this.batchSize = o.batchSize ?? 20;
    this.instanceId = `${o.service ?? 'jobs'}@${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.log = o.logger.child({ component: 'jobs', queue: 'local', ...(o.service ? { jobQueue: o.service } : {}) });
  }

  async add<T>(name: string, data: T, options?: JobOptions): Promise<void> {
    if (this.closed) throw new Error(`job queue is closed: cannot add "${name}"`);
    const o = resolveJobOptions(name, options);
    const jobs = this.o.tables.jobs;
    await this.o.db
      .insert(jobs)
      .values({
        id: o.jobId ?? newId(),
        name,
        // jsonb cannot hold `undefined`; a job without data stores JSON null.
        data: data === undefined || data === null ? sql`'null'::jsonb` : data,
        maxAttempts: o.attempts,
        backoffMs: o.backoffMs,
        runAt: o.delayMs > 0 ? sql`now() + make_interval(secs => ${o.delayMs / 1000})` : sql`now()`,
      })
      .onConflictDoNothing({ target: jobs.id });
    if (o.delayMs > 0) this.wakeIn(o.delayMs);
    else this.kick();
  }

  process<T>(name: string, processor: JobProcessor<T>, options?: { concurrency?: number }): void {
    if (this.processors.has(name)) throw new Error(`a processor for job "${name}" is registered already`);
    const concurrency = options?.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`job "${name}": concurrency must be an integer >= 1`);
    this.processors.set(name, { processor: processor as JobProcessor<unknown>, concurrency, running: 0 });
    this.kick();
  }

  async start(): Promise<void> {
    if (this.closed) throw new Error('job queue is closed');
    if (this.started) return;
    this.started = true;
    this.pollTimer = setInterval(() => this.kick(), this.pollMs);
    this.pollTimer.unref();
    this.heartbeatTimer = setInterval(() => void this.renewLeases(), this.heartbeatMs);
    this.heartbeatTimer.unref();
    this.kick();
  }

  async ping(): Promise<void> {
    await this.o.db.execute(sql`select 1`);
  }

  /**
   * One statement over unfinished rows (jobs_due_idx leads with `state`): a waiting row whose run_at is in the
   * future is delayed (a delay or a retry's backoff), as BullMQ counts it; an active row whose lease ran out is
   * still active until a worker claims it again.
   */
  async counts(): Promise<JobCounts> {
    const jobs = this.o.tables.jobs;
    const r = (await this.o.db.execute(sql`
      select count(*) filter (where state = 'waiting' and run_at <= now())::int as waiting,
             count(*) filter (where state = 'active')::int as active,
             count(*) filter (where state = 'waiting' and run_at > now())::int as delayed
        from ${jobs} where state in ('waiting', 'active')`)) as Rows<JobCounts>;
    const row = r.rows[0];
    return { waiting: Number(row?.waiting ?? 0), active: Number(row?.active ?? 0), delayed: Number(row?.delayed ?? 0) };
  }

  onFailure(listener: (failure: JobFailure) => void): () => void {
    return this.failures.add(listener);
  }

  close(): Promise<void> {
    if (!this.closing) this.closing = this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    this.closed = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    // Finish the claim under way (what it claims still runs), then wait for running processors.
    await this.current?.catch(() => undefined);
    const running = Promise.allSettled([...this.inFlight.values()].map((f) => f.done)).then(() => true);
    const timeoutMs = this.o.closeTimeoutMs;
    let finished = true;
    if (timeoutMs === undefined) {
      await running;
    } else {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      finished = await Promise.race([running, timeout]);
      clearTimeout(timer);
    }
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (!finished) {
      this.abandoned = true;
      this.log.warn(
        { jobs: [...this.inFlight.keys()], leaseMs: this.leaseMs },
        'job queue closed with jobs still running; they run again elsewhere once their lease runs out',
      );
    }
  }

  /** Wakes the loop; concurrent wake-ups coalesce. */
  private kick(): void {
    if (!this.started || this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.current = this.loop().finally(() => {
      this.running = false;
      // A wake-up that arrived between the loop's last check and here must not be lost.
      if (this.again) this.kick();
    });
  }

  /** Wakes the loop when a delayed job or a retry falls due before the next poll would notice. */
  private wakeIn(ms: number): void {
    if (!this.started || this.closed || ms >= this.pollMs * 4) return;
    const at = Date.now() + ms;
    if (this.wakeTimer && this.wakeAt <= at) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeAt = at;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.wakeAt = Infinity;
      this.kick();
    }, ms + 2);
    this.wakeTimer.unref();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        const claimed = await this.claimAndRun();
        if (claimed > 0) this.again = true; // slots may remain and more may be due
      } catch (err) {
        this.log.error({ err }, 'claiming due jobs failed; will retry');
      }
      await this.maybePrune();
    } while (this.again && !this.closed);
  }

  /** Claims due jobs for the free slots of each name and starts their processors. */
  private async claimAndRun(): Promise<number> {
    const wanted: Array<[string, number]> = [];
    for (const [name, reg] of this.processors) {
      const free = reg.concurrency - reg.running;
      if (free > 0) wanted.push([name, Math.min(free, this.batchSize)]);
    }
    if (wanted.length === 0) return 0;
    const jobs = this.o.tables.jobs;
    const names = sql.join(
      wanted.map(([name, limit]) => sql`(${name}::text, ${limit}::int)`),
      sql`, `,
    );
    const result = (await this.o.db.execute(sql`
      update ${jobs} as j
         set state = 'active',
             attempt = j.attempt + 1,
             locked_until = now() + make_interval(secs => ${this.leaseMs / 1000}),
             locked_by = ${this.instanceId}
       where j.id in (
         select c.id
           from (values ${names}) as n(name, lim)
           cross join lateral (
             select id from ${jobs}
              where name = n.name
                and ((state = 'waiting' and run_at <= now()) or (state = 'active' and locked_until <= now()))
              order by run_at, id
              limit n.lim
              for update skip locked
           ) as c
       )
      returning j.id, j.name, j.data, j.attempt, j.max_attempts`)) as Rows<ClaimedRow>;
    for (const row of result.rows) {
      if (row.attempt > row.max_attempts) {
        // Its last attempt's lease ran out (the process died mid-run): give up without running it again.
        await this.settle(
          row,
          false,
          new Error(`the lease of attempt ${row.attempt - 1} ran out before it finished (its process stopped?)`),
        );
        continue;
      }
      this.runJob(row);
    }
    return result.rows.length;
  }

  private runJob(row: ClaimedRow): void {
    const reg = this.processors.get(row.name);
    if (!reg) return; // cannot happen: only registered names are claimed
    reg.running++;
    const ctx: JobContext = { id: row.id, name: row.name, attempt: row.attempt };
    const flight: InFlight = { id: row.id, attempt: row.attempt, settling: false, done: Promise.resolve() };
    this.inFlight.set(row.id, flight);
    flight.done = (async () => {
      let ok = false;
      let error: unknown;
      try {
        // A fresh log context per job: the loop may have been woken from inside an unrelated request.
        await runWithContext({ requestId: `job:${row.id}`, traceId: randomUUID() }, () => reg.processor(row.data, ctx));
        ok = true;
      } catch (err) {
        error = err;
      }
      flight.settling = true;
      await this.settle(row, ok, error);
    })().finally(() => {
      reg.running--;
      if (this.inFlight.get(row.id) === flight) this.inFlight.delete(row.id);
      this.kick();
    });
  }

  /** Records the outcome of one attempt, fenced by its attempt number. */
  private async settle(row: ClaimedRow, ok: boolean, error?: unknown): Promise<void> {
    if (this.abandoned) return;
    const jobs = this.o.tables.jobs;
    try {
      if (ok) {
        const r = (await this.o.db.execute(sql`
          update ${jobs} set state = 'completed', finished_at = now(), locked_until = null, locked_by = null
           where id = ${row.id} and attempt = ${row.attempt} and state = 'active'
          returning id`)) as Rows<{ id: string }>;
        if (r.rows.length === 0) this.lostLease(row);
        return;
      }
      const last = row.attempt >= row.max_attempts;
      const message = errorText(error);
      const r = (await this.o.db.execute(sql`
        update ${jobs}
           set state = case when attempt >= max_attempts then 'failed' else 'waiting' end,
               run_at = case when attempt >= max_attempts then run_at
                             else now() + make_interval(secs => least(backoff_ms * power(2, greatest(attempt - 1, 0)), 2592000000) / 1000.0) end,
               finished_at = case when attempt >= max_attempts then now() else null end,
               locked_until = null, locked_by = null, last_error = ${message}
         where id = ${row.id} and attempt = ${row.attempt} and state = 'active'
        returning backoff_ms`)) as Rows<{ backoff_ms: number }>;
      if (r.rows.length === 0) {
        this.lostLease(row);
        return;
      }
      this.failures.emit({ name: row.name, attempt: row.attempt, final: last });
      if (last) {
        this.log.error({ err: error, jobId: row.id, job: row.name, attempt: row.attempt }, 'job failed after its last attempt');
      } else {
        const delay = backoffDelayMs(r.rows[0].backoff_ms, row.attempt);
        this.log.warn({ err: error, jobId: row.id, job: row.name, attempt: row.attempt, retryInMs: delay }, 'job failed; will retry');
        this.wakeIn(delay);
      }
    } catch (err) {
      // The lease runs out and the job runs again: at least once, never lost.
      this.log.error(
        { err, jobId: row.id, job: row.name, attempt: row.attempt },
        'recording a job outcome failed; it will run again after its lease',
      );
    }
  }

  private lostLease(row: ClaimedRow): void {
    this.log.warn(
      { jobId: row.id, job: row.name, attempt: row.attempt },
      'job lease was lost (taken over after it ran out); this attempt’s outcome is discarded',
    );
  }

  /** Extends the leases of the jobs this instance is running. */
  private async renewLeases(): Promise<void> {
    if (this.abandoned) return;
    const flights = [...this.inFlight.values()].filter((f) => !f.settling);
    if (flights.length === 0) return;
    const jobs = this.o.tables.jobs;
    const values = sql.join(
      flights.map((f) => sql`(${f.id}::text, ${f.attempt}::int)`),
      sql`, `,
    );
    try {
      const r = (await this.o.db.execute(sql`
        update ${jobs} as j set locked_until = now() + make_interval(secs => ${this.leaseMs / 1000})
          from (values ${values}) as v(id, attempt)
         where j.id = v.id and j.attempt = v.attempt and j.state = 'active'
        returning j.id`)) as Rows<{ id: string }>;
      const renewed = new Set(r.rows.map((x) => x.id));
      for (const f of flights) {
        if (!renewed.has(f.id) && !f.settling) {
          this.log.warn({ jobId: f.id, attempt: f.attempt }, 'job lease could not be renewed: another worker took it over');
        }
      }
    } catch (err) {
      this.log.error({ err }, 'renewing job leases failed');
    }
  }

  private async maybePrune(): Promise<void> {
    const every = this.o.pruneEveryMs ?? 60_000;
    if (Date.now() - this.lastPrune < every) return;
    this.lastPrune = Date.now();
    const jobs = this.o.tables.jobs;
    const keepMs = this.o.retentionMs ?? 3 * 24 * 3600_000;
    const keepFailedMs = this.o.failedRetentionMs ?? 14 * 24 * 3600_000;
    try {
      await this.o.db.execute(sql`
        delete from ${jobs}
         where finished_at is not null
           and ((state = 'completed' and finished_at < now() - make_interval(secs => ${keepMs / 1000}))
             or (state = 'failed' and finished_at < now() - make_interval(secs => ${keepFailedMs / 1000})))`);
    } catch (err) {
      this.log.warn({ err }, 'pruning finished jobs failed');
    }
  }
}
