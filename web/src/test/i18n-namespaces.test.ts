import { describe, expect, it } from 'vitest';
import en from '@/i18n/bundles/en';
import esAR from '@/i18n/bundles/es-AR';
import es from '@/i18n/bundles/es';

/**
 * Every namespace's texts (the app's own and each feature's, as the i18n bundles gather them) in the three
 * languages. Cross-cutting, so it lives here rather than in one feature that would import the others' files.
 */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

const namespaces = Object.keys(es) as Array<keyof typeof es>;

describe('the i18n bundles', () => {
  it('have the same namespaces in every language', () => {
    expect(Object.keys(en).sort()).toEqual([...namespaces].sort());
    expect(Object.keys(esAR).filter((name) => !namespaces.includes(name as keyof typeof es))).toEqual([]);
  });
});

describe.each(namespaces)('%s texts', (name) => {
  it('English has exactly the Spanish keys', () => {
    expect(keys(en[name]).sort()).toEqual(keys(es[name]).sort());
  });

  it('es-AR only overrides keys that exist in Spanish', () => {
    const known = new Set(keys(es[name]));
    const argentine: unknown = (esAR as Partial<Record<string, unknown>>)[name] ?? {};
    expect(keys(argentine).filter((key) => !known.has(key))).toEqual([]);
  });
});
