import { PaymentLimits } from '@vitrina/contracts';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';

/**
 * spec 3 §5 'Card expiry entered as month/year is split on the slash; card number has spaces removed and is cut at
 * 19 characters; the phone for the billing card is parsed to its national number.' The raw number and cvv live
 * only in the form's state and go only to the provider's tokeniser (never logged, stored or sent to /api/payment).
 */

/** What the card number field keeps: spaces (and any other non-digit) out, cut at 19 characters. */
export function normalizeCardNumber(value: string): string {
  return value.replace(/\D+/g, '').slice(0, PaymentLimits.cardNumberMaxLength);
}

/** The number as it is shown while typing: groups of four (`4242 4242 4242 4242`). */
export function formatCardNumber(digits: string): string {
  return normalizeCardNumber(digits).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn check every card number passes (catches most typos before the provider is asked). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What the expiry field keeps while typing: `MMYY` digits shown as `MM/YY` (the slash added after the month). */
export function formatExpiryInput(value: string): string {
  const digits = value.replace(/\D+/g, '').slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits}/`;
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export interface Expiry {
  /** Two digits, `01`-`12`. */
  month: string;
  /** Two digits, as written on the card. */
  year: string;
}

/** spec 3 §5: `MM/YY` split on the slash; null when either part is not a month / a two- or four-digit year. */
export function parseExpiry(value: string): Expiry | null {
  const [rawMonth, rawYear, ...rest] = value.split('/');
  if (rest.length > 0 || rawMonth === undefined || rawYear === undefined) return null;
  const month = rawMonth.trim();
  const year = rawYear.trim();
  if (!/^\d{1,2}$/.test(month) || !/^(\d{2}|\d{4})$/.test(year)) return null;
  const m = Number(month);
  if (m < 1 || m > 12) return null;
  return { month: String(m).padStart(2, '0'), year: year.slice(-2) };
}

/** A card is good until the end of its expiry month. */
export function expiryInFuture(expiry: Expiry, now: Date = new Date()): boolean {
  const year = 2000 + Number(expiry.year);
  const month = Number(expiry.month);
  const current = now.getFullYear() * 12 + now.getMonth();
  return year * 12 + (month - 1) >= current;
}

export function cvvValid(value: string): boolean {
  return /^\d{3,4}$/.test(value);
}

/** The cvv field keeps up to four digits. */
export function normalizeCvv(value: string): string {
  return value.replace(/\D+/g, '').slice(0, 4);
}

/**
 * spec 3 §5: the billing phone is sent as its national number (`+52 55 1234 5678` → `5512345678`), read with the
 * country chosen beside it. A number the library cannot read is sent as its digits.
 */
export function nationalPhone(phone: string, country: string): string {
  const trimmed = phone.trim();
  if (!trimmed) return '';
  const parsed = parsePhoneNumberFromString(trimmed, country.toUpperCase() as CountryCode);
  return parsed ? String(parsed.nationalNumber) : trimmed.replace(/\D+/g, '');
}
