import { describe, expect, it } from 'vitest';
import menuEn from '@/features/account-menu/i18n/en.json';
import menuEsAR from '@/features/account-menu/i18n/es-AR.json';
import menuEs from '@/features/account-menu/i18n/es.json';
import profileEn from '@/features/profile/i18n/en.json';
import profileEsAR from '@/features/profile/i18n/es-AR.json';
import profileEs from '@/features/profile/i18n/es.json';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe.each([
  ['auth', es, en, esAR],
  ['accountMenu', menuEs, menuEn, menuEsAR],
  ['profile', profileEs, profileEn, profileEsAR],
])('%s texts', (_name, spanish, english, argentine) => {
  it('English has exactly the Spanish keys', () => {
    expect(keys(english).sort()).toEqual(keys(spanish).sort());
  });

  it('es-AR only overrides keys that exist in Spanish', () => {
    const known = new Set(keys(spanish));
    expect(keys(argentine).filter((key) => !known.has(key))).toEqual([]);
  });
});
