import { RETURN_REASON_NAMES, RETURN_REASONS, RETURN_RECORD_KINDS } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { ensureReturnsTexts, RETURNS_BUNDLES, RETURNS_NS } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the return texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(RETURNS_BUNDLES.en).sort()).toEqual(keys(RETURNS_BUNDLES.es).sort());
    const known = new Set(keys(RETURNS_BUNDLES.es));
    expect(keys(RETURNS_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });

  it('name the 17 reasons as the contracts word them (spec 3 §9), and every record entry', () => {
    expect(Object.keys(RETURNS_BUNDLES.es.reasons)).toEqual([...RETURN_REASONS]);
    expect(RETURNS_BUNDLES.es.reasons).toEqual(RETURN_REASON_NAMES);
    expect(Object.keys(RETURNS_BUNDLES.es.record).sort()).toEqual([...RETURN_RECORD_KINDS].sort());
  });

  it('use the spec’s messages (spec 3 §8) and join the app’s instance on first use', () => {
    const i18n = createI18n('es-AR');
    expect(i18n.hasResourceBundle('es', RETURNS_NS)).toBe(false);
    ensureReturnsTexts(i18n);
    const t = i18n.getFixedT('es-AR', RETURNS_NS as never) as unknown as (key: string, values?: object) => string;
    expect(t('request.started')).toBe('Devolución iniciada correctamente');
    expect(t('close.done')).toBe('Solicitud de devolución cerrada');
    expect(t('refund.succeeded', { amount: '$1.00' })).toBe('Se reembolsaron correctamente $1.00');
    expect(t('refund.failed')).toBe('No se pudo completar el reembolso correctamente');
    expect(t('errors.refund_exceeds_available')).toBe('El monto ingresado es mayor que el monto disponible');
    expect(t('validation.reasonRequired')).toBe('Elegí un motivo');
  });
});
