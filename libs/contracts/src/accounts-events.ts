/** `accounts.user` events (docs/architecture.md §5). Published by the accounts service. */
export type Channel = 'email' | 'phone';
export type Locale = 'es' | 'en' | 'es-AR';

/** Affiliate parameters sent with the registration (spec 2 §3); marketing attributes the sign-up with them. */
export interface AffiliateParams {
  referral?: string;
  campaign?: string;
  click_id?: string;
  referral_id?: string;
  landing_code?: string;
  package_code?: string;
  pixel?: string;
}

export interface UserRegistered {
  userId: string;
  channel: Channel;
  email?: string;
  phone?: string;
  fullName: string;
  locale: Locale;
  affiliate: AffiliateParams;
  /** Slug of the shop the sign-up happened in (`store` in the payload). */
  shopSlug?: string;
  /** The shop's sign-up variant, when the registration came through one. */
  signupForm?: 'complete' | 'basic';
  /** Whether the PIN step may be skipped (spec 2 §4). */
  canSkipPin: boolean;
}

/**
 * A one-time code to deliver (PIN at registration or channel switch, password-reset code).
 * The code itself travels only to messaging, which sends it; it is never stored in clear by accounts.
 */
export interface UserPinIssued {
  userId: string;
  purpose: 'activation' | 'password_reset';
  channel: Channel;
  /** E-mail address or E.164 phone number. */
  destination: string;
  code: string;
  /** Activation link with the key, for activation e-mails. */
  activationUrl?: string;
  expiresAt: string;
  locale: Locale;
  fullName: string;
}

export interface UserActivated {
  userId: string;
  /** How the account was activated. */
  method: 'pin' | 'link' | 'skip';
}

export interface UserProfileUpdated {
  userId: string;
  name: string;
  photo?: string | null;
}

/** The user level or keychain changed (a store was created for them...). */
export interface UserLevelChanged {
  userId: string;
  level: 0 | 1 | 2 | 3;
  previousLevel: 0 | 1 | 2 | 3;
  keychain: string[];
  storeId: string | null;
}

/**
 * A user started following another (`PUT subscription-public /{me}/subscribe/{user}/`): published only when the follow
 * is new, so re-following or a retry publishes nothing. Messaging alerts the followed user.
 */
export interface UserFollowed {
  followerId: string;
  followedId: string;
  /** The follower's name when they followed. */
  followerName: string;
}

export const AccountsEvents = {
  registered: 'accounts.user.registered',
  pinIssued: 'accounts.user.pin-issued',
  activated: 'accounts.user.activated',
  profileUpdated: 'accounts.user.profile-updated',
  levelChanged: 'accounts.user.level-changed',
  followed: 'accounts.user.followed',
} as const;
