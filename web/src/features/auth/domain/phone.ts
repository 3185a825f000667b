import {
  COUNTRY_CALLING_CODES,
  DEFAULT_PHONE_COUNTRY,
  PHONE_DEFAULT_MAX_LENGTH,
  PHONE_DIGITS,
  PHONE_MAX_LENGTH_BY_COUNTRY,
} from '@vitrina/contracts';

/** spec 2 §3 phone input: the number plus its country and calling code. */
export interface PhoneValue {
  /** What the text box shows: digits, or `(###) ###-####` once there are exactly 10. */
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

/** spec 2 §5: the display format (###) ###-#### applies only to exactly 10 digits; anything else shows as typed. */
export function formatPhone(value: string): string {
  const digits = phoneDigits(value);
  if (digits.length !== PHONE_DIGITS) return digits;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * The next value of the phone box after the user typed or pasted `next`: spaces and anything but digits and
 * `+ ( ) - .` are dropped, a value longer than the country's maximum is refused (the previous one stays), and
 * 10 digits are shown as (###) ###-####.
 */
export function acceptPhoneInput(previous: string, next: string, country: string): string {
  const cleaned = stripSpaces(next).replace(/[^\d+().-]/g, '');
  const digits = phoneDigits(cleaned);
  if (digits.length === PHONE_DIGITS) return formatPhone(digits);
  if (digits.length > phoneMaxLength(country)) return previous;
  return digits;
}

/** spec 2 §5, §9: a phone number has exactly 10 digits ('invalid number'). */
export function isValidPhone(value: string): boolean {
  return phoneDigits(value).length === PHONE_DIGITS && /^[\d\s()+.-]*$/.test(value);
}

/** `+52 (555) 123-4567`: the number as the PIN screen shows it (spec 2 §2: phone with + country code). */
export function displayPhone(countryCode: string, phone: string): string {
  const code = phoneDigits(countryCode);
  const number = formatPhone(phone);
  return code ? `+${code} ${number}` : number;
}
