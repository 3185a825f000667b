/**
 * The accounts API as the web app sees it (spec 2 §3, §7): payloads, answers and the error codes the
 * accounts service adds to `ErrorCodes`. Field names keep the spec's spelling.
 */
import type { AccountLevel, AccountType, ProfileMainType } from './accounts-limits.js';
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

/** spec 2 §3 registration response. `code` identifies this registration in the PIN step (not the PIN). */
export interface RegistrationResponse {
  code: string;
  can_skip_pin: boolean;
  username: string;
  /** For phone registrations: a text with a colon and the number after it. */
  message: string;
  type: Channel;
}

export interface UserExistsResponse {
  exist: boolean;
}

/** spec 2 §3 auth result, plus the access token. The refresh token travels only in its httpOnly cookie. */
export interface AuthResult {
  meID: string;
  keychain: string[];
  myKeychain: string[];
  level: AccountLevel;
  account_type: AccountType;
  access_token: string;
  token_type: 'Bearer';
  /** Seconds. */
  expires_in: number;
}

export interface NotificationAction {
  type: 'NOTIFICATION';
  payload: { level: 'success' | 'info' | 'warning' | 'error'; message: string };
}
export interface SetAuthAction {
  type: 'SET_AUTH';
  payload: AuthResult;
}

/** spec 2 §3: the PIN activation answer carries a notification action and an auth action (SET_AUTH). */
export interface ActivationResponse {
  notification: NotificationAction;
  auth: SetAuthAction;
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

export interface ActivationKeyStatus {
  valid: boolean;
  username: string;
}

export interface MessageResponse {
  message: string;
}

/** `POST /auth/password/reset` answer: `code` identifies the request in the confirm step. */
export interface PasswordResetRequested {
  code: string;
  type: Channel;
  message: string;
}

export interface ProfileImages {
  url: string | null;
}

/** spec 2 §3 profile, as anyone may see it. */
export interface PublicProfile {
  id: string;
  name: string;
  images: ProfileImages;
  main_type: ProfileMainType;
  slug: string;
  updated_at: string;
  /** Last heartbeat (ISO) or null. */
  heartbeat: string | null;
  online: boolean;
}

/** The owner's own profile (`profile-admin`): what the web needs to derive the level and the account type. */
export interface AdminProfile extends PublicProfile {
  full_name: string;
  email: string | null;
  phone: string | null;
  country: string | null;
  country_code: string | null;
  photo: string | null;
  bio: string | null;
  locale: Locale;
  /** The store the user owns (spec 2 §4: level 2), or null. */
  store_id: string | null;
  /** That store's slug (its address `/tienda/{store_slug}/`, the side menu's 'my shop'), or null. */
  store_slug: string | null;
  /** That store's name, or null. */
  store_name: string | null;
  /** The flag that makes a user without a store level 1 (resellers / entrepreneurs). */
  is_reseller: boolean;
  level: AccountLevel;
  keychain: string[];
  account_type: AccountType;
  created_at: string;
}

/** `PUT profile-admin`: only non-empty fields change; `photo` is a URL returned by the gallery upload. */
export interface ProfileUpdateRequest {
  full_name?: string;
  photo?: string;
  bio?: string;
  locale?: Locale;
}

export interface HeartbeatResponse {
  date: string | null;
  online: boolean;
}

/** spec 2 §3 promoted person state_follow. */
export type FollowState = 'following' | 'not_following';
export interface FollowResponse {
  state_follow: FollowState;
}

export interface SetupTour {
  app: string;
  show_tour: boolean;
}

/** spec 2 §3 menu entry: labels in es, en, es-AR; colour; app module. */
export interface MenuLabel {
  es: string;
  en: string;
  'es-AR': string;
}
export interface MenuEntry {
  label: MenuLabel;
  icon: string;
  icon_color: string;
  path: string;
  submenu: MenuEntry[];
  app_module: string;
}
export interface MenuResponse {
  name: string;
  results: MenuEntry[];
}
