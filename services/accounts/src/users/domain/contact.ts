import { COUNTRY_CALLING_CODES, SMS_ELIGIBLE_COUNTRIES } from '@vitrina/contracts';
import { ValidationError } from '@vitrina/platform';

/** A mobile number as accounts keeps it: E.164 for lookups and delivery, the parts for the profile. */
export interface PhoneNumber {
  e164: string;
  national: string;
  country: string | null;
  countryCode: string;
}

/**
 * Builds the number from the spec's phone input (phone, country, country_code; spec 2 §3). The national part has
 * already lost spaces and formatting (DTO) and has 10 digits (spec 2 §9). The calling code comes from
 * `country_code` or, failing that, from the country.
 */
export function phoneNumber(national: string, country?: string, countryCode?: string): PhoneNumber {
  const code = countryCode ?? (country ? COUNTRY_CALLING_CODES[country] : undefined);
  if (!code) {
    throw new ValidationError('country_code: required with a phone number', { country_code: ['required with phone'] });
  }
  const resolvedCountry = country ?? Object.entries(COUNTRY_CALLING_CODES).find(([, c]) => c === code)?.[0] ?? null;
  return { e164: `+${code}${national}`, national, country: resolvedCountry, countryCode: code };
}

/** spec 2 §8 not_eligible: SMS codes reach only the lines of the countries we deliver to. */
export function isSmsEligible(phone: PhoneNumber): boolean {
  return phone.country !== null && SMS_ELIGIBLE_COUNTRIES.includes(phone.country);
}

/** `+52 5512345678` for messages (spec 2 §3: the number after a colon). */
export function displayPhone(phone: Pick<PhoneNumber, 'countryCode' | 'national'>): string {
  return `+${phone.countryCode} ${phone.national}`;
}

/** How someone names their account when signing in or asking for a code: an e-mail or a phone number. */
export type LoginIdentifier = { kind: 'email'; email: string } | { kind: 'phone'; e164: string } | { kind: 'national'; national: string };

/**
 * Reads a username: an e-mail, a full international number (`+5255...`), or national digits (with a
 * country code given separately, or alone, in which case the number must be unique).
 */
export function loginIdentifier(input: {
  username?: string;
  email?: string;
  phone?: string;
  country?: string;
  country_code?: string;
}): LoginIdentifier | undefined {
  const email = input.email ?? (input.username?.includes('@') ? input.username : undefined);
  if (email) return { kind: 'email', email: email.replace(/\s+/g, '').toLowerCase() };
  const raw = (input.phone ?? input.username)?.replace(/[\s().-]+/g, '');
  if (!raw) return undefined;
  if (/^\+\d{8,15}$/.test(raw)) return { kind: 'phone', e164: raw };
  if (!/^\d{6,15}$/.test(raw)) return undefined;
  const code =
    input.country_code?.replace(/[\s+]+/g, '') || (input.country ? COUNTRY_CALLING_CODES[input.country.toUpperCase()] : undefined);
  return code ? { kind: 'phone', e164: `+${code}${raw}` } : { kind: 'national', national: raw };
}

/** A stable key for limits: the same for an account that exists and one that does not. */
export function identifierKey(id: LoginIdentifier): string {
  return id.kind === 'email' ? `e:${id.email}` : id.kind === 'phone' ? `p:${id.e164}` : `n:${id.national}`;
}

/** URL slug of a profile: the name, ascii, plus a random suffix (names repeat). */
export function profileSlug(fullName: string, suffix: string): string {
  const base = fullName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return `${base || 'usuario'}-${suffix}`;
}
