import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/client';
import es from '../i18n/es.json';
import en from '../i18n/en.json';
import {
  authErrorDetailKey,
  authErrorMessageKey,
  fieldOfError,
  formatWait,
  parseRetryAfter,
  retryAfterOf,
  RetryLaterApiError,
} from './auth-errors';

const error = (code: string, fields?: Record<string, string[]>) => new ApiError(400, code, code, fields);
const text = (messages: typeof es, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);

describe('error codes to messages (spec 2 §8)', () => {
  it.each([
    ['existing_user', 'The user already exists', 'El usuario ya existe'],
    ['user_already_exists', 'The user has already been activated!', '¡El usuario ya fue activado!'],
    ['invalid_pin', 'Incorrect or expired code', 'Código incorrecto o vencido'],
    ['expired_pin', 'Incorrect or expired code', 'Código incorrecto o vencido'],
    [
      'not_eligible',
      'Your line is not eligible to execute the service charge.',
      'Tu línea no es elegible para ejecutar el cobro del servicio.',
    ],
    ['some_new_code', 'Unknown error', 'Error desconocido'],
  ])('%s shows "%s"', (code, english, spanish) => {
    const key = authErrorMessageKey(error(code));
    expect(text(en, key)).toBe(english);
    expect(text(es, key)).toBe(spanish);
  });

  it('has a message for every code of the catalogue and of sign-in', () => {
    for (const code of [
      'user_already_active',
      'user_does_not_exist',
      'email_client_failure',
      'email_server_failure',
      'invalid_credentials',
      'user_not_active',
      'pin_locked',
      'rate_limited',
      'network_error',
      'invalid_notification_action',
      'invalid_set_auth_action',
    ]) {
      const key = authErrorMessageKey(error(code));
      expect(key).not.toBe('errors.unknown');
      expect(typeof text(es, key)).toBe('string');
      expect(typeof text(en, key)).toBe('string');
    }
  });

  it('treats anything that is not an ApiError as unknown', () => {
    expect(authErrorMessageKey(new Error('boom'))).toBe('errors.unknown');
    expect(authErrorMessageKey(undefined)).toBe('errors.unknown');
  });

  it('adds the eligibility line to not_eligible only', () => {
    expect(authErrorDetailKey(error('not_eligible'))).toBe('errors.not_eligible_detail');
    expect(authErrorDetailKey(error('invalid_pin'))).toBeNull();
  });

  it('puts an existing user on the phone field in the phone flow, else on the e-mail field', () => {
    expect(fieldOfError(error('existing_user'), 'phone')).toBe('phone');
    expect(fieldOfError(error('existing_user'), 'email')).toBe('email');
    expect(fieldOfError(error('validation_failed', { username: ['invalid e-mail'] }), 'email')).toBe('email');
    expect(fieldOfError(error('validation_failed', { password: ['too short'] }), 'email')).toBe('password');
    expect(fieldOfError(error('invalid_pin'), 'email')).toBeNull();
  });
});

describe('waits of throttled calls (Retry-After)', () => {
  it('reads Retry-After seconds and ignores anything else', () => {
    expect(parseRetryAfter('900')).toBe(900);
    expect(parseRetryAfter('1.2')).toBe(2);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('0')).toBeNull();
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT')).toBeNull();
  });

  it('keeps the code and adds the wait', () => {
    const err = new RetryLaterApiError(new ApiError(429, 'rate_limited', 'x'), 60);
    expect(err).toBeInstanceOf(ApiError);
    expect(authErrorMessageKey(err)).toBe('errors.rate_limited');
    expect(retryAfterOf(err)).toBe(60);
    expect(retryAfterOf(error('rate_limited'))).toBeNull();
  });

  it('writes the wait in whole seconds, minutes or hours', () => {
    expect(formatWait(1, 'es')).toBe('1 segundo');
    expect(formatWait(59, 'en')).toBe('59 seconds');
    expect(formatWait(61, 'en')).toBe('2 minutes');
    expect(formatWait(900, 'es-AR')).toBe('15 minutos');
    expect(formatWait(86_400, 'es')).toBe('24 horas');
  });
});
