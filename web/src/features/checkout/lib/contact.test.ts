import { describe, expect, it } from 'vitest';
import { cleanContact, defaultPhoneCountry, isBlockedEmailKey, normalizePhoneInput, phoneMaxLength, validateContact } from './contact';

const valid = { name: 'Ana Pérez', email: 'ana@example.com', phone: '5512345678', phone_country: 'MX' };

describe('checkout contact rules (spec 3 §5)', () => {
  it('limits the phone by country: MX 12, US and CA 14, AR 12, any other 10', () => {
    expect(phoneMaxLength('MX')).toBe(12);
    expect(phoneMaxLength('US')).toBe(14);
    expect(phoneMaxLength('CA')).toBe(14);
    expect(phoneMaxLength('AR')).toBe(12);
    expect(phoneMaxLength('CO')).toBe(10);
    expect(phoneMaxLength('ES')).toBe(10);
  });

  it('defaults the phone country to MX for Spanish and US otherwise', () => {
    expect(defaultPhoneCountry('es')).toBe('MX');
    expect(defaultPhoneCountry('es-AR')).toBe('MX');
    expect(defaultPhoneCountry('en')).toBe('US');
  });

  it('strips whitespace from a typed or pasted phone and cuts it at the country maximum', () => {
    expect(normalizePhoneInput(' 55 1234\t5678 ', 'MX')).toBe('5512345678');
    expect(normalizePhoneInput('55 1234 5678 9999', 'MX')).toBe('551234567899');
    expect(normalizePhoneInput('123 456 789 012 345', 'CO')).toBe('1234567890');
    expect(normalizePhoneInput('123 456 789 012 345', 'US')).toBe('12345678901234');
  });

  it('blocks the space key in the e-mail and strips whitespace from what is sent', () => {
    expect(isBlockedEmailKey(' ')).toBe(true);
    expect(isBlockedEmailKey('a')).toBe(false);
    expect(cleanContact({ ...valid, email: ' Ana @Example.com ', phone: '55 1234 5678', name: '  Ana   Pérez ' })).toEqual({
      name: 'Ana Pérez',
      email: 'ana@example.com',
      phone: '5512345678',
      phone_country: 'MX',
    });
  });

  it('accepts a complete contact and names each wrong field', () => {
    expect(validateContact(valid)).toEqual({});
    expect(validateContact({ name: ' ', email: '', phone: '', phone_country: 'MX' })).toEqual({
      name: 'required',
      email: 'required',
      phone: 'required',
    });
    expect(validateContact({ ...valid, email: 'ana@example' }).email).toBe('invalidEmail');
    expect(validateContact({ ...valid, phone: '12ab45' }).phone).toBe('invalidPhone');
    expect(validateContact({ ...valid, phone: '12345' }).phone).toBe('invalidPhone');
    expect(validateContact({ ...valid, phone: '1234567890123', phone_country: 'MX' }).phone).toBe('phoneTooLong');
    expect(validateContact({ ...valid, phone: '1234567890123', phone_country: 'US' }).phone).toBeUndefined();
  });
});
