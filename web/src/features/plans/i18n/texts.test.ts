import { PACKAGE_APPS, PACKAGE_IDS } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { ensurePlansTexts, PLANS_BUNDLES, PLANS_NS } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the plans texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(PLANS_BUNDLES.en).sort()).toEqual(keys(PLANS_BUNDLES.es).sort());
    const known = new Set(keys(PLANS_BUNDLES.es));
    expect(keys(PLANS_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });

  it("name every package and app of the contracts, and keep the spec's words", () => {
    const { es } = PLANS_BUNDLES;
    expect(Object.keys(es.packages).sort()).toEqual([...PACKAGE_IDS].sort());
    expect(Object.keys(es.apps).sort()).toEqual([...PACKAGE_APPS].sort());
    // spec 2 §1: the micro plan's three apps
    expect([es.apps.electronic_invoicing, es.apps.electronic_accounting, es.apps.electronic_payroll]).toEqual([
      'Facturación electrónica',
      'Contabilidad electrónica',
      'Nómina electrónica',
    ]);
    // spec 2 §2 register call-to-action labels, §8 'Package errors'
    expect([es.card.buy, es.card.register, es.landing.startNow]).toEqual(['Comprar ahora', 'Regístrate ahora', 'Comienza ahora']);
    expect([PLANS_BUNDLES.en.errors.paymentTitle, PLANS_BUNDLES.en.errors.failed]).toEqual([
      'Payment error!',
      'The package buy process has failed',
    ]);
    expect([es.errors.paymentTitle, es.errors.failed]).toEqual(['¡Error en el pago!', 'No se pudo completar la compra del paquete']);
  });

  it('join the app’s instance on first use, es-AR falling back to es', () => {
    const i18n = createI18n('es-AR');
    expect(i18n.hasResourceBundle('es', PLANS_NS)).toBe(false);
    ensurePlansTexts(i18n);
    const t = i18n.getFixedT('es-AR', PLANS_NS as never) as unknown as (key: string, values?: object) => string;
    expect([t('card.buy'), t('card.register'), t('landing.startNow')]).toEqual(['Comprá ahora', 'Registrate ahora', 'Empezá ahora']);
    expect(t('card.current')).toBe('Tu plan actual');
    expect(t('errors.downgrade', { current: 'Micro', requested: 'Plan profesional', date: '27 dic 2026' })).toBe(
      'Tu plan Micro vence el 27 dic 2026; vas a poder cambiar a Plan profesional después de esa fecha.',
    );
  });
});
