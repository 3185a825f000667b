import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';
import { ensureSupplierItemsTexts, SUPPLIER_ITEMS_NS } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the supplier pages’ texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
    const spanish = new Set(keys(es));
    expect(keys(esAR).filter((key) => !spanish.has(key))).toEqual([]);
  });

  it('join the app’s i18next instance once, with es as the fallback of es-AR', () => {
    const i18n = createI18n('es-AR');
    ensureSupplierItemsTexts(i18n);
    ensureSupplierItemsTexts(i18n);
    const t = i18n.getFixedT(null, SUPPLIER_ITEMS_NS as never) as unknown as (key: string) => string;
    expect(t('form.fixErrors')).toBe('Revisá los campos marcados');
    expect(t('form.newTitle')).toBe('Nuevo artículo');
  });
});
