import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import esAR from './locales/es-AR.json';
import { detectLocale } from './locales';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('detectLocale', () => {
  it('prefers the locale cookie', () => {
    expect(detectLocale('en', ['es-MX'])).toBe('en');
    expect(detectLocale('es-AR', ['en-US'])).toBe('es-AR');
  });

  it('ignores an unknown cookie value and uses the browser languages in order', () => {
    expect(detectLocale('fr', ['fr-FR', 'en-GB', 'es'])).toBe('en');
    expect(detectLocale(null, ['es-ar'])).toBe('es-AR');
    expect(detectLocale(null, ['es-MX'])).toBe('es');
  });

  it('falls back to Spanish', () => {
    expect(detectLocale(null, ['de-DE', 'fr'])).toBe('es');
    expect(detectLocale(null, [])).toBe('es');
  });
});

describe('translations', () => {
  it('English has exactly the Spanish keys', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
  });

  it('es-AR only overrides keys that exist in Spanish', () => {
    const spanish = new Set(keys(es));
    expect(keys(esAR).filter((key) => !spanish.has(key))).toEqual([]);
  });
});
