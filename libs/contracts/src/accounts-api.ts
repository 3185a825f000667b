/**
 * The accounts API as the web app sees it (spec 2 §3, §7): payloads, answers and the error codes the
 * accounts service adds to `ErrorCodes`. Field names keep the spec's spelling. The answers are zod schemas in
 * `api/accounts/` (their types are the ones exported here before: `AuthResult`, `AdminProfile`, ...).
 */
import type { Channel, Locale } from './accounts-events.js';

/** Error codes of accounts beyond the shared `ErrorCodes` (spec 2 §8 plus the ones sign-in needs). */
export const AccountsErrorCodes = {
  /** spec 2 §8: the line cannot receive the SMS code (country not served). */
  notEligible: 'not_eligible',
  /** Wrong e-mail/phone or password; the same answer whether or not the account exists. */
  invalidCredentials: 'invalid_credentials',
  /** Right password, but the account was never activated (PIN or link). */
  userNotActive: 'user_not_active',
  /** Too many wrong codes for this account: the code step waits (Retry-After). */
  pinLocked: 'pin_locked',
  /** No refresh token, an unknown one, an expired one, or one of a revoked session. */
  invalidRefreshToken: 'invalid_refresh_token',
  /** A refresh token that was already rotated was presented again: its whole session was revoked. */
  refreshTokenReused: 'refresh_token_reused',
  /** A user cannot follow themselves. */
  cannotFollowSelf: 'cannot_follow_self',
} as const;
export type AccountsErrorCode = (typeof AccountsErrorCodes)[keyof typeof AccountsErrorCodes];

/** spec 2 §3 registration payload. Empty fields are dropped; spaces are stripped from e-mail and phone. */
export interface RegistrationRequest {
  password: string;
  full_name: string;
  /** E-mail (spec: username is the e-mail). */
  username?: string;
  email?: string;
  phone?: string;
  country?: string;
  country_code?: string;
  response_type?: 'registration' | 'sms_registration';
  /** Channel of the PIN: `email` or `phone`; inferred from the fields when absent. */
  type?: Channel;
  microsite?: string;
  /** Slug of the shop the sign-up happens in. */
  store?: string;
  /** The shop's sign-up variant: `complete` (phone first, PIN may be skipped) or `basic` (PIN may be skipped). */
  signup_form?: 'complete' | 'basic';
  auto_affinity?: boolean;
  skip_pin?: boolean;
  alias_domain?: string;
  redirect_uri?: string;
  client_id?: string;
  scope?: string;
  referral?: string;
  campaign?: string;
  click_id?: string;
  package_code?: string;
  referral_id?: string;
  landing_code?: string;
  pixel?: string;
  /** Where the activation link points; `__KEY__` is replaced by the key. Default: ACCOUNTS_PUBLIC_URL/activate/__KEY__. */
  activation_url?: string;
  locale?: Locale;
}

/** `POST /auth/activate/pin/` (spec 2 §3): pin, code, type, plus registration data. */
export interface PinActivationRequest {
  pin?: string;
  code?: string;
  type?: Channel;
  username?: string;
  email?: string;
  phone?: string;
  country?: string;
  country_code?: string;
  /** New password (optional with a PIN; required when skipping the PIN, where it must match). */
  password?: string;
  full_name?: string;
}

/** `POST /auth/activate/pin/resend`: a new PIN, optionally by the other channel or to an edited destination. */
export interface PinResendRequest {
  code: string;
  type?: Channel;
  email?: string;
  phone?: string;
  country?: string;
  country_code?: string;
}

/** `PUT profile-admin`: only non-empty fields change; `photo` is a URL returned by the gallery upload. */
export interface ProfileUpdateRequest {
  full_name?: string;
  photo?: string;
  bio?: string;
  locale?: Locale;
}
