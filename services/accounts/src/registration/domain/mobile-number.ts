import { COUNTRY_CALLING_CODES, PHONE_DEFAULT_MAX_LENGTH, PHONE_MAX_LENGTH_BY_COUNTRY, SMS_ELIGIBLE_COUNTRIES } from '@vitrina/contracts';
import { ValidationError } from '@vitrina/platform';
// Mobile metadata, as the web's auth screens use: a phone registration is for a line that receives the SMS with the PIN.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import { phoneNumber, type PhoneNumber } from '../../users/domain/contact.js';

/** A registered mobile: its E.164 form, plus the form accounts stored before numbers were validated (`+{code}{typed}`). */
export interface MobileNumber extends PhoneNumber {
  /** `+{code}{typed digits}` when it differs from `e164` (an Argentine mobile typed without its 9): older accounts hold it. */
  legacyE164?: string;
}

function invalidNumber(): ValidationError {
  return new ValidationError('phone: invalid number', { phone: ['invalid number'] });
}

/** spec 2 §5: at most MX 12, US and CA 14, AR 12, otherwise 10 characters (formatting is stripped before). */
function maxDigits(country: string | null): number {
  return (country && PHONE_MAX_LENGTH_BY_COUNTRY[country]) || PHONE_DEFAULT_MAX_LENGTH;
}

/**
 * Argentina dials its mobiles with a 9 after +54; a 10-digit number typed without it (area code and subscriber,
 * as Argentines write it) is the same line, so it is read as the mobile (the web does the same).
 */
function asMobileDigits(digits: string, country: string): string {
  if (country === 'AR' && digits.length === 10 && !digits.startsWith('0') && !digits.startsWith('9')) return `9${digits}`;
  return digits;
}

/**
 * spec 2 §3, §5, §8: the national digits typed, with `country` (ISO) and/or `country_code`, must make a valid
 * mobile number of that country (libphonenumber-js): Spain and Peru 9 digits, Mexico 10, Argentina with or
 * without the 9. Answers it in E.164 (lookups, storage, SMS delivery). A country we send no SMS to is not judged
 * here: the registration answers `not_eligible` for it (spec 2 §8).
 */
export function mobileNumber(national: string, country?: string, countryCode?: string): MobileNumber {
  const typed = phoneNumber(national, country, countryCode);
  if (typed.country === null || !SMS_ELIGIBLE_COUNTRIES.includes(typed.country)) return typed;
  if (!/^\d+$/.test(national) || national.length > maxDigits(typed.country)) throw invalidNumber();
  // A calling code that is not the country's (country MX, country_code 1) names no line of that country.
  if (COUNTRY_CALLING_CODES[typed.country] !== typed.countryCode) throw invalidNumber();
  const parsed = parsePhoneNumberFromString(asMobileDigits(national, typed.country), typed.country as CountryCode);
  if (!parsed?.isValid() || parsed.countryCallingCode !== typed.countryCode) throw invalidNumber();
  return {
    e164: parsed.number,
    national: parsed.nationalNumber,
    country: typed.country,
    countryCode: typed.countryCode,
    ...(parsed.number !== typed.e164 ? { legacyE164: typed.e164 } : {}),
  };
}
