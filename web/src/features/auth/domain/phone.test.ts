import { describe, expect, it } from 'vitest';
import {
  acceptPhoneInput,
  callingCodeOf,
  defaultPhoneCountry,
  displayPhone,
  formatPhone,
  internationalNumber,
  splitInternational,
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

  it("shows a complete mobile number in its country's format, anything else as typed", () => {
    expect(formatPhone('5512345678', 'MX')).toBe('55 1234 5678');
    expect(formatPhone('2025550123', 'US')).toBe('(202) 555-0123');
    expect(formatPhone('612345678', 'ES')).toBe('612 34 56 78');
    expect(formatPhone('987654321', 'PE')).toBe('987 654 321');
    expect(formatPhone('551234567', 'MX')).toBe('551234567');
    expect(formatPhone('55 1234 5678', 'MX')).toBe('55 1234 5678');
  });

  it('strips spaces and anything that is not part of a number while typing', () => {
    expect(stripSpaces(' 55 12\t34 ')).toBe('551234');
    expect(acceptPhoneInput('', '55 12 34', 'MX')).toBe('551234');
    expect(acceptPhoneInput('', 'abc55x1', 'MX')).toBe('551');
    expect(acceptPhoneInput('', '55 1234 5678', 'MX')).toBe('55 1234 5678');
  });

  it('refuses input beyond the country cap (spec 2 §5, digits counted) and keeps the previous value', () => {
    // Colombia: at most 10; the 11th digit is refused.
    expect(acceptPhoneInput('300 1234567', '300 12345678', 'CO')).toBe('300 1234567');
    // Mexico allows up to 12 digits (a prefix and the number), shown as typed when not a number.
    expect(acceptPhoneInput('55 1234 5678', '55 1234 56781', 'MX')).toBe('55123456781');
    expect(acceptPhoneInput('551234567812', '5512345678123', 'MX')).toBe('551234567812');
    // United States and Canada: 14.
    expect(acceptPhoneInput('', '12345678901234', 'US')).toBe('12345678901234');
    expect(acceptPhoneInput('12345678901234', '123456789012345', 'CA')).toBe('12345678901234');
    // Spain and Peru: the default 10, room for their 9-digit mobiles.
    expect(acceptPhoneInput('', '612345678', 'ES')).toBe('612 34 56 78');
  });

  it('accepts the mobile numbers of each country, Spanish and Peruvian 9-digit ones included', () => {
    expect(isValidPhone('5512345678', 'MX')).toBe(true);
    expect(isValidPhone('55 1234 5678', 'MX')).toBe(true);
    expect(isValidPhone('(202) 555-0123', 'US')).toBe(true);
    expect(isValidPhone('612345678', 'ES')).toBe(true);
    expect(isValidPhone('712345678', 'ES')).toBe(true);
    expect(isValidPhone('912345678', 'PE')).toBe(true);
    expect(isValidPhone('3001234567', 'CO')).toBe(true);
    // Argentina: with or without the mobile 9, or in the national 15 form.
    expect(isValidPhone('1123456789', 'AR')).toBe(true);
    expect(isValidPhone('91123456789', 'AR')).toBe(true);
    expect(isValidPhone('011 15 2345 6789', 'AR')).toBe(true);
  });

  it('refuses what is not a mobile number there', () => {
    expect(isValidPhone('551234567', 'MX')).toBe(false);
    expect(isValidPhone('55123456ab', 'MX')).toBe(false);
    // A Spanish landline cannot receive the SMS with the PIN.
    expect(isValidPhone('912345678', 'ES')).toBe(false);
    expect(isValidPhone('12345', 'PE')).toBe(false);
    expect(isValidPhone('5512345678', 'ZZ')).toBe(false);
  });

  it('shows the number with its + country code on the PIN screen, Argentine mobiles in their mobile form', () => {
    expect(displayPhone('52', '5512345678')).toBe('+52 55 1234 5678');
    expect(displayPhone('+1', '2025550123')).toBe('+1 202 555 0123');
    expect(displayPhone('34', '612345678', 'ES')).toBe('+34 612 34 56 78');
    expect(displayPhone('54', '1123456789', 'AR')).toBe('+54 9 11 2345 6789');
    expect(displayPhone('54', '1123456789')).toBe('+54 9 11 2345 6789');
    expect(displayPhone('52', '12345')).toBe('+52 12345');
  });

  it('reads an E.164 number back into national digits and country, and writes one', () => {
    expect(splitInternational('+34612345678')).toEqual({ phone: '612345678', country: 'ES', country_code: '34' });
    expect(splitInternational('+525512345678')).toEqual({ phone: '5512345678', country: 'MX', country_code: '52' });
    expect(splitInternational('12')).toBeNull();
    expect(internationalNumber({ phone: '11 2345-6789', country: 'AR', country_code: '54' })).toBe('+5491123456789');
    expect(internationalNumber({ phone: '612 34 56 78', country: 'ES', country_code: '34' })).toBe('+34612345678');
  });
});
