import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { ensureInvoicingTexts, INVOICING_BUNDLES, INVOICING_NS } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the invoicing texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(INVOICING_BUNDLES.en).sort()).toEqual(keys(INVOICING_BUNDLES.es).sort());
    const known = new Set(keys(INVOICING_BUNDLES.es));
    expect(keys(INVOICING_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });

  it('join the app’s instance on first use, es-AR falling back to es', () => {
    const i18n = createI18n('es-AR');
    ensureInvoicingTexts(i18n);
    const t = i18n.getFixedT('es-AR', INVOICING_NS as never) as unknown as (key: string, o?: object) => string;
    expect(t('validation.regime')).toBe('Elegí un régimen fiscal');
    expect(t('form.saved')).toBe('Datos de facturación guardados');
  });
});
