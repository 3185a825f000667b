/** `accounts.user` events (ARCHITECTURE §5). Published by the accounts service. */
export type Channel = 'email' | 'phone';
export type Locale = 'es' | 'en' | 'es-AR';

export interface AffiliateParams {
  referral?: string;
  campaign?: string;
  click_id?: string;
}

export interface UserRegistered {
  userId: string;
  channel: Channel;
  email?: string;
  phone?: string;
  fullName: string;
  locale: Locale;
  affiliate: AffiliateParams;
  shopSlug?: string;
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
}

export interface UserProfileUpdated {
  userId: string;
  name: string;
  photo?: string | null;
}

export const AccountsEvents = {
  registered: 'accounts.user.registered',
  pinIssued: 'accounts.user.pin-issued',
  activated: 'accounts.user.activated',
  profileUpdated: 'accounts.user.profile-updated',
  levelChanged: 'accounts.user.level-changed',
} as const;
