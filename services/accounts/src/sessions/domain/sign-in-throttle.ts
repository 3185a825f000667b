/**
 * Sign-in throttling rules (NIST SP 800-63B-4 §3.2.2 rate limiting; OWASP Authentication Cheat Sheet, "Account
 * lockout" and "device cookies"). Pure: the repository locks the rows, these functions decide.
 *
 * Two budgets are charged before the password is checked (so parallel guesses cannot slip past a delay) and settled
 * after it:
 * - per (account, client): consecutive failures with growing delays, at most 100 before that client is refused for
 *   a day. A client is a device that signed in to this account before (its device cookie), or else the caller's
 *   network (IPv4 address or IPv6 /64). An attacker elsewhere spends only their own budget, never the owner's.
 * - per network, across accounts (password spray): failures in a fixed hour window; past a free allowance every
 *   further attempt waits a growing delay, capped at a minute so people behind one NAT are slowed, never shut out.
 *   A request carrying a device cookie the account knows skips this budget.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const SIGN_IN_THROTTLE = {
  /** NIST SP 800-63B-4 §3.2.2: no more than 100 consecutive failed attempts (here per account and client). */
  maxConsecutiveFailures: 100,
  /** Failures of one client on one account answered without any wait (typos). */
  freeFailures: 5,
  /** The wait after the first failure past the free ones; it doubles with each further failure... */
  baseDelayMs: SECOND,
  /** ...up to this. */
  maxDelayMs: 15 * MINUTE,
  /** How long a client's failures on an account are remembered after its last one, and how long the 100-cap refuses it. */
  failureMemoryMs: 24 * HOUR,
  /** Per network: failed sign-ins an hour (any accounts) answered without any wait. */
  networkFreeFailures: 30,
  networkWindowMs: HOUR,
  networkBaseDelayMs: SECOND,
  /** Past the free failures a network waits at most this between two attempts: a spray slows to ~1 guess a minute. */
  networkMaxDelayMs: MINUTE,
} as const;

/** A throttle row as the repository reads it (null: never seen). */
export interface ThrottleState {
  failures: number;
  windowStartedAt: Date;
  lastFailureAt: Date;
  blockedUntil: Date;
}

export type Claim = { allowed: true; next: ThrottleState } | { allowed: false; retryAfterMs: number };

/** The wait imposed after `failures` consecutive failures of one client on one account. */
export function clientDelayMs(failures: number, p = SIGN_IN_THROTTLE): number {
  if (failures >= p.maxConsecutiveFailures) return p.failureMemoryMs;
  if (failures < p.freeFailures) return 0;
  return Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** (failures - p.freeFailures));
}

/** The wait imposed on a network after `failures` failures in the current window. */
export function networkDelayMs(failures: number, p = SIGN_IN_THROTTLE): number {
  if (failures < p.networkFreeFailures) return 0;
  return Math.min(p.networkMaxDelayMs, p.networkBaseDelayMs * 2 ** (failures - p.networkFreeFailures));
}

/**
 * One attempt of a client on an account, counted as a failure in advance (a success clears it): refused while the
 * client waits out its delay or has used up its 100 consecutive failures; failures are forgotten a day after the last.
 */
export function claimClientAttempt(state: ThrottleState | null, now: Date, p = SIGN_IN_THROTTLE): Claim {
  const t = now.getTime();
  const live = state && t - state.lastFailureAt.getTime() < p.failureMemoryMs ? state : null;
  if (live && live.blockedUntil.getTime() > t) return { allowed: false, retryAfterMs: live.blockedUntil.getTime() - t };
  if (live && live.failures >= p.maxConsecutiveFailures) {
    return { allowed: false, retryAfterMs: live.lastFailureAt.getTime() + p.failureMemoryMs - t };
  }
  const failures = (live?.failures ?? 0) + 1;
  return {
    allowed: true,
    next: {
      failures,
      windowStartedAt: live?.windowStartedAt ?? now,
      lastFailureAt: now,
      blockedUntil: new Date(t + clientDelayMs(failures, p)),
    },
  };
}

/** One attempt from a network without a known device, counted in advance in the network's hour window. */
export function claimNetworkAttempt(state: ThrottleState | null, now: Date, p = SIGN_IN_THROTTLE): Claim {
  const t = now.getTime();
  const live = state && t - state.windowStartedAt.getTime() < p.networkWindowMs ? state : null;
  if (live && live.blockedUntil.getTime() > t) return { allowed: false, retryAfterMs: live.blockedUntil.getTime() - t };
  const failures = (live?.failures ?? 0) + 1;
  return {
    allowed: true,
    next: {
      failures,
      windowStartedAt: live?.windowStartedAt ?? now,
      lastFailureAt: now,
      blockedUntil: new Date(t + networkDelayMs(failures, p)),
    },
  };
}
