import type { AffiliateParams, Channel, Locale } from '@vitrina/contracts';
import { ValidationError } from '@vitrina/platform';
import { displayPhone, type PhoneNumber } from '../../users/domain/contact.js';
import { mobileNumber, type MobileNumber } from './mobile-number.js';

/** The registration fields after the DTO dropped empties and stripped spaces (spec 2 §3, §5). */
export interface RegistrationInput {
  password: string;
  full_name: string;
  username?: string;
  email?: string;
  phone?: string;
  country?: string;
  country_code?: string;
  response_type?: 'registration' | 'sms_registration';
  type?: Channel;
  store?: string;
  signup_form?: 'complete' | 'basic';
  skip_pin?: boolean;
  referral?: string;
  campaign?: string;
  click_id?: string;
  package_code?: string;
  referral_id?: string;
  landing_code?: string;
  pixel?: string;
  microsite?: string;
  auto_affinity?: boolean;
  alias_domain?: string;
  redirect_uri?: string;
  client_id?: string;
  scope?: string;
}

export interface Registration {
  channel: Channel;
  email?: string;
  phone?: MobileNumber;
  fullName: string;
  affiliate: AffiliateParams;
  shopSlug?: string;
  signupForm?: 'complete' | 'basic';
  /** The registrant asked to skip the PIN (a shop variant); granted only for a known shop. */
  skipRequested: boolean;
  /**
   * spec 2 §4 level 1 flag: sign-ups through an affiliate landing (`landing_code`) or a package/plan
   * (`package_code`) are resellers (entrepreneurs) from the start.
   */
  isReseller: boolean;
  /** Everything else the payload carried, kept with the account for later flows (OAuth, plans). */
  extras: Record<string, unknown>;
}

/**
 * Decides the channel and the contact data. The channel is `type` when given; otherwise phone for an SMS
 * registration or when only a phone was sent; e-mail otherwise (the spec's username is the e-mail).
 */
export function readRegistration(input: RegistrationInput): Registration {
  const email = input.email ?? input.username;
  const channel: Channel = input.type ?? (input.response_type === 'sms_registration' || (input.phone && !email) ? 'phone' : 'email');
  if (channel === 'email' && !email) throw new ValidationError('email: required', { email: ['required'] });
  if (channel === 'phone' && !input.phone) throw new ValidationError('phone: required', { phone: ['required'] });
  const phone = input.phone ? mobileNumber(input.phone, input.country, input.country_code) : undefined;
  const affiliate: AffiliateParams = pick(input, [
    'referral',
    'campaign',
    'click_id',
    'referral_id',
    'landing_code',
    'package_code',
    'pixel',
  ]);
  return {
    channel,
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
    fullName: input.full_name,
    affiliate,
    ...(input.store ? { shopSlug: input.store } : {}),
    ...(input.signup_form ? { signupForm: input.signup_form } : {}),
    skipRequested: input.signup_form !== undefined || input.skip_pin === true,
    isReseller: Boolean(input.landing_code || input.package_code),
    extras: pick(input, ['microsite', 'auto_affinity', 'alias_domain', 'redirect_uri', 'client_id', 'scope', 'response_type']),
  };
}

/**
 * spec 2 §2, §4: the PIN may be skipped only in a shop's 'complete' or 'basic' sign-up, for a shop we know. When the
 * shop's own setting is known (from its events) it decides; otherwise the registration's `signup_form` does.
 */
export function canSkipPin(registration: Registration, shop: { signupForm: 'complete' | 'basic' | 'none' | null } | undefined): boolean {
  if (!registration.skipRequested || !shop) return false;
  return shop.signupForm === null || shop.signupForm === 'complete' || shop.signupForm === 'basic';
}

/**
 * spec 2 §3 response message; the phone form is a text with a colon and the number after it. When the PIN is
 * skipped nothing was sent, so the message does not say so.
 */
export function sentMessage(
  channel: Channel,
  destination: { email?: string; phone?: PhoneNumber },
  locale: Locale,
  skipped = false,
): string {
  const es = locale !== 'en';
  const to = channel === 'phone' ? displayPhone(destination.phone!) : destination.email!;
  if (skipped) return es ? `Tu registro está listo para: ${to}` : `Your registration is ready for: ${to}`;
  if (channel === 'phone') return es ? `Te enviamos un PIN por SMS al número: ${to}` : `We sent a PIN by SMS to the number: ${to}`;
  return es ? `Te enviamos un PIN a tu correo: ${to}` : `We sent a PIN to your e-mail: ${to}`;
}

function pick<T extends object, K extends keyof T>(obj: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (obj[k] !== undefined) out[k] = obj[k];
  return out;
}
