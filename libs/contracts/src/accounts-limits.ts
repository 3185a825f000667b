/**
 * Limits and rules of accounts (spec 2 §5, §6, §9), shared by the accounts service and the web app.
 * Limits the spec leaves open (resend and log-in limits, lock waits) are chosen here, once.
 */

/** spec 2 §9: the PIN has 6 digits. */
export const PIN_LENGTH = 6;
/** spec 2 §9: a PIN (or any one-time code) expires 5 minutes after it was issued. */
export const PIN_TTL_SECONDS = 5 * 60;
/** Wrong tries after which one code is invalidated (a new one must be requested). */
export const PIN_MAX_TRIES = 5;
/** Wrong codes per account in PIN_FAILURE_WINDOW_HOURS after which the code step locks; resends do not reset it. */
export const PIN_LOCK_THRESHOLD = 20;
export const PIN_FAILURE_WINDOW_HOURS = 24;
/** First lock wait; it doubles with every further failure (21st: 30 min, 22nd: 60 min...), capped at PIN_LOCK_MAX_MINUTES. */
export const PIN_LOCK_BASE_MINUTES = 15;
export const PIN_LOCK_MAX_MINUTES = 24 * 60;

/** Sending codes (registration, resend, channel switch, activation resend, password reset). */
export const CODE_SEND_LIMITS = {
  /** Seconds between two codes to one destination. */
  destinationCooldownSeconds: 30,
  /** Codes to one destination (e-mail address or phone number) per hour. */
  perDestinationPerHour: 5,
  /** Codes requested from one IP address per hour. */
  perIpPerHour: 30,
  /** Codes for one account per day. */
  perAccountPerDay: 10,
} as const;

/** Activation links stay valid longer than the PIN: e-mail is read later than an SMS. */
export const ACTIVATION_LINK_TTL_HOURS = 24;
/** The placeholder of `activation_url` replaced by the activation key (spec 2 §7). */
export const ACTIVATION_KEY_PLACEHOLDER = '__KEY__';

/** Access tokens are short-lived; refresh tokens rotate (docs/architecture.md §3). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
/** Cookie names and the path the refresh cookie is scoped to (only the auth group ever sees it). */
export const REFRESH_TOKEN_COOKIE = 'refresh_token';
export const REFRESH_TOKEN_COOKIE_PATH = '/api/auth';
export const ACCESS_TOKEN_COOKIE_NAME = 'access_token';
export const ACCESS_TOKEN_COOKIE_PATH = '/api';
/**
 * Readable by the page (not httpOnly), set and cleared together with the refresh cookie, holding no secret: it
 * only says a refresh cookie may be there, so a visitor who never signed in makes no refresh call at all.
 */
export const SESSION_HINT_COOKIE = 'has_session';
export const SESSION_HINT_COOKIE_PATH = '/';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const FULL_NAME_MAX_LENGTH = 120;
export const BIO_MAX_LENGTH = 500;
/** spec 2 §5 and §9: the phone number has 10 digits (formatting characters and spaces are stripped). */
export const PHONE_DIGITS = 10;

/** spec 2 §4, §6, §9: online means a heartbeat within 5 minutes; clients beat every 300 000 ms. */
export const ONLINE_THRESHOLD_MS = 5 * 60 * 1000;
export const HEARTBEAT_INTERVAL_MS = 300_000;

/** spec 2 §5: phone input maximum length (formatted) by country; default country by locale. */
export const PHONE_MAX_LENGTH_BY_COUNTRY: Readonly<Record<string, number>> = { MX: 12, US: 14, CA: 14, AR: 12 };
export const PHONE_DEFAULT_MAX_LENGTH = 10;
export const DEFAULT_PHONE_COUNTRY = { es: { country: 'MX', country_code: '52' }, en: { country: 'US', country_code: '1' } } as const;

/** Country calling codes of the countries the phone input offers. */
export const COUNTRY_CALLING_CODES: Readonly<Record<string, string>> = {
  MX: '52',
  US: '1',
  CA: '1',
  AR: '54',
  CO: '57',
  CL: '56',
  PE: '51',
  ES: '34',
  GT: '502',
  EC: '593',
  UY: '598',
  BR: '55',
};

/**
 * Countries whose mobile lines can receive the SMS codes. A phone registration elsewhere answers
 * `not_eligible` (spec 2 §8).
 */
export const SMS_ELIGIBLE_COUNTRIES: readonly string[] = ['MX', 'US', 'CA', 'AR', 'CO', 'CL', 'PE', 'ES'];

/** spec 2 §3 user levels: ul0..ul3 ("unknown" is a client-side state before the profile loads). */
export type AccountLevel = 0 | 1 | 2 | 3;

/**
 * spec 2 §4: level 2 with a store, 1 without a store but with the reseller flag, otherwise 0
 * (and 0 when there is no profile at all, which only the client can tell).
 */
export function userLevelOf(profile: { store_id: string | null | undefined; is_reseller: boolean }): AccountLevel {
  if (profile.store_id) return 2;
  return profile.is_reseller ? 1 : 0;
}

export type AccountType = 'affinity' | 'franchise' | 'affiliate';

/** spec 2 §6: `orders-affinity` -> affinity, `dssupplier-admin` -> franchise, otherwise affiliate. */
export function accountTypeOf(keychain: readonly string[]): AccountType {
  if (keychain.includes('orders-affinity')) return 'affinity';
  if (keychain.includes('dssupplier-admin')) return 'franchise';
  return 'affiliate';
}

/** spec 2 §3 profile main_type. */
export type ProfileMainType = 'affinity' | 'dssupplier' | 'referral' | 'business';

export function mainTypeOf(profile: { keychain: readonly string[]; store_id: string | null | undefined }): ProfileMainType {
  if (profile.keychain.includes('orders-affinity')) return 'affinity';
  if (profile.keychain.includes('dssupplier-admin')) return 'dssupplier';
  if (profile.store_id) return 'business';
  return 'referral';
}

/** spec 2 §4: online when the last heartbeat is within ONLINE_THRESHOLD_MS of `now`. */
export function isOnline(heartbeat: string | Date | null | undefined, now: Date = new Date()): boolean {
  if (!heartbeat) return false;
  const at = typeof heartbeat === 'string' ? Date.parse(heartbeat) : heartbeat.getTime();
  return Number.isFinite(at) && now.getTime() - at <= ONLINE_THRESHOLD_MS && at - now.getTime() <= ONLINE_THRESHOLD_MS;
}
