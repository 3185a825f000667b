import { COUNTRY_CALLING_CODES, DEFAULT_PHONE_LENGTH, PHONE_LENGTHS } from '@vitrina/contracts';

/**
 * spec 3 §5 'Checkout requires valid contact': whitespace is stripped from the phone and the e-mail, the space
 * key is blocked in the e-mail field, and the phone input's maximum length depends on its country
 * (MX 12, US and CA 14, AR 12, otherwise 10); the default country is MX for Spanish, else US.
 */

/** The countries offered beside the phone; the server accepts any ISO code. */
export const PHONE_COUNTRIES = ['MX', 'US', 'CA', 'AR', 'CO', 'CL', 'PE', 'ES'] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];

/** International dialling code of each offered country, shown in the select. */
export const DIAL_CODES = Object.fromEntries(PHONE_COUNTRIES.map((c) => [c, COUNTRY_CALLING_CODES[c] ?? ''])) as Record<
  PhoneCountry,
  string
>;

/** spec 3 §5: the phone input's maximum length for a country (libs/contracts, shared with the server's check). */
export function phoneMaxLength(country: string): number {
  return PHONE_LENGTHS[country.toUpperCase()] ?? DEFAULT_PHONE_LENGTH;
}

/** spec 3 §5: MX for Spanish (es, es-AR...), else US. */
export function defaultPhoneCountry(language: string): PhoneCountry {
  return language.toLowerCase().startsWith('es') ? 'MX' : 'US';
}

/** Every whitespace character out (typed, pasted or autofilled). */
export function stripWhitespace(value: string): string {
  return value.replace(/\s+/g, '');
}

/** What the phone input keeps of a typed or pasted value: no whitespace, cut at the country's maximum length. */
export function normalizePhoneInput(value: string, country: string): string {
  return stripWhitespace(value).slice(0, phoneMaxLength(country));
}

/** spec 3 §5: the space key does nothing in the e-mail field. */
export function isBlockedEmailKey(key: string): boolean {
  return key === ' ' || key === 'Spacebar';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Digits only: the server keeps the digits (spec 3 §5 lengths). */
const PHONE = /^[0-9]+$/;
/** Fewest digits a real phone number of any offered country has. */
export const PHONE_MIN_DIGITS = 7;
export const NAME_MAX = 120;

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  phone_country: string;
}

export type ContactErrorKey = 'required' | 'invalidEmail' | 'invalidPhone' | 'phoneTooLong' | 'nameTooLong';
export type ContactErrors = Partial<Record<keyof ContactValues, ContactErrorKey>>;

/** The contact as it is sent: trimmed name, whitespace-free e-mail (lower case) and phone. */
export function cleanContact(values: ContactValues): ContactValues {
  return {
    name: values.name.trim().replace(/\s+/g, ' '),
    email: stripWhitespace(values.email).toLowerCase(),
    phone: stripWhitespace(values.phone),
    phone_country: values.phone_country.toUpperCase(),
  };
}

/** The message key of each field that is wrong; empty when the contact can be saved. */
export function validateContact(values: ContactValues): ContactErrors {
  const clean = cleanContact(values);
  const errors: ContactErrors = {};
  if (!clean.name) errors.name = 'required';
  else if (clean.name.length > NAME_MAX) errors.name = 'nameTooLong';
  if (!clean.email) errors.email = 'required';
  else if (!EMAIL.test(clean.email)) errors.email = 'invalidEmail';
  const digits = clean.phone.replace(/\D/g, '');
  if (!clean.phone) errors.phone = 'required';
  else if (clean.phone.length > phoneMaxLength(clean.phone_country)) errors.phone = 'phoneTooLong';
  else if (!PHONE.test(clean.phone) || digits.length < PHONE_MIN_DIGITS) errors.phone = 'invalidPhone';
  return errors;
}
