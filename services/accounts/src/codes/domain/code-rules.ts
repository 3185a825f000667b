import {
  PIN_FAILURE_WINDOW_HOURS,
  PIN_LOCK_BASE_MINUTES,
  PIN_LOCK_MAX_MINUTES,
  PIN_LOCK_THRESHOLD,
  PIN_MAX_TRIES,
  PIN_TTL_SECONDS,
} from '@vitrina/contracts';

export const FAILURE_WINDOW_MS = PIN_FAILURE_WINDOW_HOURS * 3600_000;

/** spec 2 §9: a code is good for 5 minutes; at 5 min + 1 s it has expired. */
export function codeExpiry(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + PIN_TTL_SECONDS * 1000);
}

export function isExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() > expiresAt.getTime();
}

/** The wrong try that uses up a code: after it the code is invalidated. */
export function exhaustsCode(attemptsAfterThisTry: number): boolean {
  return attemptsAfterThisTry >= PIN_MAX_TRIES;
}

/**
 * The code step of an account locks once it collected PIN_LOCK_THRESHOLD wrong codes in 24 h. The wait grows:
 * 15 min after the 20th failure, doubling with each failure after it (counted over the same 24 h), capped.
 * Returns when the lock ends, or null when the step is open.
 */
export function codeLockedUntil(failures: { count: number; newest: Date | null }, now: Date): Date | null {
  if (failures.count < PIN_LOCK_THRESHOLD || !failures.newest) return null;
  const extra = Math.min(failures.count - PIN_LOCK_THRESHOLD, 20);
  const waitMinutes = Math.min(PIN_LOCK_BASE_MINUTES * 2 ** extra, PIN_LOCK_MAX_MINUTES);
  const until = new Date(failures.newest.getTime() + waitMinutes * 60_000);
  return until.getTime() > now.getTime() ? until : null;
}
