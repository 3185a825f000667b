import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from '@/api/client';
import en from '../i18n/en.json';
import esAR from '../i18n/es-AR.json';
import es from '../i18n/es.json';
import { shopAdminErrorKey } from './api-errors';

const lookup = (texts: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);

describe('shopAdminErrorKey: server codes to the owner’s language', () => {
  it('names the per-shop limits from the field the server names', () => {
    expect(
      shopAdminErrorKey(new ApiError(400, 'validation_failed', 'A shop has at most 30 headers', { headers: ['too many headers'] })),
    ).toBe('errors.tooManyHeaders');
    expect(
      shopAdminErrorKey(new ApiError(400, 'validation_failed', 'A shop has at most 30 banners', { banners: ['too many banners'] })),
    ).toBe('errors.tooManyBanners');
  });

  it('maps known codes and falls back to spec 1 §8 "Ocurrió un error"', () => {
    expect(shopAdminErrorKey(new ApiError(400, 'invalid_image', 'Not an image'))).toBe('errors.invalidImage');
    expect(shopAdminErrorKey(new ApiError(403, 'forbidden', 'Missing permission'))).toBe('errors.forbidden');
    expect(shopAdminErrorKey(new ApiError(0, NETWORK_ERROR_CODE, 'Failed to fetch'))).toBe('errors.network');
    expect(shopAdminErrorKey(new ApiError(400, 'invalid_name', 'Invalid name'))).toBe('validation.invalidName');
    expect(shopAdminErrorKey(new ApiError(500, 'internal_error', 'boom'))).toBe('common.genericError');
    expect(shopAdminErrorKey(new Error('x'))).toBe('common.genericError');
  });

  it('has every message in Spanish and English, none left in English in Spanish', () => {
    const keys = [
      'errors.tooManyHeaders',
      'errors.tooManyBanners',
      'errors.invalidImage',
      'errors.tooLarge',
      'errors.forbidden',
      'errors.notFound',
      'errors.rateLimited',
      'errors.network',
      'errors.unavailable',
      'errors.invalidText',
      'validation.invalidName',
    ];
    for (const key of keys) {
      expect({ key, es: typeof lookup(es, key), en: typeof lookup(en, key) }).toEqual({ key, es: 'string', en: 'string' });
    }
    expect(es.validation.invalidName).toBe('El nombre no es válido');
    expect(esAR.errors.tooManyHeaders).toContain('Eliminá');
  });
});
