import type { ResourceLanguage } from 'i18next';
import { describe, expect, it } from 'vitest';
import authEn from '@/features/auth/i18n/en.json';
import authEsAR from '@/features/auth/i18n/es-AR.json';
import authEs from '@/features/auth/i18n/es.json';
import { AUTH_NS, ensureAuthTexts } from '@/features/auth/i18n/texts';
import shopAdminEn from '@/features/shop-admin/i18n/en.json';
import shopAdminEsAR from '@/features/shop-admin/i18n/es-AR.json';
import shopAdminEs from '@/features/shop-admin/i18n/es.json';
import { ensureShopAdminTexts, SHOP_ADMIN_NS } from '@/features/shop-admin/i18n/texts';
import supplierEn from '@/features/supplier-items/i18n/en.json';
import supplierEsAR from '@/features/supplier-items/i18n/es-AR.json';
import supplierEs from '@/features/supplier-items/i18n/es.json';
import { ensureSupplierItemsTexts, SUPPLIER_ITEMS_NS } from '@/features/supplier-items/i18n/texts';
import es from '@/i18n/bundles/es';
import { createI18n } from '@/i18n/i18n';

/**
 * The features whose texts travel with their own chunks (web/src/i18n/feature-texts.ts). Cross-cutting, so it lives
 * here rather than in one of the features.
 */
const FEATURES = [
  { ns: AUTH_NS, ensure: ensureAuthTexts, es: authEs, en: authEn, esAR: authEsAR },
  { ns: SHOP_ADMIN_NS, ensure: ensureShopAdminTexts, es: shopAdminEs, en: shopAdminEn, esAR: shopAdminEsAR },
  { ns: SUPPLIER_ITEMS_NS, ensure: ensureSupplierItemsTexts, es: supplierEs, en: supplierEn, esAR: supplierEsAR },
];

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

function valueAt(tree: ResourceLanguage, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe.each(FEATURES)('the $ns texts', ({ ns, ensure, es: spanish, en, esAR }) => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(en).sort()).toEqual(keys(spanish).sort());
    const known = new Set(keys(spanish));
    expect(keys(esAR).filter((key) => !known.has(key))).toEqual([]);
  });

  it('are not in the bundle every visitor loads, and join the app’s instance once, es-AR falling back to es', () => {
    expect(Object.keys(es)).not.toContain(ns);
    const i18n = createI18n('es-AR');
    expect(i18n.hasResourceBundle('es', ns)).toBe(false);
    ensure(i18n);
    ensure(i18n);
    const t = i18n.getFixedT('es-AR', ns as never) as unknown as (key: string) => string;
    const overridden = keys(esAR)[0];
    if (overridden) expect(t(overridden)).toBe(valueAt(esAR, overridden));
    const inherited = keys(spanish).find(
      (key) => valueAt(esAR, key) === undefined && !/_(?:one|other)$/.test(key) && !/{{/.test(String(valueAt(spanish, key))),
    );
    expect(inherited).toBeDefined();
    expect(t(inherited!)).toBe(valueAt(spanish, inherited!));
  });
});
