import type { EventEnvelope } from '@vitrina/contracts';
import type { DeadLetteredEvent, DeadLetterInfo, HandlerFailure } from './event-bus.js';

/**
 * Small pieces shared by the event-bus adapters (not part of the public port).
 */

/** Stable 32-bit FNV-1a hash of a string (UTF-16 code units); the same in every process and version. */
export function stableHash(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The partition (lane) of a key among `count`: stable across processes, so one key always lands in one place. */
export function partitionOf(key: string, count: number): number {
  return stableHash(key) % count;
}

/** Exponential backoff before attempt `attempt + 1`: base * 2^(attempt-1), capped. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
}

/**
 * A readable message for any thrown value, including the `{ status, message }` objects Nest's
 * RPC exception filter turns errors into.
 */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  if (typeof err === 'string') return err;
  if (err && typeof err === 'object' && 'message' in err && typeof err.message === 'string') {
    return (err as { message: string }).message;
  }
  try {
    return JSON.stringify(err) ?? String(err);
  } catch {
    return String(err);
  }
}

export function deadLetterInfo(topic: string, group: string, attempts: number, err: unknown): DeadLetterInfo {
  return { topic, group, attempts, error: errorMessage(err).slice(0, 2000), failedAt: new Date().toISOString() };
}

/** Reports a failed attempt to the subscriber's `onFailure`; a throwing listener never disturbs delivery. */
export function reportFailure(listener: ((failure: HandlerFailure) => void) | undefined, attempts: number, deadLettered: boolean): void {
  try {
    listener?.({ attempts, deadLettered });
  } catch {
    // metrics only
  }
}

/** The envelope to publish on `<topic>.dlq`: the original fields untouched plus `deadLetter`. */
export function withDeadLetter(event: EventEnvelope, info: DeadLetterInfo): DeadLetteredEvent {
  return { ...event, deadLetter: info };
}

/** Raised inside an adapter when a handler is abandoned (its subscription closed before it finished). */
export class HandlerAbandoned extends Error {
  constructor() {
    super('handler abandoned: its subscription closed before it finished');
    this.name = 'HandlerAbandoned';
  }
}

/** Resolves after `ms`, or rejects with HandlerAbandoned as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new HandlerAbandoned());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new HandlerAbandoned());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs `work`, but rejects with HandlerAbandoned as soon as `signal` aborts (the work itself keeps running). */
export function abandonable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(new HandlerAbandoned());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => undefined);
      reject(new HandlerAbandoned());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** Waits for `promises` to settle, at most `ms`; returns true when they all settled in time. */
export async function settledWithin(promises: Iterable<Promise<unknown>>, ms: number): Promise<boolean> {
  const all = Promise.allSettled(promises).then(() => true);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([all, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A logger shape the adapters need (pino's Logger fits). */
export interface BusLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export const silentLogger: BusLogger = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
  debug: () => undefined,
};
