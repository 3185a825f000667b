import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { and, eq } from 'drizzle-orm';
import type { Alert, EventEnvelope, OrderEventBase } from '@vitrina/contracts';
import { missingAnswers, newId, TokenSigner } from '@vitrina/platform';
import { alertReads, alerts, inbox } from '../src/db/schema.js';
import { orderNumber } from '../src/alerts/alert-texts.js';
import { orderEvent, orderParties, paymentEvent, walletCredited } from './alert-events.js';
import { bootStack, waitFor, type Stack } from './support.js';

/** What one recipient's alert must be. */
interface Expected {
  userId: string;
  role: string;
  origin: string;
  type: string;
  subtype: string | null;
  link: string;
  es: string;
  params?: Record<string, unknown>;
}

describe('bell alerts from the other services’ events (issue 15)', () => {
  let s: Stack;
  let bearer: (id: string) => Promise<string>;
  beforeAll(async () => {
    s = await bootStack();
    const signer = TokenSigner.fromKeys(s.runtime.keys, { issuer: s.runtime.config.AUTH_ISSUER, audience: s.runtime.config.AUTH_AUDIENCE });
    bearer = async (id) => `Bearer ${await signer.sign({ id, level: 2, keychain: [] })}`;
  });
  afterAll(async () => {
    await s?.close();
  });

  const topicOf = (type: string) =>
    type.startsWith('payment.') ? 'payment' : type.startsWith('wallets.') ? 'wallets.dispersion' : 'orders.order';
  /** The event went through messaging's inbox: its alerts, if any, are written. */
  const processed = (id: string) =>
    waitFor(async () => ((await s.db.select().from(inbox).where(eq(inbox.eventId, id))).length ? true : undefined), 10_000, `event ${id}`);
  const publish = async (...events: EventEnvelope<unknown>[]) => {
    for (const e of events) await s.runtime.bus.publish(topicOf(e.type), [e]);
    for (const e of events) await processed(e.id);
  };
  const rowsOf = (eventId: string) => s.db.select().from(alerts).where(eq(alerts.eventId, eventId));
  const path = (user: string, rest = '') => `/alerts/${user}:${user}${rest}`;
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, as: string | null, query?: Record<string, string>) => {
    const res = await s.messaging.inject({ method, url, query, headers: as ? { authorization: await bearer(as) } : {} });
    return { status: res.statusCode, body: JSON.parse(res.body || 'null') };
  };

  /** Delivered three times (twice at once, once after it was applied): still one alert per recipient. */
  async function deliverThrice(event: EventEnvelope<unknown>) {
    const topic = topicOf(event.type);
    await s.runtime.bus.publish(topic, [event, event]);
    await processed(event.id);
    await s.runtime.bus.publish(topic, [event]);
    await new Promise((r) => setTimeout(r, 200));
    await processed(event.id);
  }

  async function expectAlerts(event: EventEnvelope<unknown>, expected: Expected[]) {
    await deliverThrice(event);
    const rows = (await rowsOf(event.id)).sort((a, b) => a.role.localeCompare(b.role));
    const want = [...expected].sort((a, b) => a.role.localeCompare(b.role));
    expect(rows.map((r) => ({ userId: r.userId, role: r.role }))).toEqual(want.map((w) => ({ userId: w.userId, role: w.role })));
    rows.forEach((row, i) => {
      const w = want[i];
      expect(row).toMatchObject({ origin: w.origin, type: w.type, subtype: w.subtype, link: w.link, visitedAt: null });
      expect(row.message.es).toBe(w.es);
      expect(row.message.en.length).toBeGreaterThan(0);
      expect(row.message['es-AR'].length).toBeGreaterThan(0);
      if (w.params) expect(row.params).toMatchObject(w.params);
    });
    return rows;
  }

  const orderIds = (p: OrderEventBase) => ({
    order: p.orderId,
    customer: p.userId,
    supplier: p.supplierId,
    dssupplier: p.dssupplierId,
    checkout_aggregation: p.checkoutId,
  });

  describe('one alert per recipient, never the actor, whatever the redeliveries', () => {
    const p = orderParties({ dropshipped: true });
    const n = orderNumber(p.orderId);
    const links = {
      customer: `/mis-compras/${p.orderId}`,
      supplier: `/apps/me/store/orders/${p.orderId}`,
      dssupplier: `/apps/me/dssupplier/orders/${p.orderId}`,
    };

    it('orders.order.placed: the supplier and the dropshipping supplier', async () => {
      const placed = orderEvent('orders.order.placed', p, { state: 'in_process', totalMinor: 129950, currency: 'MXN' }, p.userId);
      const common = { origin: 'orders', type: 'order_placed', subtype: 'in_process', es: `Tienes un nuevo pedido: ${n}` };
      await expectAlerts(placed, [
        {
          userId: p.supplierId,
          role: 'supplier',
          link: links.supplier,
          ...common,
          params: { ...orderIds(p), return_id: null, amount_minor: null },
        },
        { userId: p.dssupplierId!, role: 'dssupplier', link: links.dssupplier, ...common },
      ]);
    });

    it('orders.order.advanced: the customer always; the other seller when one seller moved it', async () => {
      const byDs = orderEvent('orders.order.advanced', p, { from: 'to_deliver', to: 'in_transit', actor: 'dssupplier' }, p.dssupplierId!);
      const common = { origin: 'orders', type: 'order_advanced', subtype: 'in_transit' };
      await expectAlerts(byDs, [
        { userId: p.userId, role: 'customer', link: links.customer, ...common, es: `Tu pedido ${n} cambió de estado: En tránsito.` },
        { userId: p.supplierId, role: 'supplier', link: links.supplier, ...common, es: `El pedido ${n} cambió de estado: En tránsito.` },
      ]);
      const byTracking = orderEvent('orders.order.advanced', p, { from: 'in_transit', to: 'paid', actor: 'system' });
      await expectAlerts(byTracking, [
        {
          userId: p.userId,
          role: 'customer',
          link: links.customer,
          origin: 'orders',
          type: 'order_advanced',
          subtype: 'paid',
          es: `Tu pedido ${n} cambió de estado: Pagada.`,
        },
      ]);
      const byCustomer = orderEvent(
        'orders.order.advanced',
        p,
        { from: 'awaiting_customer', to: 'in_process', actor: 'customer' },
        p.userId,
      );
      await expectAlerts(byCustomer, [
        {
          userId: p.supplierId,
          role: 'supplier',
          link: links.supplier,
          ...common,
          subtype: 'in_process',
          es: `El pedido ${n} cambió de estado: En proceso.`,
        },
        {
          userId: p.dssupplierId!,
          role: 'dssupplier',
          link: links.dssupplier,
          ...common,
          subtype: 'in_process',
          es: `El pedido ${n} cambió de estado: En proceso.`,
        },
      ]);
      // the move to delivered is told by orders.order.delivered, which comes with it
      const toDelivered = orderEvent(
        'orders.order.advanced',
        p,
        { from: 'in_transit', to: 'delivered', actor: 'dssupplier' },
        p.dssupplierId!,
      );
      await expectAlerts(toDelivered, []);
    });

    it('orders.order.cancelled: every party but the one who cancelled, with the reason', async () => {
      const cancelled = orderEvent(
        'orders.order.cancelled',
        p,
        { from: 'in_process', to: 'cancelled_by_supplier', actor: 'supplier', reason: 'cannot_be_fulfilled' },
        p.supplierId,
      );
      const common = { origin: 'orders', type: 'order_cancelled', subtype: 'cannot_be_fulfilled' };
      await expectAlerts(cancelled, [
        {
          userId: p.userId,
          role: 'customer',
          link: links.customer,
          ...common,
          es: `Tu pedido ${n} fue cancelado. Motivo: No se puede surtir.`,
        },
        {
          userId: p.dssupplierId!,
          role: 'dssupplier',
          link: links.dssupplier,
          ...common,
          es: `El pedido ${n} fue cancelado. Motivo: No se puede surtir.`,
        },
      ]);
    });

    it('orders.order.delivered: the customer and the sellers', async () => {
      const delivered = orderEvent('orders.order.delivered', p, {
        deliveredAt: new Date().toISOString(),
        totalMinor: 129950,
        currency: 'MXN',
      });
      const common = { origin: 'orders', type: 'order_delivered', subtype: null };
      await expectAlerts(delivered, [
        { userId: p.userId, role: 'customer', link: links.customer, ...common, es: `Tu pedido ${n} fue entregado.` },
        { userId: p.supplierId, role: 'supplier', link: links.supplier, ...common, es: `El pedido ${n} fue entregado.` },
        { userId: p.dssupplierId!, role: 'dssupplier', link: links.dssupplier, ...common, es: `El pedido ${n} fue entregado.` },
      ]);
    });

    it('the return events: the sellers of a new request, the customer of its label, refund and closing', async () => {
      const returnId = newId();
      const common = { origin: 'returns', subtype: null };
      const refs = { ...orderIds(p), return_id: returnId };
      await expectAlerts(orderEvent('orders.order.return_opened', p, { returnId, openedAt: new Date().toISOString() }, p.userId), [
        {
          userId: p.supplierId,
          role: 'supplier',
          link: `/admin/devoluciones/${returnId}`,
          ...common,
          type: 'return_opened',
          es: `Nueva solicitud de devolución del pedido ${n}.`,
          params: refs,
        },
        {
          userId: p.dssupplierId!,
          role: 'dssupplier',
          link: `/apps/me/dssupplier/devoluciones/${returnId}`,
          ...common,
          type: 'return_opened',
          es: `Nueva solicitud de devolución del pedido ${n}.`,
        },
      ]);
      const customerLink = `/mis-compras/devoluciones/${returnId}`;
      await expectAlerts(
        orderEvent('orders.order.return_label_issued', p, { returnId, policy: 'download', email: null }, p.dssupplierId!),
        [
          {
            userId: p.userId,
            role: 'customer',
            link: customerLink,
            ...common,
            type: 'return_label_issued',
            subtype: 'download',
            es: `Tu guía de devolución del pedido ${n} está lista: descárgala desde tu solicitud.`,
          },
        ],
      );
      const refunded = orderEvent(
        'orders.order.refunded',
        p,
        { returnId, refundId: newId(), amountMinor: 129950, currency: 'MXN', destination: 'original' },
        p.supplierId,
      );
      await expectAlerts(refunded, [
        {
          userId: p.userId,
          role: 'customer',
          link: customerLink,
          ...common,
          type: 'return_refunded',
          subtype: 'original',
          es: `Te reembolsamos $1,299.50 MXN del pedido ${n}.`,
          params: { ...refs, amount_minor: 129950, currency: 'MXN' },
        },
      ]);
      const toWallet = orderEvent(
        'orders.order.refunded',
        p,
        { returnId, refundId: newId(), amountMinor: 5000, currency: 'MXN', destination: 'wallet' },
        p.supplierId,
      );
      await expectAlerts(toWallet, [
        {
          userId: p.userId,
          role: 'customer',
          link: customerLink,
          ...common,
          type: 'return_refunded',
          subtype: 'wallet',
          es: `Te acreditamos $50.00 MXN en tu monedero por la devolución del pedido ${n}.`,
        },
      ]);
      await expectAlerts(orderEvent('orders.order.return_closed', p, { returnId, closedAt: new Date().toISOString() }, p.supplierId), [
        {
          userId: p.userId,
          role: 'customer',
          link: customerLink,
          ...common,
          type: 'return_closed',
          es: `Tu solicitud de devolución del pedido ${n} se cerró.`,
        },
      ]);
    });

    it('payment.failed and payment.expired: the shopper, though they are the actor', async () => {
      const failed = paymentEvent('payment.failed', { method: 'card' });
      const data = failed.data as { userId: string; checkoutId: string };
      await expectAlerts(failed, [
        {
          userId: data.userId,
          role: 'customer',
          link: '/mis-compras',
          origin: 'payments',
          type: 'payment_failed',
          subtype: 'card',
          es: 'Tu pago no se pudo completar. Puedes intentarlo de nuevo con otro método.',
          params: { customer: data.userId, checkout_aggregation: data.checkoutId, order: null },
        },
      ]);
      const expired = paymentEvent('payment.expired', { method: 'cash' });
      await expectAlerts(expired, [
        {
          userId: (expired.data as { userId: string }).userId,
          role: 'customer',
          link: '/mis-compras',
          origin: 'payments',
          type: 'payment_expired',
          subtype: 'cash',
          es: 'Venció el plazo para pagar tu compra. Si aún la quieres, vuelve a hacerla.',
        },
      ]);
    });

    it('payment.succeeded: the shopper, with the amount (a voucher or transfer paid later is news too)', async () => {
      const paid = paymentEvent('payment.succeeded', { method: 'cash', amountMinor: 129_900, currency: 'MXN' });
      const data = paid.data as { userId: string; checkoutId: string };
      await expectAlerts(paid, [
        {
          userId: data.userId,
          role: 'customer',
          link: '/mis-compras',
          origin: 'payments',
          type: 'payment_succeeded',
          subtype: 'cash',
          es: 'Recibimos tu pago de $1,299.00 MXN. Ya avisamos al vendedor para que prepare tu pedido.',
          params: { customer: data.userId, checkout_aggregation: data.checkoutId, amount_minor: 129_900, currency: 'MXN' },
        },
      ]);
      // without its amount it says nothing rather than something wrong
      await expectAlerts(paymentEvent('payment.succeeded', { method: 'card' }), []);
    });

    it('wallets.dispersion.credited: the credited user, to their wallet (a refund credit is told by its return)', async () => {
      const credit = walletCredited({ amountMinor: 45_000, orderId: p.orderId, kind: 'dispersion' });
      const userId = (credit.data as { userId: string }).userId;
      await expectAlerts(credit, [
        {
          userId,
          role: 'supplier',
          link: '/me/wallet/mxn',
          origin: 'wallet',
          type: 'wallet_credited',
          subtype: 'dispersion',
          es: `Se acreditaron $450.00 MXN en tu monedero por el pedido ${n}.`,
          params: { order: p.orderId, wallet_type_id: 'mxn', amount_minor: 45_000, currency: 'MXN' },
        },
      ]);
      await expectAlerts(walletCredited({ userId, kind: 'refund_credit' }), []);
    });

    it('adds nothing when an event comes again past the inbox: the (event, user, role) key holds', async () => {
      const placed = orderEvent('orders.order.placed', orderParties(), { state: 'sent_to_supplier' });
      await publish(placed);
      const [first] = await rowsOf(placed.id);
      // as if the inbox had lost its row (a restore, another consumer name): the event is applied again
      await s.db.delete(inbox).where(eq(inbox.eventId, placed.id));
      await publish(placed);
      expect(await rowsOf(placed.id)).toEqual([first]);
    });
  });

  describe('the bell: list, count, seen, visited', () => {
    const me = newId();
    /** 23 failed payments, applied in this order (one key: the bus keeps their order). */
    const failures = Array.from({ length: 23 }, () => paymentEvent('payment.failed', { userId: me }));
    const checkoutOf = (e: EventEnvelope<unknown>) => (e.data as { checkoutId: string }).checkoutId;
    beforeAll(async () => {
      await s.runtime.bus.publish(
        'payment',
        failures.map((e) => ({ ...e, key: me })),
      );
      for (const e of failures) await processed(e.id);
    });

    it('lists them newest first, 10 at a time, with the estimate of all', async () => {
      const newestFirst = [...failures].reverse().map(checkoutOf);
      const first = await call('GET', path(me), me);
      expect(first.status).toBe(200);
      expect(first.body.matches_estimated).toBe(23);
      expect(first.body.results.map((a: Alert) => a.params.checkout_aggregation)).toEqual(newestFirst.slice(0, 10));
      const [alert] = first.body.results as Alert[];
      expect(alert).toMatchObject({
        origin_app: 'payments',
        link: '/mis-compras',
        pending_visits: true,
        params: { type: 'payment_failed', subtype: 'card', role: 'customer', customer: me, order: null, return_id: null },
        message_body: {
          es: 'Tu pago no se pudo completar. Puedes intentarlo de nuevo con otro método.',
          en: "Your payment didn't go through. You can try again with another method.",
          'es-AR': 'Tu pago no se pudo completar. Podés intentarlo de nuevo con otro método.',
        },
      });
      const second = await call('GET', path(me), me, { offset: '10' });
      expect(second.body.results.map((a: Alert) => a.params.checkout_aggregation)).toEqual(newestFirst.slice(10, 20));
      const last = await call('GET', path(me), me, { offset: '20', limit: '10' });
      expect(last.body.results.map((a: Alert) => a.params.checkout_aggregation)).toEqual(newestFirst.slice(20));
      expect((await call('GET', path(me), me, { limit: '50' })).body.results).toHaveLength(23);
      // someone with no alerts
      const none = newId();
      expect((await call('GET', path(none), none)).body).toEqual({ results: [], matches_estimated: 0 });
    });

    it('counts what came since the panel was opened', async () => {
      expect((await call('GET', path(me, '/pending'), me)).body).toEqual({ pending: 23 });
      expect(await call('POST', path(me, '/seen'), me)).toEqual({ status: 200, body: { pending: 0 } });
      expect((await call('GET', path(me, '/pending'), me)).body).toEqual({ pending: 0 });
      const [read] = await s.db.select().from(alertReads).where(eq(alertReads.userId, me));
      // opening it again moves nothing back and counts nothing
      expect(await call('POST', path(me, '/seen'), me)).toEqual({ status: 200, body: { pending: 0 } });
      const [again] = await s.db.select().from(alertReads).where(eq(alertReads.userId, me));
      expect(again.seenAt.getTime()).toBeGreaterThanOrEqual(read.seenAt.getTime());
      const more = [paymentEvent('payment.expired', { userId: me }), paymentEvent('payment.failed', { userId: me })];
      await publish(...more);
      expect((await call('GET', path(me, '/pending'), me)).body).toEqual({ pending: 2 });
      // the list still holds them all
      expect((await call('GET', path(me), me)).body.matches_estimated).toBe(25);
    });

    it('marks an alert visited on the first click; another click changes nothing', async () => {
      const [target] = (await call('GET', path(me), me, { offset: '3', limit: '1' })).body.results as Alert[];
      const clicked = await call('PATCH', path(me, `/${target.id}`), me);
      expect(clicked.status).toBe(200);
      expect(clicked.body).toEqual({ ...target, pending_visits: false });
      const [row] = await s.db.select().from(alerts).where(eq(alerts.id, target.id));
      expect(row.visitedAt).toBeInstanceOf(Date);
      const again = await s.messaging.inject({
        method: 'PATCH',
        url: path(me, `/${target.id}`),
        payload: {},
        headers: { authorization: await bearer(me) },
      });
      expect(again.statusCode).toBe(200);
      expect(JSON.parse(again.body)).toEqual({ ...target, pending_visits: false });
      const [still] = await s.db.select().from(alerts).where(eq(alerts.id, target.id));
      expect(still.visitedAt).toEqual(row.visitedAt);
      const listed = (await call('GET', path(me), me, { offset: '2', limit: '3' })).body.results as Alert[];
      expect(listed.map((a) => a.pending_visits)).toEqual([true, false, true]);
    });

    it('refuses another user: 403 on their bell, 404 on their alert through one’s own, nothing changed', async () => {
      const other = newId();
      const [mine] = (await call('GET', path(me), me, { limit: '1' })).body.results as Alert[];
      const before = await s.db.select().from(alertReads).where(eq(alertReads.userId, me));
      for (const [method, url] of [
        ['GET', path(me)],
        ['GET', path(me, '/pending')],
        ['POST', path(me, '/seen')],
        ['PATCH', path(me, `/${mine.id}`)],
      ] as const) {
        const res = await call(method, url, other);
        expect([method, url, res.status, res.body.code]).toEqual([method, url, 403, 'forbidden']);
        expect((await call(method, url, null)).status).toBe(401);
      }
      // one's own bell with someone else's alert id
      const stolen = await call('PATCH', path(other, `/${mine.id}`), other);
      expect(stolen).toMatchObject({ status: 404, body: { code: 'alert_not_found' } });
      expect((await call('PATCH', path(me, `/${newId()}`), me)).status).toBe(404);
      // a path naming two users
      expect((await call('GET', `/alerts/${me}:${other}`, other)).status).toBe(403);
      const [after] = await s.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.id, mine.id), eq(alerts.userId, me)));
      expect(after.visitedAt).toBeNull();
      expect(await s.db.select().from(alertReads).where(eq(alertReads.userId, me))).toEqual(before);
      expect(await s.db.select().from(alertReads).where(eq(alertReads.userId, other))).toEqual([]);
    });

    it('declares every answer in the OpenAPI', async () => {
      const doc = JSON.parse((await s.messaging.inject({ method: 'GET', url: '/openapi.json' })).body) as {
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      };
      const codes = (p: string, m: string) => Object.keys(doc.paths[p]?.[m]?.responses ?? {}).sort();
      expect(codes('/alerts/{me}', 'get')).toEqual(['200', '400', '401', '403']);
      expect(codes('/alerts/{me}/pending', 'get')).toEqual(['200', '400', '401', '403']);
      expect(codes('/alerts/{me}/seen', 'post')).toEqual(['200', '400', '401', '403']);
      expect(codes('/alerts/{me}/{id}', 'patch')).toEqual(['200', '400', '401', '403', '404']);
      expect(missingAnswers({ paths: doc.paths })).toEqual([]);
    });

    it('refuses a bad offset or limit with a code', async () => {
      const queries: Record<string, string>[] = [
        { offset: '-1' },
        { offset: 'x' },
        { limit: '0' },
        { limit: '51' },
        { limit: '2.5' },
        { sort: 'created_at' },
      ];
      for (const query of queries) {
        const res = await call('GET', path(me), me, query);
        expect([query, res.status, res.body.code]).toEqual([query, 400, 'validation_failed']);
        expect(typeof res.body.message).toBe('string');
      }
    });
  });
});
