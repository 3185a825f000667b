import { CANCELLATION_REASONS, ORDER_PAYMENT_TYPES, ORDER_STATES } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { ensureOrdersTexts, ORDERS_BUNDLES, ORDERS_NS } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the order texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(ORDERS_BUNDLES.en).sort()).toEqual(keys(ORDERS_BUNDLES.es).sort());
    const known = new Set(keys(ORDERS_BUNDLES.es));
    expect(keys(ORDERS_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });

  it('name every state, cancellation reason and payment type of the contracts', () => {
    expect(Object.keys(ORDERS_BUNDLES.es.states).sort()).toEqual([...ORDER_STATES].sort());
    expect(Object.keys(ORDERS_BUNDLES.es.reasons).sort()).toEqual([...CANCELLATION_REASONS].sort());
    expect(Object.keys(ORDERS_BUNDLES.es.paymentTypes).sort()).toEqual([...ORDER_PAYMENT_TYPES].sort());
  });

  it('use the spec’s labels and messages, and join the app’s instance on first use (es-AR falling back to es)', () => {
    const i18n = createI18n('es-AR');
    expect(i18n.hasResourceBundle('es', ORDERS_NS)).toBe(false);
    ensureOrdersTexts(i18n);
    const t = i18n.getFixedT('es-AR', ORDERS_NS as never) as unknown as (key: string) => string;
    expect(
      ['in_process', 'to_deliver', 'in_transit', 'paid', 'delivered', 'cancelled_by_customer', 'cancelled_by_supplier'].map((s) =>
        t(`states.${s}`),
      ),
    ).toEqual([
      'En proceso',
      'Por entregar',
      'En tránsito',
      'Pagada',
      'Entregada',
      'Cancelada por el cliente',
      'Cancelada por el vendedor',
    ]);
    expect(t('detail.notFound')).toBe('Orden no encontrada');
    expect(t('detail.loadError')).toBe('Error al obtener los detalles de la orden');
    expect(t('cancel.reasonRequired')).toBe('Elegí un motivo');
  });
});
