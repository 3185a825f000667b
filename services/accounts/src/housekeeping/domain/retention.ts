/**
 * How long accounts keeps what no rule reads any more, and how often it prunes (housekeeping job).
 * Pure rules: the job turns them into deletes.
 */
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** One pruning run per period, whichever instance gets there first (the job id names the period). */
export const HOUSEKEEPING_PERIOD_MS = HOUR;

/** Refresh-token rows a day past their own expiry; a session (family) goes once it has no token left. */
export const REFRESH_TOKEN_RETENTION_MS = DAY;
/** One-time codes a week past the later of the code's and the activation link's expiry. */
export const CODE_RETENTION_MS = 7 * DAY;
/**
 * A pending registration nobody touched for a week (no new registration with its contact data, no code issued):
 * its PIN (5 min) and link (24 h) are long dead, and the contact data it holds is released.
 */
export const PENDING_REGISTRATION_RETENTION_MS = 7 * DAY;

/**
 * Sign-in throttle rows two days after their last failure: a client's failures are forgotten after one day and a
 * network's window lasts an hour (sessions/domain/sign-in-throttle.ts), so nothing reads them by then.
 */
export const SIGN_IN_THROTTLE_RETENTION_MS = 2 * DAY;

export interface RetentionCutoffs {
  /** Refresh tokens that expired before this go, and sessions left without any token. */
  refreshTokensExpiredBefore: Date;
  /** Codes whose code and link both expired before this go. */
  codesExpiredBefore: Date;
  /** Pending registrations last touched before this go, with their codes. */
  pendingUntouchedSince: Date;
  /** Sealed rotation answers of tokens rotated before this are cleared (the grace window is over). */
  sealedRotationsBefore: Date;
  /** Sign-in throttle rows whose last failure is older than this go. */
  throttlesLastFailedBefore: Date;
  /** Devices that last signed in before this go (their cookie has expired). */
  devicesUnusedSince: Date;
}

export function retentionCutoffs(now: Date, refreshGraceMs: number, deviceTtlMs: number): RetentionCutoffs {
  const t = now.getTime();
  return {
    refreshTokensExpiredBefore: new Date(t - REFRESH_TOKEN_RETENTION_MS),
    codesExpiredBefore: new Date(t - CODE_RETENTION_MS),
    pendingUntouchedSince: new Date(t - PENDING_REGISTRATION_RETENTION_MS),
    sealedRotationsBefore: new Date(t - refreshGraceMs),
    throttlesLastFailedBefore: new Date(t - SIGN_IN_THROTTLE_RETENTION_MS),
    devicesUnusedSince: new Date(t - deviceTtlMs),
  };
}

/** The period an instant falls in; the job of period p runs once, at or after its start. */
export function housekeepingPeriod(atMs: number): number {
  return Math.floor(atMs / HOUSEKEEPING_PERIOD_MS);
}
