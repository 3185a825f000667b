import type { ResourceLanguage } from 'i18next';
import { describe, expect, it } from 'vitest';
import es from '@/i18n/bundles/es';
import { createI18n } from '@/i18n/i18n';
import cartEn from './en.json';
import cartEsAR from './es-AR.json';
import cartEs from './es.json';
import { CART_NS, ensureCartTexts } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

function valueAt(tree: ResourceLanguage, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe("the cart's texts", () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(cartEn).sort()).toEqual(keys(cartEs).sort());
    const known = new Set(keys(cartEs));
    expect(keys(cartEsAR).filter((key) => !known.has(key))).toEqual([]);
  });

  it('travel with the cart’s chunk and join the app’s instance once, es-AR falling back to es', () => {
    expect(Object.keys(es)).not.toContain(CART_NS);
    const i18n = createI18n('es-AR');
    expect(i18n.hasResourceBundle('es', CART_NS)).toBe(false);
    ensureCartTexts(i18n);
    ensureCartTexts(i18n);
    const t = i18n.getFixedT('es-AR', CART_NS as never) as unknown as (key: string, options?: object) => string;
    expect(t('warnings.stockRule')).toBe(valueAt(cartEsAR, 'warnings.stockRule'));
    expect(t('panel.empty')).toBe(valueAt(cartEs, 'panel.empty'));
    expect(t('panel.products', { count: 2 })).toBe('2 artículos');
  });
});
