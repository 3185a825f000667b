export interface JobOptions {
  /** Runs no earlier than this many ms from now. */
  delayMs?: number;
  /** Total attempts, the first included (explicit on every job; default 5). */
  attempts?: number;
  /** Exponential backoff base between attempts: base * 2^(attempt-1) ms (default 1000). */
  backoffMs?: number;
  /**
   * Deduplication id: adding a job whose id is already queued or done is a no-op, so a
   * retried request or a redelivered event never schedules the same work twice. "Done" lasts as
   * long as finished jobs are kept (by default 3 days; failed ones 14 days).
   */
  jobId?: string;
}

export interface JobContext {
  id: string;
  name: string;
  /** 1-based attempt number. */
  attempt: number;
}

/** Jobs of a queue by state (metrics: queue depth). Finished jobs are not counted. */
export interface JobCounts {
  /** Due now, waiting for a worker. */
  waiting: number;
  /** Running (claimed by a worker). */
  active: number;
  /** Not due yet: added with a delay, or waiting out a retry's backoff. */
  delayed: number;
}

/** One failed attempt of a job, as JobQueue.onFailure reports it. */
export interface JobFailure {
  name: string;
  /** 1-based attempt that failed. */
  attempt: number;
  /** True when it was the last attempt: the job is now `failed` and runs no more. */
  final: boolean;
}

export type JobProcessor<T = unknown> = (data: T, ctx: JobContext) => Promise<void>;

/**
 * The job-queue port (docs/architecture.md §3): BullMQ when REDIS_URL is set, a queue persisted in the
 * service's own database in embedded mode (`createJobQueue`). A job survives a process restart on both.
 *
 * Delivery is at least once. Processors must be idempotent: a job may run again after a crash
 * mid-way, after its lease ran out, or after an attempt that did its work and then failed. The pattern:
 * - Make the job's effect and the record that it happened one database transaction, keyed by what the
 *   job is about (not by the attempt): e.g. insert a row with a unique key (dispersion id, order id +
 *   step) `on conflict do nothing` and do the work only when the insert took, or move a state machine
 *   with a guarded `update … where state = 'pending'` and treat "0 rows" as done already.
 * - Effects outside the database (payment provider, e-mail) carry an idempotency key derived from the
 *   job id (`ctx.id`, stable across attempts), so the other side drops the repeat.
 * - Enqueue with a `jobId` derived from the cause (`payment-expiry:<checkoutId>`) so a retried request
 *   or a redelivered event does not schedule the same work twice.
 * - A job's data is JSON: Dates and Maps do not survive; pass ids and ISO strings.
 * - A processor that throws is retried; one that must not be retried (bad input) should log and return.
 */
export interface JobQueue {
  readonly kind: 'local' | 'bullmq';
  add<T>(name: string, data: T, options?: JobOptions): Promise<void>;
  /** Registers the processor for `name`; workers start when `start()` is called. */
  process<T>(name: string, processor: JobProcessor<T>, options?: { concurrency?: number }): void;
  start(): Promise<void>;
  /** The queue's depth by state (every job name of this service's queue). */
  counts(): Promise<JobCounts>;
  /** Calls `listener` after each failed attempt of a job this instance ran (metrics). Returns an unsubscribe. */
  onFailure(listener: (failure: JobFailure) => void): () => void;
  ping(): Promise<void>;
  close(): Promise<void>;
}
