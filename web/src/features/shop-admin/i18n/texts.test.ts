import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';
import { ensureShopAdminTexts, SHOP_ADMIN_NS } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the owner editors’ texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
    const spanish = new Set(keys(es));
    expect(keys(esAR).filter((key) => !spanish.has(key))).toEqual([]);
  });

  it('are not in the bundle every visitor loads, and join the app’s i18next instance once when an editor needs them', () => {
    const i18n = createI18n('en');
    expect(i18n.hasResourceBundle('es', SHOP_ADMIN_NS)).toBe(false);
    ensureShopAdminTexts(i18n);
    ensureShopAdminTexts(i18n);
    const t = i18n.getFixedT(null, SHOP_ADMIN_NS as never) as unknown as (key: string) => string;
    expect(t('common.error')).toBe(en.common.error);
    void i18n.changeLanguage('es');
    const spanish = i18n.getFixedT('es', SHOP_ADMIN_NS as never) as unknown as (key: string) => string;
    expect(spanish('common.error')).toBe(es.common.error);
  });
});
