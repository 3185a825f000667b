import { ATTENDANT_TYPES } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { ensureTicketsTexts, TICKETS_BUNDLES, TICKETS_NS } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the ticket texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(TICKETS_BUNDLES.en).sort()).toEqual(keys(TICKETS_BUNDLES.es).sort());
    const known = new Set(keys(TICKETS_BUNDLES.es));
    expect(keys(TICKETS_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });

  it('name every ticket type of the contracts', () => {
    expect(Object.keys(TICKETS_BUNDLES.es.ticket.types).sort()).toEqual([...ATTENDANT_TYPES].sort());
  });

  it('join the app’s instance on first use, es-AR falling back to es', () => {
    const i18n = createI18n('es-AR');
    expect(i18n.hasResourceBundle('es', TICKETS_NS)).toBe(false);
    ensureTicketsTexts(i18n);
    const t = i18n.getFixedT('es-AR', TICKETS_NS as never) as unknown as (key: string, options?: object) => string;
    expect(t('list.title')).toBe('Mis boletos');
    expect(t('checkin.readyText')).toBe('Escaneá o escribí el siguiente boleto.');
    expect(t('list.count', { count: 1 })).toBe('1 boleto');
    expect(t('list.count', { count: 3 })).toBe('3 boletos');
  });
});
