import { describe, expect, it } from 'vitest';
import {
  cvvValid,
  expiryInFuture,
  formatCardNumber,
  formatExpiryInput,
  luhnValid,
  nationalPhone,
  normalizeCardNumber,
  parseExpiry,
} from './card';
import { toBillingDetails, toCardInput, validateCard, emptyBilling } from './card-form';

describe('card fields (spec 3 §5)', () => {
  it('removes spaces from the card number and cuts it at 19 characters', () => {
    expect(normalizeCardNumber('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(normalizeCardNumber(' 4000-0000 0000 0002 ')).toBe('4000000000000002');
    expect(normalizeCardNumber('1234567890123456789012')).toBe('1234567890123456789');
    expect(normalizeCardNumber('1234567890123456789012')).toHaveLength(19);
  });

  it('shows the number grouped by four', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242')).toBe('4242');
  });

  it('checks the number with Luhn (the sandbox test cards pass, a typo does not)', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000009995')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
  });

  it('splits the expiry MM/YY on the slash', () => {
    expect(parseExpiry('12/28')).toEqual({ month: '12', year: '28' });
    expect(parseExpiry('3/2031')).toEqual({ month: '03', year: '31' });
    expect(parseExpiry(' 07 / 29 ')).toEqual({ month: '07', year: '29' });
    expect(parseExpiry('13/28')).toBeNull();
    expect(parseExpiry('1228')).toBeNull();
    expect(parseExpiry('12/2')).toBeNull();
    expect(parseExpiry('12/28/1')).toBeNull();
  });

  it('adds the slash while the expiry is typed', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('4')).toBe('04/');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('122')).toBe('12/2');
    expect(formatExpiryInput('12/28')).toBe('12/28');
    expect(formatExpiryInput('12289')).toBe('12/28');
  });

  it('takes a card as good until the end of its expiry month', () => {
    const now = new Date(2026, 10, 26);
    expect(expiryInFuture({ month: '11', year: '26' }, now)).toBe(true);
    expect(expiryInFuture({ month: '10', year: '26' }, now)).toBe(false);
    expect(expiryInFuture({ month: '01', year: '27' }, now)).toBe(true);
  });

  it('accepts a cvv of 3 or 4 digits', () => {
    expect(cvvValid('123')).toBe(true);
    expect(cvvValid('1234')).toBe(true);
    expect(cvvValid('12')).toBe(false);
    expect(cvvValid('12a')).toBe(false);
  });

  it('parses the billing phone to its national number', () => {
    expect(nationalPhone('+52 55 1234 5678', 'MX')).toBe('5512345678');
    expect(nationalPhone('55 1234 5678', 'MX')).toBe('5512345678');
    expect(nationalPhone('+1 (212) 555-0134', 'US')).toBe('2125550134');
    expect(nationalPhone('', 'MX')).toBe('');
  });

  it('says which fields are wrong, and builds what the tokeniser and the card payment get', () => {
    const now = new Date(2026, 10, 26);
    expect(validateCard({ holder_name: ' ', card_number: '4242424242424241', expiry: '10/26', cvv: '1' }, null, now)).toEqual({
      holder_name: 'validation.required',
      card_number: 'validation.cardNumber',
      expiry: 'validation.expiryPast',
      cvv: 'validation.cvv',
    });
    const values = { holder_name: ' Ana Pérez ', card_number: '4242424242424242', expiry: '12/28', cvv: '123' };
    expect(validateCard(values, null, now)).toEqual({});
    expect(validateCard(values, emptyBilling(), now)).toEqual({
      'billing.name': 'validation.required',
      'billing.surname': 'validation.required',
    });
    expect(toCardInput(values)).toEqual({ card_number: '4242424242424242', cvv: '123', month: '12', year: '28', holder_name: 'Ana Pérez' });
    const billing = toBillingDetails({
      ...emptyBilling(),
      name: ' Ana ',
      surname: 'Pérez',
      email: ' ana@example.com',
      phone: '+52 55 1234 5678',
    });
    expect(billing.name).toBe('Ana');
    expect(billing.email).toBe('ana@example.com');
    expect(billing.phone).toBe('5512345678');
    expect(billing.country_code).toBe('MX');
  });
});
