import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { ensurePackingTexts, PACKING_BUNDLES, PACKING_NS } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the packing texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(PACKING_BUNDLES.en).sort()).toEqual(keys(PACKING_BUNDLES.es).sort());
    const known = new Set(keys(PACKING_BUNDLES.es));
    expect(keys(PACKING_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });

  it('join the app’s instance on first use, es-AR falling back to es', () => {
    const i18n = createI18n('es-AR');
    ensurePackingTexts(i18n);
    const t = i18n.getFixedT('es-AR', PACKING_NS as never) as unknown as (key: string, o?: object) => string;
    expect(t('errors.invalid', { message: 'x' })).toBe('Revisá los datos: x');
    expect(t('package', { n: 2 })).toBe('Paquete 2');
  });
});
