import { COUNTRY_CALLING_CODES, DEFAULT_PHONE_COUNTRY, PHONE_DEFAULT_MAX_LENGTH, PHONE_MAX_LENGTH_BY_COUNTRY } from '@vitrina/contracts';
// Mobile metadata (~100 KB): a phone registration is for a line that receives the SMS with the PIN. Only the
// auth screens import this module, so the library travels in their lazily loaded chunks, never the shop's.
import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/mobile';

/** spec 2 §3 phone input: the number plus its country and calling code. */
export interface PhoneValue {
  /** What the text box shows: digits, or the country's own format once they make a valid mobile number. */
  phone: string;
  /** ISO 3166-1 alpha-2, e.g. `MX`. */
  country: string;
  /** Calling code digits, e.g. `52`. */
  country_code: string;
}

/** The countries the selector offers, in the contracts' order (Mexico first). */
export const PHONE_COUNTRIES: readonly string[] = Object.keys(COUNTRY_CALLING_CODES);

export function callingCodeOf(country: string): string {
  return COUNTRY_CALLING_CODES[country] ?? '';
}

/** spec 2 §5: at most MX 12, US and CA 14, AR 12, otherwise 10 characters (spaces never count: they are stripped). */
export function phoneMaxLength(country: string): number {
  return PHONE_MAX_LENGTH_BY_COUNTRY[country] ?? PHONE_DEFAULT_MAX_LENGTH;
}

/** spec 2 §5: Mexico (52) for a Spanish interface, the United States (1) otherwise. */
export function defaultPhoneCountry(locale: string): { country: string; country_code: string } {
  const spanish = locale === 'es' || locale.toLowerCase().startsWith('es-');
  return { ...(spanish ? DEFAULT_PHONE_COUNTRY.es : DEFAULT_PHONE_COUNTRY.en) };
}

/** spec 2 §5: spaces are stripped from e-mail and phone. */
export function stripSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}

export function phoneDigits(value: string): string {
  return value.replace(/\D+/g, '');
}

/**
 * Argentina dials its mobiles with a 9 after +54 (national form 0 11 15-xxxx-xxxx); a 10-digit number typed
 * without it (area code and subscriber, as Argentines write it) is the same line, so it is read as the mobile.
 */
function asMobileDigits(digits: string, country: string): string {
  if (country === 'AR' && digits.length === 10 && !digits.startsWith('0') && !digits.startsWith('9')) return `9${digits}`;
  return digits;
}

/** The mobile number `value` makes in `country` (libphonenumber-js), or null when it is not one. */
export function parseMobile(value: string, country: string): PhoneNumber | null {
  const digits = phoneDigits(value);
  if (!digits || !Object.hasOwn(COUNTRY_CALLING_CODES, country)) return null;
  const parsed = parsePhoneNumberFromString(asMobileDigits(digits, country), country as CountryCode);
  return parsed?.isValid() ? parsed : null;
}

/** The country's own national format once the digits make a valid mobile (`55 1234 5678`, `(202) 555-0123`, `612 34 56 78`); else the digits. */
export function formatPhone(value: string, country: string): string {
  return parseMobile(value, country)?.formatNational() ?? phoneDigits(value);
}

/**
 * The next value of the phone box after the user typed or pasted `next`: spaces and anything but digits and
 * `+ ( ) - .` are dropped, a value with more digits than the country's cap is refused (the previous one stays,
 * spec 2 §5), and a complete mobile number is shown in the country's format.
 */
export function acceptPhoneInput(previous: string, next: string, country: string): string {
  const cleaned = stripSpaces(next).replace(/[^\d+().-]/g, '');
  const digits = phoneDigits(cleaned);
  if (digits.length > phoneMaxLength(country)) return previous;
  return formatPhone(digits, country);
}

/** spec 2 §5, §9 ('invalid number'): a mobile number of the chosen country (Spain and Peru: 9 digits; Mexico: 10). */
export function isValidPhone(value: string, country: string): boolean {
  return /^[\d\s()+.-]*$/.test(value) && parseMobile(value, country) !== null;
}

/** The first offered country with this calling code (the +1 of the US and Canada formats alike). */
function countryOfCallingCode(code: string): string | null {
  return PHONE_COUNTRIES.find((country) => COUNTRY_CALLING_CODES[country] === code) ?? null;
}

/**
 * `+52 55 1234 5678`, `+54 9 11 2345-6789`: the number as the PIN screen shows it (spec 2 §2: phone with +
 * country code), international format, Argentine mobiles in their mobile form.
 */
export function displayPhone(countryCode: string, phone: string, country?: string): string {
  const code = phoneDigits(countryCode);
  const where = country ?? countryOfCallingCode(code);
  const parsed = where ? parseMobile(phone, where) : null;
  if (parsed && (!code || parsed.countryCallingCode === code)) return parsed.formatInternational();
  const digits = phoneDigits(phone);
  return code ? `+${code} ${digits}` : digits;
}

/** `+525512345678` (E.164, as the server names a phone account) -> national digits, country and calling code. */
export function splitInternational(number: string): PhoneValue | null {
  const digits = phoneDigits(number);
  if (!digits) return null;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  const country = parsed?.country;
  if (!parsed?.isValid() || !country || !Object.hasOwn(COUNTRY_CALLING_CODES, country)) return null;
  return { phone: parsed.nationalNumber, country, country_code: parsed.countryCallingCode };
}

/** The E.164 form of a typed mobile (`+5491123456789` for an Argentine `11 2345-6789`), else `+{code}{digits}`. */
export function internationalNumber(value: PhoneValue): string {
  return parseMobile(value.phone, value.country)?.number ?? `+${phoneDigits(value.country_code)}${phoneDigits(value.phone)}`;
}
