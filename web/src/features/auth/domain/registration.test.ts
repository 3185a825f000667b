import { describe, expect, it } from 'vitest';
import {
  availabilityRequest,
  buildRegistrationRequest,
  dropEmpty,
  validateEmail,
  validatePassword,
  validatePhone,
  validatePin,
  validateRegistration,
  type RegistrationFormValues,
} from './registration';

const base: RegistrationFormValues = {
  channel: 'email',
  full_name: 'Ana Pérez',
  email: 'ana@example.com',
  phone: '',
  country: 'MX',
  country_code: '52',
  password: 'secreto123',
};

describe('registration form validation (spec 2 §5)', () => {
  it('requires a valid e-mail', () => {
    expect(validateEmail('')).toBe('validation.required');
    expect(validateEmail('ana@')).toBe('validation.invalidEmail');
    expect(validateEmail('ana@example')).toBe('validation.invalidEmail');
    expect(validateEmail(' ana@example.com ')).toBeNull();
  });

  it('requires a mobile number of the chosen country (invalid number)', () => {
    expect(validatePhone('', 'MX')).toBe('validation.required');
    expect(validatePhone('55123', 'MX')).toBe('validation.invalidNumber');
    expect(validatePhone('(551) 234-5678', 'MX')).toBeNull();
    expect(validatePhone('612 345 678', 'ES')).toBeNull();
    expect(validatePhone('912345678', 'PE')).toBeNull();
  });

  it('requires a password of at least 8 characters', () => {
    expect(validatePassword('')).toBe('validation.required');
    expect(validatePassword('1234567')).toBe('validation.passwordTooShort');
    expect(validatePassword('12345678')).toBeNull();
  });

  it('requires a PIN of 6 numeric digits', () => {
    expect(validatePin('')).toBe('validation.required');
    expect(validatePin('12345')).toBe('validation.invalidPin');
    expect(validatePin('12345a')).toBe('validation.invalidPin');
    expect(validatePin('123456')).toBeNull();
  });

  it('checks only the chosen channel, plus name and password', () => {
    expect(validateRegistration(base)).toEqual({});
    expect(validateRegistration({ ...base, email: 'x', full_name: ' ', password: '1' })).toEqual({
      email: 'validation.invalidEmail',
      full_name: 'validation.required',
      password: 'validation.passwordTooShort',
    });
    expect(validateRegistration({ ...base, channel: 'phone', email: 'x' })).toEqual({ phone: 'validation.required' });
  });
});

describe('registration payload (spec 2 §3)', () => {
  it('sends the e-mail as username and email, spaces stripped, empty fields dropped', () => {
    const body = buildRegistrationRequest({ ...base, email: ' Ana@Example.com ' }, 'es', { store: 'demo', referral: '' });
    expect(body).toEqual({
      response_type: 'registration',
      store: 'demo',
      full_name: 'Ana Pérez',
      password: 'secreto123',
      type: 'email',
      locale: 'es',
      username: 'ana@example.com',
      email: 'ana@example.com',
    });
  });

  it('sends the phone digits with country and calling code, without e-mail fields', () => {
    const body = buildRegistrationRequest({ ...base, channel: 'phone', email: '', phone: '(551) 234-5678' }, 'en');
    expect(body).toMatchObject({ type: 'phone', phone: '5512345678', country: 'MX', country_code: '52', locale: 'en' });
    expect(body).not.toHaveProperty('username');
    expect(body).not.toHaveProperty('email');
  });

  it('drops empty and blank values', () => {
    expect(dropEmpty({ a: '', b: '  ', c: undefined, d: null, e: 'x', f: false })).toEqual({ e: 'x', f: false });
  });

  it('asks availability with the e-mail, or the phone with its country', () => {
    expect(availabilityRequest({ ...base, email: ' A@b.co ' })).toEqual({ username: 'a@b.co' });
    expect(availabilityRequest({ ...base, channel: 'phone', phone: '(551) 234-5678' })).toEqual({
      username: '5512345678',
      phone: '5512345678',
      country: 'MX',
      country_code: '52',
    });
  });
});
