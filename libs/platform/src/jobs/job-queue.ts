export interface JobOptions {
  /** Runs no earlier than this many ms from now. */
  delayMs?: number;
  /** Total attempts, the first included (explicit on every job; default 5). */
  attempts?: number;
  /** Exponential backoff base between attempts: base * 2^(attempt-1) ms (default 1000). */
  backoffMs?: number;
  /**
   * Deduplication id: adding a job whose id is already queued or done is a no-op, so a
   * retried request or a redelivered event never schedules the same work twice.
   */
  jobId?: string;
}

export interface JobContext {
  id: string;
  name: string;
  /** 1-based attempt number. */
  attempt: number;
}

export type JobProcessor<T = unknown> = (data: T, ctx: JobContext) => Promise<void>;

/**
 * The job-queue port (ARCHITECTURE §3): BullMQ when REDIS_URL is set, a queue persisted in the
 * service's own database in embedded mode. A job survives a process restart on both.
 * Processors must be idempotent: a job may run again after a crash mid-way.
 */
export interface JobQueue {
  readonly kind: 'local' | 'bullmq';
  add<T>(name: string, data: T, options?: JobOptions): Promise<void>;
  /** Registers the processor for `name`; workers start when `start()` is called. */
  process<T>(name: string, processor: JobProcessor<T>, options?: { concurrency?: number }): void;
  start(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
