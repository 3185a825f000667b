import { describe, expect, it } from 'vitest';
import {
  acceptPhoneInput,
  callingCodeOf,
  defaultPhoneCountry,
  displayPhone,
  formatPhone,
  isValidPhone,
  phoneMaxLength,
  stripSpaces,
} from './phone';

describe('phone rules (spec 2 §5)', () => {
  it('caps the length by country: MX 12, US and CA 14, AR 12, any other 10', () => {
    expect(phoneMaxLength('MX')).toBe(12);
    expect(phoneMaxLength('US')).toBe(14);
    expect(phoneMaxLength('CA')).toBe(14);
    expect(phoneMaxLength('AR')).toBe(12);
    expect(phoneMaxLength('CO')).toBe(10);
    expect(phoneMaxLength('ES')).toBe(10);
  });

  it('defaults to Mexico (52) for Spanish and to the United States (1) otherwise', () => {
    expect(defaultPhoneCountry('es')).toEqual({ country: 'MX', country_code: '52' });
    expect(defaultPhoneCountry('es-AR')).toEqual({ country: 'MX', country_code: '52' });
    expect(defaultPhoneCountry('en')).toEqual({ country: 'US', country_code: '1' });
  });

  it('knows the calling code of each offered country', () => {
    expect(callingCodeOf('MX')).toBe('52');
    expect(callingCodeOf('AR')).toBe('54');
    expect(callingCodeOf('ZZ')).toBe('');
  });

  it('shows (###) ###-#### only for exactly 10 digits', () => {
    expect(formatPhone('5512345678')).toBe('(551) 234-5678');
    expect(formatPhone('551234567')).toBe('551234567');
    expect(formatPhone('55123456789')).toBe('55123456789');
    expect(formatPhone('55 1234 5678')).toBe('(551) 234-5678');
  });

  it('strips spaces and anything that is not part of a number while typing', () => {
    expect(stripSpaces(' 55 12\t34 ')).toBe('551234');
    expect(acceptPhoneInput('', '55 12 34', 'MX')).toBe('551234');
    expect(acceptPhoneInput('', 'abc55x1', 'MX')).toBe('551');
    expect(acceptPhoneInput('', '55 1234 5678', 'MX')).toBe('(551) 234-5678');
  });

  it('refuses input beyond the country maximum and keeps the previous value', () => {
    // Colombia: at most 10; the 11th digit is refused.
    expect(acceptPhoneInput('(300) 123-4567', '(300) 123-45678', 'CO')).toBe('(300) 123-4567');
    // Mexico allows up to 12 characters of digits (a prefix and the number), shown unformatted.
    expect(acceptPhoneInput('(551) 234-5678', '(551) 234-56781', 'MX')).toBe('55123456781');
    expect(acceptPhoneInput('551234567812', '5512345678123', 'MX')).toBe('551234567812');
    // United States and Canada: 14.
    expect(acceptPhoneInput('', '12345678901234', 'US')).toBe('12345678901234');
    expect(acceptPhoneInput('12345678901234', '123456789012345', 'CA')).toBe('12345678901234');
  });

  it('accepts a phone of exactly 10 digits, formatted or not', () => {
    expect(isValidPhone('5512345678')).toBe(true);
    expect(isValidPhone('(551) 234-5678')).toBe(true);
    expect(isValidPhone('551234567')).toBe(false);
    expect(isValidPhone('55123456789')).toBe(false);
    expect(isValidPhone('55123456ab')).toBe(false);
  });

  it('shows the number with its + country code on the PIN screen', () => {
    expect(displayPhone('52', '5512345678')).toBe('+52 (551) 234-5678');
    expect(displayPhone('+1', '2025550123')).toBe('+1 (202) 555-0123');
    expect(displayPhone('', '5512345678')).toBe('(551) 234-5678');
  });
});
