import type { JobOptions } from './job-queue.js';

/** Attempts of a job when `add` names none (the first attempt included). */
export const DEFAULT_JOB_ATTEMPTS = 5;
/** Base of the exponential backoff when `add` names none: base * 2^(attempt-1) ms. */
export const DEFAULT_JOB_BACKOFF_MS = 1000;

export interface ResolvedJobOptions {
  delayMs: number;
  attempts: number;
  backoffMs: number;
  jobId?: string;
}

/** Applies the defaults and refuses nonsense (a programming error, so it throws). */
export function resolveJobOptions(name: string, options: JobOptions = {}): ResolvedJobOptions {
  if (!name) throw new Error('job name must not be empty');
  const delayMs = Math.max(0, Math.round(options.delayMs ?? 0));
  const attempts = options.attempts ?? DEFAULT_JOB_ATTEMPTS;
  const backoffMs = options.backoffMs ?? DEFAULT_JOB_BACKOFF_MS;
  if (!Number.isInteger(attempts) || attempts < 1) throw new Error(`job "${name}": attempts must be an integer >= 1 (got ${attempts})`);
  if (!Number.isInteger(backoffMs) || backoffMs < 0) throw new Error(`job "${name}": backoffMs must be an integer >= 0 (got ${backoffMs})`);
  if (!Number.isFinite(delayMs)) throw new Error(`job "${name}": delayMs must be a finite number`);
  if (options.jobId !== undefined && options.jobId === '') throw new Error(`job "${name}": jobId must not be empty`);
  return { delayMs, attempts, backoffMs, ...(options.jobId !== undefined ? { jobId: options.jobId } : {}) };
}

/** Delay before attempt `attempt + 1` after attempt `attempt` (1-based) failed. */
export function backoffDelayMs(backoffMs: number, attempt: number): number {
  return backoffMs * 2 ** Math.max(0, attempt - 1);
}

/** A short text for `last_error` and logs. */
export function errorText(err: unknown, max = 2000): string {
  const text = err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Per-name concurrency limit (used where one worker serves several job names). */
export class Semaphore {
  private active = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(private limit: number) {}

  setLimit(limit: number): void {
    this.limit = limit;
    this.drain();
  }

  async acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    this.active--;
    this.drain();
  }

  private drain(): void {
    while (this.active < this.limit && this.waiters.length > 0) {
      this.active++;
      this.waiters.shift()!();
    }
  }
}
