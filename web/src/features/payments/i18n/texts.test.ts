import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { ensurePaymentsTexts, PAYMENTS_BUNDLES, PAYMENTS_NS } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the payment texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(PAYMENTS_BUNDLES.en).sort()).toEqual(keys(PAYMENTS_BUNDLES.es).sort());
    const known = new Set(keys(PAYMENTS_BUNDLES.es));
    expect(keys(PAYMENTS_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });

  it('join the app’s instance on first use, es-AR falling back to es', () => {
    const i18n = createI18n('es-AR');
    expect(i18n.hasResourceBundle('es', PAYMENTS_NS)).toBe(false);
    ensurePaymentsTexts(i18n);
    const t = i18n.getFixedT('es-AR', PAYMENTS_NS as never) as unknown as (key: string) => string;
    expect(t('panel.methodsLabel')).toBe('Elegí cómo querés pagar');
    expect(t('methods.spei')).toBe('Transferencia SPEI');
    expect(t('errors.unknown')).toBe('Ha ocurrido un error');
  });
});
