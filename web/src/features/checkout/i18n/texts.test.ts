import { PAYMENT_TYPES } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { CHECKOUT_BUNDLES, CHECKOUT_NS, ensureCheckoutTexts } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the checkout texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(CHECKOUT_BUNDLES.en).sort()).toEqual(keys(CHECKOUT_BUNDLES.es).sort());
    const known = new Set(keys(CHECKOUT_BUNDLES.es));
    expect(keys(CHECKOUT_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });

  it('join the app’s instance on first use, es-AR falling back to es', () => {
    const i18n = createI18n('es-AR');
    expect(i18n.hasResourceBundle('es', CHECKOUT_NS)).toBe(false);
    ensureCheckoutTexts(i18n);
    const t = i18n.getFixedT('es-AR', CHECKOUT_NS as never) as unknown as (key: string) => string;
    expect(t('guest.register')).toBe('Registrate para continuar');
    expect(t('countdown.expiredTitle')).toBe('El tiempo para completar tu compra ha expirado');
  });

  it('name every payment type a supplier can enable, in both languages', () => {
    // The checkout listed 'ondelivery' and 'deposit' as raw keys: the labels knew only the prepaid methods.
    for (const bundle of [CHECKOUT_BUNDLES.es, CHECKOUT_BUNDLES.en]) {
      expect(Object.keys(bundle.payment.types).sort()).toEqual([...PAYMENT_TYPES].sort());
    }
    expect(CHECKOUT_BUNDLES.es.payment.types.ondelivery).toBe('Pago contra entrega');
    expect(CHECKOUT_BUNDLES.es.payment.types.deposit).toBe('Depósito bancario');
  });
});
