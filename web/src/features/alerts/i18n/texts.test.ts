import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { ALERTS_BUNDLES, ALERTS_NS, ensureAlertsTexts } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the alert texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(ALERTS_BUNDLES.en).sort()).toEqual(keys(ALERTS_BUNDLES.es).sort());
    const known = new Set(keys(ALERTS_BUNDLES.es));
    expect(keys(ALERTS_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });

  it('join the app’s instance on first use, es-AR falling back to es', () => {
    const i18n = createI18n('es-AR');
    expect(i18n.hasResourceBundle('es', ALERTS_NS)).toBe(false);
    ensureAlertsTexts(i18n);
    const t = i18n.getFixedT('es-AR', ALERTS_NS as never) as unknown as (key: string, values?: object) => string;
    expect(t('empty')).toBe('No tenés alertas');
    expect(t('noMessage')).toBe('Sin mensaje');
    expect(t('pending', { count: 1 })).toBe('1 alerta nueva');
    expect(t('pending', { count: 3 })).toBe('3 alertas nuevas');
    const english = i18n.getFixedT('en', ALERTS_NS as never) as unknown as (key: string) => string;
    expect([english('bell'), english('empty'), english('noMessage')]).toEqual(['Alerts', 'You have no alerts', 'No message']);
  });
});
