import { describe, expect, it } from '@jest/globals';
import { newId } from '@vitrina/platform';
import { alertsFor, type AlertDraft } from '../src/alerts/alert-rules.js';
import { formatAmount, orderNumber } from '../src/alerts/alert-texts.js';
import { orderEvent, orderParties, paymentEvent, walletCredited } from './alert-events.js';

/** Who gets what, by role: `role -> link` (the texts and params are checked end to end in alerts.spec.ts). */
const byRole = (drafts: AlertDraft[] | null) => Object.fromEntries((drafts ?? []).map((d) => [d.role, d.link]));

describe('alert rules (who is told, where the alert leads)', () => {
  const p = orderParties({ dropshipped: true });
  const order = p.orderId;

  it('tells the sellers of a new order, each with their own order page', () => {
    expect(byRole(alertsFor(orderEvent('orders.order.placed', p, { state: 'in_process' }, p.userId)))).toEqual({
      supplier: `/apps/me/store/orders/${order}`,
      dssupplier: `/apps/me/dssupplier/orders/${order}`,
    });
  });

  it.each([
    ['customer', ['supplier', 'dssupplier']],
    ['supplier', ['customer', 'dssupplier']],
    ['dssupplier', ['customer', 'supplier']],
    ['system', ['customer']],
  ] as const)('a move by the %s tells %j', (actor, told) => {
    const actorId =
      actor === 'customer' ? p.userId : actor === 'supplier' ? p.supplierId : actor === 'dssupplier' ? p.dssupplierId! : undefined;
    const drafts = alertsFor(orderEvent('orders.order.advanced', p, { from: 'in_process', to: 'to_deliver', actor }, actorId));
    expect(drafts!.map((d) => d.role).sort()).toEqual([...told].sort());
    expect(drafts!.every((d) => d.subtype === 'to_deliver' && d.type === 'order_advanced')).toBe(true);
  });

  it('never tells the actor, by id, even when the role rule would (the customer confirming a quote)', () => {
    const plain = orderParties();
    const drafts = alertsFor(
      orderEvent('orders.order.advanced', plain, { from: 'awaiting_customer', to: 'in_process', actor: 'customer' }, plain.userId),
    );
    expect(byRole(drafts)).toEqual({ supplier: `/apps/me/store/orders/${plain.orderId}` });
  });

  it('leaves a move to delivered to the delivered event (one alert, not two)', () => {
    const moved = orderEvent('orders.order.advanced', p, { from: 'in_transit', to: 'delivered', actor: 'system' });
    expect(alertsFor(moved)).toEqual([]);
    expect(byRole(alertsFor(orderEvent('orders.order.delivered', p, {})))).toEqual({
      customer: `/mis-compras/${order}`,
      supplier: `/apps/me/store/orders/${order}`,
      dssupplier: `/apps/me/dssupplier/orders/${order}`,
    });
  });

  it('tells every party but the one who cancelled', () => {
    const byCustomer = orderEvent('orders.order.cancelled', p, { actor: 'customer', reason: 'requested_by_client' }, p.userId);
    expect(Object.keys(byRole(alertsFor(byCustomer))).sort()).toEqual(['dssupplier', 'supplier']);
    const bySupplier = orderEvent('orders.order.cancelled', p, { actor: 'supplier', reason: 'cannot_be_fulfilled' }, p.supplierId);
    expect(Object.keys(byRole(alertsFor(bySupplier))).sort()).toEqual(['customer', 'dssupplier']);
  });

  it('sends return alerts to the return pages of each role', () => {
    const returnId = newId();
    expect(byRole(alertsFor(orderEvent('orders.order.return_opened', p, { returnId }, p.userId)))).toEqual({
      supplier: `/admin/devoluciones/${returnId}`,
      dssupplier: `/apps/me/dssupplier/devoluciones/${returnId}`,
    });
    for (const type of ['orders.order.return_label_issued', 'orders.order.return_closed']) {
      expect(byRole(alertsFor(orderEvent(type, p, { returnId }, p.supplierId)))).toEqual({
        customer: `/mis-compras/devoluciones/${returnId}`,
      });
    }
    // a return closed by its customer (nobody does so today) would tell nobody
    expect(alertsFor(orderEvent('orders.order.return_closed', p, { returnId }, p.userId))).toEqual([]);
  });

  it('drops an event without the ids or amounts its alerts need (null: the consumer logs it)', () => {
    expect(alertsFor(orderEvent('orders.order.placed', { ...p, supplierId: '' }, {}))).toBeNull();
    expect(alertsFor(orderEvent('orders.order.return_opened', p, {}))).toBeNull();
    expect(alertsFor(orderEvent('orders.order.refunded', p, { returnId: newId(), amountMinor: 1.5, currency: 'MXN' }))).toBeNull();
    expect(alertsFor(paymentEvent('payment.failed', { userId: '' }))).toBeNull();
    expect(alertsFor(walletCredited({ amountMinor: Number.NaN }))).toBeNull();
    expect(alertsFor(orderEvent('orders.order.reviewed', p, {}))).toEqual([]);
  });

  it('takes a refund credited to the wallet as told already by its return', () => {
    expect(alertsFor(walletCredited({ userId: p.userId, amountMinor: 500, kind: 'refund_credit', orderId: order }))).toEqual([]);
    const [draft] = alertsFor(walletCredited({ amountMinor: 500, kind: 'cashout_reversal', orderId: null }))!;
    expect(draft).toMatchObject({ role: 'supplier', origin: 'wallet', link: '/me/wallet/mxn', subtype: 'cashout_reversal' });
    expect(draft.message).toEqual({
      es: 'Tu retiro fue rechazado: devolvimos $5.00 MXN a tu monedero.',
      en: 'Your cash-out was rejected: $5.00 MXN went back to your wallet.',
      'es-AR': 'Tu retiro fue rechazado: devolvimos $\u00a05,00 MXN a tu monedero.',
    });
  });
});

describe('alert texts', () => {
  it("writes the order number as the web does: '#' and the id's last 8 characters", () => {
    expect(orderNumber('0190a1b2-c3d4-7e5f-8a9b-1c2d3e4f5a6b')).toBe('#3E4F5A6B');
  });

  it('writes amounts with 2 decimals in the reader’s way, and the currency code', () => {
    expect(formatAmount(129950, 'mxn', 'es')).toBe('$1,299.50 MXN');
    expect(formatAmount(129950, 'MXN', 'en')).toBe('$1,299.50 MXN');
    // Intl's no-break space, as the web shows it
    expect(formatAmount(129950, 'ARS', 'es-AR')).toBe('$\u00a01.299,50 ARS');
    expect(formatAmount(7, 'XX1', 'es')).toBe('0.07 XX1');
    // the formats are kept per locale and currency: a second call answers the same, negative amounts included
    expect(formatAmount(-5, 'XX1', 'es')).toBe('-0.05 XX1');
    expect(formatAmount(100, 'MXN', 'es')).toBe('$1.00 MXN');
    expect(formatAmount(100, 'MXN', 'es-AR')).toBe('$\u00a01,00 MXN');
  });

  it('has the voseo where Argentine Spanish says it otherwise', () => {
    const quoted = { from: 'sent_to_supplier', to: 'awaiting_customer', actor: 'supplier' };
    const drafts = alertsFor(orderEvent('orders.order.advanced', orderParties(), quoted));
    const customer = drafts!.find((d) => d.role === 'customer')!;
    expect(customer.message['es-AR']).toMatch(/confirmalo para continuar/);
    expect(customer.message.es).toMatch(/confírmalo para continuar/);
    expect(customer.message.en).toMatch(/^The seller quoted your order #/);
  });
});
