import { RefundEvents, ReturnMessages, Topics, type CheckoutOrderSnapshot, type RefundUpdatedEvent } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import { PDFDocument } from 'pdf-lib';
import { hex, pageText } from './pdf-text.js';
import { catalogueStub, envelope, eventually, snapshot, startWorld, type CatalogueStub, type World } from './world.js';

const HOUR = 3600_000;

describe('returns: requests within the window, notes, refunds up to the amount available, closing', () => {
  let w: World;
  let catalogue: CatalogueStub;
  beforeAll(async () => {
    catalogue = await catalogueStub();
    w = await startWorld({ SERVICE_URL_CATALOGUE: catalogue.url, CATALOGUE_TIMEOUT_MS: '1500' });
  });
  afterAll(async () => {
    await w?.close();
    await catalogue?.close();
  });

  interface Order {
    id: string;
    checkoutId: string;
    buyer: string;
    supplier: string;
    me: string;
    sup: string;
    auth: string;
    sauth: string;
    itemIds: string[];
  }

  /** A paid order (10,000 captured unless told otherwise), delivered by its supplier unless `delivered: false`. */
  async function order(over: Partial<CheckoutOrderSnapshot> & { delivered?: boolean } = {}): Promise<Order> {
    const buyer = newId();
    const supplier = over.supplierId ?? newId();
    const { delivered = true, ...snapOver } = over;
    const snap = snapshot({
      userId: buyer,
      supplierId: supplier,
      shippingMinor: 0,
      lines: [
        {
          itemId: newId(),
          variantKey: '',
          variant: {},
          name: 'Jarrito de barro',
          photo: null,
          type: 'product',
          slug: 'jarrito',
          ownerId: supplier,
          quantity: 2,
          unitPriceMinor: 5000,
          contributionMarginMinor: 800,
          experienceDate: null,
        },
      ],
      ...snapOver,
    });
    const id = await w.paid(snap);
    const sauth = await w.token(supplier);
    const sup = `${supplier}:${supplier}`;
    if (delivered) {
      // a dropshipped order is fulfilled by its dropshipping supplier
      const ds = snap.dssupplierId;
      const next = ds ? `/orders/${ds}:${ds}/dssupplier/orders/${id}/next` : `/orders/admin/suppliers/${sup}/orders/${id}/next`;
      const auth = ds ? await w.token(ds) : sauth;
      for (let n = 0; n < 3; n++) {
        const r = await w.request('POST', next, { auth, payload: {} });
        expect(r.status).toBe(201);
      }
    }
    return {
      id,
      checkoutId: snap.checkoutId,
      buyer,
      supplier,
      me: `${buyer}:${buyer}`,
      sup,
      auth: await w.token(buyer),
      sauth,
      itemIds: snap.lines.map((l) => l.itemId),
    };
  }

  const request = { reason: 'does_not_work', sub_reason: 'No enciende', photos: ['/api/gallery/files/a.jpg'], comments: 'Llegó así' };

  async function open(o: Order, payload: unknown = request, headers?: Record<string, string>) {
    return w.request('POST', `/orders/${o.me}/orders/${o.id}/returns`, { auth: o.auth, payload, headers });
  }

  async function count(table: string, where: string): Promise<number> {
    return Number((await w.sql<{ n: number }>(`select count(*)::int as n from orders.${table} where ${where}`))[0].n);
  }

  async function events(type: string, orderId: string) {
    return w.sql<{ data: Record<string, unknown> }>(
      `select envelope->'data' as data from orders.outbox where envelope->>'type' = '${type}' and envelope->>'key' = '${orderId}' order by seq`,
    );
  }

  async function refundUpdated(o: Order, data: Partial<RefundUpdatedEvent>) {
    const event = envelope(RefundEvents.updated, o.checkoutId, { checkoutId: o.checkoutId, orderId: o.id, currency: 'MXN', ...data });
    await w.runtime.bus.publish(Topics.payment, [event]);
    return event;
  }

  describe('the window and the refusals', () => {
    it('accepts a request at 72 h − 1 s after receipt and refuses one at 72 h + 1 s (return deadline expired)', async () => {
      const early = await order();
      const late = await order();
      w.clock.advance(72 * HOUR - 1000);
      const ok = await open(early);
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({
        order_id: early.id,
        status: 'open',
        reason: 'does_not_work',
        sub_reason: 'No enciende',
        photos: ['/api/gallery/files/a.jpg'],
        comments: 'Llegó así',
        refund_to: 'original',
        return_info: { return_type: '72hrs', return_fees: 'free' },
        captured_minor: 10000,
        restocking_minor: 0,
        available_minor: 10000,
        can_refund: false,
        can_close: false,
        can_add_to_wallet: true,
        viewer: 'customer',
      });
      expect(ok.body.record.map((e: { kind: string }) => e.kind)).toEqual(['requested']);
      expect(await events('orders.order.return_opened', early.id)).toEqual([
        { data: expect.objectContaining({ orderId: early.id, returnId: ok.body.id, userId: early.buyer, supplierId: early.supplier }) },
      ]);
      w.clock.advance(2000);
      const expired = await open(late);
      expect([expired.status, expired.body.code, expired.body.message]).toEqual([
        409,
        'return_deadline_expired',
        ReturnMessages.deadlineExpired,
      ]);
      expect(await count('return_requests', `order_id = '${late.id}'`)).toBe(0);
      const detail = await w.request('GET', `/orders/${late.me}/orders/${late.id}`, { auth: late.auth });
      expect(detail.body.return_eligibility).toMatchObject({ allowed: false, refusal: 'return_deadline_expired', return_id: null });
    });

    it('refuses an order not received yet (409 order_not_received) and a cancelled one (409 order_cancelled)', async () => {
      const pending = await order({ delivered: false });
      const r = await open(pending);
      expect([r.status, r.body.code]).toEqual([409, 'order_not_received']);
      const cancelled = await w.request('DELETE', `/orders/${pending.me}/orders/${pending.id}`, { auth: pending.auth, payload: {} });
      expect(cancelled.status).toBe(200);
      const c = await open(pending);
      expect([c.status, c.body.code]).toEqual([409, 'order_cancelled']);
      expect(await count('return_requests', `order_id = '${pending.id}'`)).toBe(0);
    });

    it("refuses when every item's return_info says disallowed; an item gone from the catalogue counts as allowed", async () => {
      const o = await order();
      catalogue.items.set(o.itemIds[0], [200, { id: o.itemIds[0], return_info: { return_type: 'disallowed' } }]);
      const elig = await w.request('GET', `/orders/${o.me}/orders/${o.id}/return-eligibility`, { auth: o.auth });
      expect(elig.body).toMatchObject({ allowed: false, refusal: 'return_disallowed', return_info: { return_type: 'disallowed' } });
      const r = await open(o);
      expect([r.status, r.body.code]).toEqual([409, 'return_disallowed']);
      expect(await count('return_requests', `order_id = '${o.id}'`)).toBe(0);

      const mixed = await order({
        lines: [0, 1].map((n) => ({
          itemId: newId(),
          variantKey: '',
          variant: {},
          name: `Pieza ${n}`,
          photo: null,
          type: 'product' as const,
          slug: `pieza-${n}`,
          ownerId: newId(),
          quantity: 1,
          unitPriceMinor: 5000,
          contributionMarginMinor: 0,
          experienceDate: null,
        })),
      });
      catalogue.items.set(mixed.itemIds[0], [200, { return_info: { return_type: 'disallowed' } }]);
      const allowed = await open(mixed);
      expect([allowed.status, allowed.body.return_info]).toEqual([201, { return_type: '72hrs', return_fees: 'free' }]);
    });

    it('keeps the restocking fee (a percentage of the goods) out of the amount available', async () => {
      const o = await order();
      catalogue.items.set(o.itemIds[0], [
        200,
        { return_info: { return_type: '72hrs', return_fees: 'restocking_fees', restocking_fees: 15 } },
      ]);
      const r = await open(o);
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ restocking_minor: 1500, available_minor: 8500, captured_minor: 10000 });
      const refund = await w.request('POST', `/orders/admin/suppliers/${o.sup}/returns/${r.body.id}/refunds`, {
        auth: o.sauth,
        payload: { amount_minor: 8501 },
      });
      expect([refund.status, refund.body.code, refund.body.message]).toEqual([
        422,
        'refund_exceeds_available',
        ReturnMessages.refundExceedsAvailable,
      ]);
    });

    it('answers 503 when the catalogue cannot say, and writes nothing', async () => {
      const o = await order();
      catalogue.down = true;
      try {
        const r = await open(o);
        expect([r.status, r.body.code]).toEqual([503, 'orders_service_unavailable']);
      } finally {
        catalogue.down = false;
      }
      expect(await count('return_requests', `order_id = '${o.id}'`)).toBe(0);
      expect(await events('orders.order.return_opened', o.id)).toEqual([]);
      expect((await open(o)).status).toBe(201);
    });

    it('refuses bad input with 400 naming the field, and writes nothing', async () => {
      const o = await order();
      for (const [payload, field] of [
        [{ ...request, reason: 'changed_my_mind' }, 'reason'],
        [{ ...request, reason: null }, 'reason'],
        [{ sub_reason: 'x' }, 'reason'],
        [{ ...request, photos: Array.from({ length: 6 }, (_, n) => `/api/gallery/files/${n}.jpg`) }, 'photos'],
        [{ ...request, photos: ['javascript:alert(1)'] }, 'photos'],
        [{ ...request, photos: 'a.jpg' }, 'photos'],
        [{ ...request, sub_reason: 'x'.repeat(201) }, 'sub_reason'],
        [{ ...request, comments: 'x'.repeat(2001) }, 'comments'],
        [{ ...request, comments: null }, 'comments'],
      ] as const) {
        const r = await open(o, payload);
        expect([r.status, r.body.code]).toEqual([400, 'validation_failed']);
        expect(Object.keys(r.body.fields ?? {})).toContain(field);
      }
      expect(await count('return_requests', `order_id = '${o.id}'`)).toBe(0);
    });

    it('keeps one open request per order, racing requests included (409 return_already_open)', async () => {
      const o = await order();
      const answers = await Promise.all([1, 2, 3, 4].map(() => open(o)));
      expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([201, 409, 409, 409]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'return_already_open')).toBe(true);
      expect(await count('return_requests', `order_id = '${o.id}'`)).toBe(1);
      const detail = await w.request('GET', `/orders/${o.me}/orders/${o.id}`, { auth: o.auth });
      const created = answers.find((a) => a.status === 201)!;
      expect(detail.body.return_eligibility).toMatchObject({ allowed: false, refusal: 'return_already_open', return_id: created.body.id });
    });

    it('shows eligibility on the order detail and on its own route', async () => {
      const o = await order();
      const detail = await w.request('GET', `/orders/${o.me}/orders/${o.id}`, { auth: o.auth });
      expect(detail.body.return_eligibility).toMatchObject({ allowed: true, refusal: null, return_id: null, return_info: null });
      expect(detail.body.return_eligibility.until).toBe(detail.body.return_deadline);
      const seller = await w.request('GET', `/orders/admin/suppliers/${o.sup}/orders/${o.id}`, { auth: o.sauth });
      expect(seller.body.return_eligibility.allowed).toBe(false);
      const own = await w.request('GET', `/orders/${o.me}/orders/${o.id}/return-eligibility`, { auth: o.auth });
      expect(own.body).toMatchObject({ allowed: true, refusal: null, return_info: { return_type: '72hrs' } });
      const other = newId();
      const stranger = await w.request('GET', `/orders/${other}:${other}/orders/${o.id}/return-eligibility`, {
        auth: await w.token(other),
      });
      expect(stranger.status).toBe(404);
    });
  });

  describe('refunds', () => {
    it('50 concurrent partial refunds of 500 on a 10,000 capture: exactly 20 succeed, the rest 422, Σ ≤ captured', async () => {
      const o = await order();
      const r = await open(o);
      const url = `/orders/admin/suppliers/${o.sup}/returns/${r.body.id}/refunds`;
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          w.request('POST', url, { auth: o.sauth, payload: { amount_minor: 500 }, headers: { 'idempotency-key': newId() } }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(20);
      expect(statuses.filter((s) => s === 422)).toHaveLength(30);
      expect(answers.filter((a) => a.status === 422).every((a) => a.body.code === 'refund_exceeds_available')).toBe(true);
      expect(answers.filter((a) => a.status === 201).every((a) => a.body.status === 'pending' && a.body.destination === 'original')).toBe(
        true,
      );
      const [row] = await w.sql<{ refunded_minor: number }>(`select refunded_minor from orders.orders where id = '${o.id}'`);
      expect(row.refunded_minor).toBe(10000);
      expect(await count('return_refunds', `order_id = '${o.id}'`)).toBe(20);
      expect(await events('orders.order.refund_requested', o.id)).toHaveLength(20);
      const detail = await w.request('GET', `/orders/admin/suppliers/${o.sup}/returns/${r.body.id}`, { auth: o.sauth });
      expect(detail.body).toMatchObject({ available_minor: 0, refunded_minor: 10000, can_refund: true, can_close: true });
    });

    it('answers a retried refund with its first answer: one refund for one key', async () => {
      const o = await order();
      const r = await open(o);
      const url = `/orders/admin/suppliers/${o.sup}/returns/${r.body.id}/refunds`;
      const headers = { 'idempotency-key': newId() };
      const first = await w.request('POST', url, { auth: o.sauth, payload: { amount_minor: 1200 }, headers });
      const again = await w.request('POST', url, { auth: o.sauth, payload: { amount_minor: 1200 }, headers });
      expect(first.status).toBe(201);
      expect([again.status, again.raw]).toEqual([201, first.raw]);
      expect(await count('return_refunds', `order_id = '${o.id}'`)).toBe(1);
      const reused = await w.request('POST', url, { auth: o.sauth, payload: { amount_minor: 1300 }, headers });
      expect(reused.status).toBe(422);
      const [stored] = await w.sql<{ scope: string }>(`select scope from orders.return_refunds where order_id = '${o.id}'`);
      expect(stored.scope).toBe(`${o.supplier}:${headers['idempotency-key']}`);
    });

    it('refuses invalid amounts (400), a pay-later order (409 refund_not_prepaid), and changes nothing', async () => {
      const o = await order();
      const r = await open(o);
      const url = `/orders/admin/suppliers/${o.sup}/returns/${r.body.id}/refunds`;
      for (const amount_minor of [0, -5, 1.5, '500', null, 100_000_001]) {
        const a = await w.request('POST', url, { auth: o.sauth, payload: { amount_minor } });
        expect([a.status, a.body.code]).toEqual([400, 'validation_failed']);
      }
      expect((await w.request('POST', url, { auth: o.sauth, payload: {} })).status).toBe(400);
      await w.sql(`update orders.orders set prepaid = false where id = '${o.id}'`);
      const later = await w.request('POST', url, { auth: o.sauth, payload: { amount_minor: 100 } });
      expect([later.status, later.body.code]).toEqual([409, 'refund_not_prepaid']);
      expect(await count('return_refunds', `order_id = '${o.id}'`)).toBe(0);
      const [row] = await w.sql<{ refunded_minor: number }>(`select refunded_minor from orders.orders where id = '${o.id}'`);
      expect(row.refunded_minor).toBe(0);
    });

    it('settles from payment.refund_updated: success once, failed gives the amount back, duplicates and shuffles change nothing', async () => {
      const o = await order();
      const r = await open(o);
      const url = `/orders/admin/suppliers/${o.sup}/returns/${r.body.id}/refunds`;
      const a = (await w.request('POST', url, { auth: o.sauth, payload: { amount_minor: 3000 } })).body;
      const b = (await w.request('POST', url, { auth: o.sauth, payload: { amount_minor: 2000 } })).body;
      const status = async (id: string) =>
        (await w.sql<{ status: string }>(`select status from orders.return_refunds where id = '${id}'`))[0].status;
      const refunded = async () =>
        (await w.sql<{ refunded_minor: number }>(`select refunded_minor from orders.orders where id = '${o.id}'`))[0].refunded_minor;
      expect(await refunded()).toBe(5000);

      // a: success, delivered three times (one of them the same event id again)
      const ev = await refundUpdated(o, { refundId: a.id, status: 'success', amountMinor: 3000 });
      await w.runtime.bus.publish(Topics.payment, [ev]);
      const sent = [ev];
      sent.push(await refundUpdated(o, { refundId: a.id, status: 'success', amountMinor: 3000 }));
      // b: failed, then a late 'success' (shuffled) and a duplicate 'failed'
      sent.push(await refundUpdated(o, { refundId: b.id, status: 'failed', amountMinor: 2000 }));
      sent.push(await refundUpdated(o, { refundId: b.id, status: 'success', amountMinor: 2000 }));
      sent.push(await refundUpdated(o, { refundId: b.id, status: 'failed', amountMinor: 2000 }));
      // every delivery has been through the inbox
      const ids = sent.map((e) => `'${e.id}'`).join(',');
      await eventually(async () => (await count('inbox', `event_id in (${ids})`)) === sent.length);
      expect([await status(a.id), await status(b.id)]).toEqual(['success', 'failed']);
      expect(await refunded()).toBe(3000);
      const refundedEvents = await events('orders.order.refunded', o.id);
      expect(refundedEvents.map((e) => e.data)).toEqual([
        expect.objectContaining({ refundId: a.id, amountMinor: 3000, destination: 'original', returnId: r.body.id }),
      ]);
      const detail = await w.request('GET', `/orders/${o.me}/returns/${r.body.id}`, { auth: o.auth });
      expect(detail.body.record.map((e: { kind: string }) => e.kind)).toEqual([
        'requested',
        'refund_requested',
        'refund_requested',
        'refund_succeeded',
        'refund_failed',
      ]);
      expect(detail.body).toMatchObject({ available_minor: 7000, refunded_minor: 3000 });
      // the cancellation's refund fields are not a return's
      const detailOfOrder = await w.request('GET', `/orders/${o.me}/orders/${o.id}`, { auth: o.auth });
      expect(detailOfOrder.body.refund).toBeNull();
    });

    it('refunds to the wallet once the customer chose add_to_wallet: success at once, orders.order.refunded destination wallet', async () => {
      const o = await order();
      const r = await open(o);
      const choose = await w.request('GET', `/customers/${o.buyer}/add_to_wallet/${r.body.id}`, { auth: o.auth });
      expect([choose.status, choose.body.refund_to, choose.body.can_add_to_wallet]).toEqual([200, 'wallet', false]);
      const again = await w.request('GET', `/customers/${o.me}/add_to_wallet/${r.body.id}`, { auth: o.auth });
      expect([again.status, again.body.refund_to]).toEqual([200, 'wallet']);
      expect(again.body.record.filter((e: { kind: string }) => e.kind === 'refund_to_wallet_chosen')).toHaveLength(1);
      const refund = await w.request('POST', `/orders/admin/suppliers/${o.sup}/returns/${r.body.id}/refunds`, {
        auth: o.sauth,
        payload: { amount_minor: 2500 },
      });
      expect(refund.body).toMatchObject({ status: 'success', destination: 'wallet', amount_minor: 2500, amount: '25.00' });
      expect((await events('orders.order.refunded', o.id)).map((e) => e.data)).toEqual([
        expect.objectContaining({ refundId: refund.body.id, destination: 'wallet', amountMinor: 2500, userId: o.buyer }),
      ]);
      expect(await events('orders.order.refund_requested', o.id)).toEqual([]);
    });
  });

  describe('notes, closing, lists and tenants', () => {
    it('keeps internal notes on the seller side; comments and client notes show to both', async () => {
      const dssupplier = newId();
      const o = await order({ dssupplierId: dssupplier, dssupplierName: 'Taller' });
      const r = await open(o);
      const base = `/orders/admin/suppliers/${o.sup}/returns/${r.body.id}`;
      expect(
        (await w.request('POST', `${base}/notes`, { auth: o.sauth, payload: { body: 'Revisar lote', visibility: 'internal' } })).status,
      ).toBe(201);
      expect(
        (await w.request('POST', `${base}/notes`, { auth: o.sauth, payload: { body: 'Envíanos fotos', visibility: 'client' } })).status,
      ).toBe(201);
      const comment = await w.request('POST', `/orders/${o.me}/returns/${r.body.id}/comments`, {
        auth: o.auth,
        payload: { body: 'Listo' },
      });
      expect(comment.status).toBe(201);
      expect(comment.body.notes.map((n: { body: string; author: string }) => [n.author, n.body])).toEqual([
        ['supplier', 'Envíanos fotos'],
        ['customer', 'Listo'],
      ]);
      expect(comment.body.record.map((e: { kind: string }) => e.kind)).toEqual(['requested', 'note', 'comment']);
      const seller = await w.request('GET', base, { auth: o.sauth });
      expect(seller.body.notes.map((n: { visibility: string }) => n.visibility)).toEqual(['internal', 'client', 'client']);
      const ds = `${dssupplier}:${dssupplier}`;
      const dsauth = await w.token(dssupplier);
      const dsNote = await w.request('POST', `/orders/${ds}/dssupplier/returns/${r.body.id}/notes`, {
        auth: dsauth,
        payload: { body: 'Lo recibo yo', visibility: 'internal' },
      });
      expect([dsNote.status, dsNote.body.viewer, dsNote.body.can_refund]).toEqual([201, 'dssupplier', false]);
      const dsList = await w.request('GET', `/orders/${ds}/dssupplier/returns`, { auth: dsauth });
      expect(dsList.body.results.map((x: { id: string }) => x.id)).toEqual([r.body.id]);
      const customer = await w.request('GET', `/orders/${o.me}/returns/${r.body.id}`, { auth: o.auth });
      expect(customer.body.notes.map((n: { body: string }) => n.body)).toEqual(['Envíanos fotos', 'Listo']);
      for (const payload of [
        { body: '' },
        { body: '   ' },
        { body: 'x', visibility: 'public' },
        { body: 'x'.repeat(2001), visibility: 'client' },
      ]) {
        expect((await w.request('POST', `${base}/notes`, { auth: o.sauth, payload })).status).toBe(400);
      }
    });

    it('closes once: orders.order.return_closed, then refunds, notes, comments and add_to_wallet answer 409 return_closed', async () => {
      const o = await order();
      const r = await open(o);
      const base = `/orders/admin/suppliers/${o.sup}/returns/${r.body.id}`;
      const closed = await w.request('POST', `${base}/close`, { auth: o.sauth, headers: { 'idempotency-key': newId() } });
      expect([closed.status, closed.body.status, closed.body.can_close, closed.body.can_refund]).toEqual([201, 'closed', false, false]);
      expect(closed.body.closed_at).toEqual(expect.any(String));
      expect((await events('orders.order.return_closed', o.id)).map((e) => e.data)).toEqual([
        expect.objectContaining({ orderId: o.id, returnId: r.body.id }),
      ]);
      const twice = await w.request('POST', `${base}/close`, { auth: o.sauth });
      expect([twice.status, twice.body.code]).toEqual([409, 'return_closed']);
      const refund = await w.request('POST', `${base}/refunds`, { auth: o.sauth, payload: { amount_minor: 100 } });
      expect([refund.status, refund.body.code]).toEqual([409, 'return_closed']);
      const note = await w.request('POST', `${base}/notes`, { auth: o.sauth, payload: { body: 'x', visibility: 'client' } });
      expect([note.status, note.body.code]).toEqual([409, 'return_closed']);
      const comment = await w.request('POST', `/orders/${o.me}/returns/${r.body.id}/comments`, { auth: o.auth, payload: { body: 'x' } });
      expect([comment.status, comment.body.code]).toEqual([409, 'return_closed']);
      const wallet = await w.request('GET', `/customers/${o.me}/add_to_wallet/${r.body.id}`, { auth: o.auth });
      expect([wallet.status, wallet.body.code]).toEqual([409, 'return_closed']);
      expect(await events('orders.order.return_closed', o.id)).toHaveLength(1);
      // a closed request lets the customer ask again within the window
      expect((await open(o)).status).toBe(201);
    });

    it('lists each side’s requests, filtered open or closed, newest first', async () => {
      const supplier = newId();
      const a = await order({ supplierId: supplier });
      const b = await order({ supplierId: supplier });
      const ra = await open(a);
      await new Promise((res) => setTimeout(res, 5));
      const rb = await open(b);
      await w.request('POST', `/orders/admin/suppliers/${a.sup}/returns/${ra.body.id}/close`, { auth: a.sauth });
      const all = await w.request('GET', `/orders/admin/suppliers/${a.sup}/returns`, { auth: a.sauth });
      expect(all.body.results.map((x: { id: string }) => x.id)).toEqual([rb.body.id, ra.body.id]);
      expect(all.body.matches_estimated).toBe(2);
      const openOnes = await w.request('GET', `/orders/admin/suppliers/${a.sup}/returns?status=open`, { auth: a.sauth });
      expect(openOnes.body.results.map((x: { id: string }) => x.id)).toEqual([rb.body.id]);
      const closedOnes = await w.request('GET', `/orders/admin/suppliers/${a.sup}/returns?status=closed`, { auth: a.sauth });
      expect(closedOnes.body.results.map((x: { id: string; viewer: string }) => [x.id, x.viewer])).toEqual([[ra.body.id, 'supplier']]);
      const mine = await w.request('GET', `/orders/${a.me}/returns?status=closed`, { auth: a.auth });
      expect(mine.body.results.map((x: { id: string }) => x.id)).toEqual([ra.body.id]);
      expect((await w.request('GET', `/orders/${a.me}/returns?status=open`, { auth: a.auth })).body.results).toEqual([]);
      expect((await w.request('GET', `/orders/${a.me}/returns?status=pending`, { auth: a.auth })).status).toBe(400);
      expect((await w.request('GET', `/orders/${a.me}/returns?limit=0`, { auth: a.auth })).status).toBe(400);
    });

    it("another user's return ids answer 404 return_not_found and change nothing", async () => {
      const o = await order();
      const r = await open(o);
      const other = newId();
      const oauth = await w.token(other);
      const me = `${other}:${other}`;
      const tries = [
        await w.request('GET', `/orders/${me}/returns/${r.body.id}`, { auth: oauth }),
        await w.request('POST', `/orders/${me}/returns/${r.body.id}/comments`, { auth: oauth, payload: { body: 'hola' } }),
        await w.request('GET', `/customers/${me}/add_to_wallet/${r.body.id}`, { auth: oauth }),
        await w.request('GET', `/orders/admin/suppliers/${me}/returns/${r.body.id}`, { auth: oauth }),
        await w.request('POST', `/orders/admin/suppliers/${me}/returns/${r.body.id}/notes`, {
          auth: oauth,
          payload: { body: 'x', visibility: 'client' },
        }),
        await w.request('POST', `/orders/admin/suppliers/${me}/returns/${r.body.id}/refunds`, {
          auth: oauth,
          payload: { amount_minor: 100 },
        }),
        await w.request('POST', `/orders/admin/suppliers/${me}/returns/${r.body.id}/close`, { auth: oauth }),
        await w.request('GET', `/orders/${me}/dssupplier/returns/${r.body.id}`, { auth: oauth }),
        // the customer on the seller's routes
        await w.request('POST', `/orders/admin/suppliers/${o.me}/returns/${r.body.id}/refunds`, {
          auth: o.auth,
          payload: { amount_minor: 100 },
        }),
      ];
      for (const t of tries) expect([t.status, t.body.code]).toEqual([404, 'return_not_found']);
      const opened = await w.request('POST', `/orders/${me}/orders/${o.id}/returns`, { auth: oauth, payload: request });
      expect(opened.status).toBe(404);
      // someone else's owner segment with one's own token
      expect((await w.request('GET', `/orders/${o.me}/returns/${r.body.id}`, { auth: oauth })).status).toBe(403);
      expect((await w.request('GET', `/orders/${me}/returns`, { auth: oauth })).body.results).toEqual([]);
      const after = await w.request('GET', `/orders/${o.me}/returns/${r.body.id}`, { auth: o.auth });
      expect(after.body).toMatchObject({ status: 'open', refund_to: 'original', notes: [], refunds: [] });
      expect(await count('return_requests', `order_id = '${o.id}'`)).toBe(1);
    });
  });

  describe('the return label (spec 3 §3 return_shipping_label)', () => {
    const shipTo = 'Taller Barro Vivo\nAv. Juárez 15, Centro\nPuebla, PUE 72000';
    const label = { ship_to: shipTo, carrier: 'Estafeta', tracking_number: '8055123456' };

    async function pdf(path: string, auth: string) {
      return w.app.inject({ method: 'GET', url: path, headers: { authorization: auth } });
    }

    it('the seller issues it; the customer and seller download the PDF; an "inbox" policy asks messaging to send it', async () => {
      const o = await order();
      catalogue.items.set(o.itemIds[0], [
        200,
        { return_info: { return_type: '72hrs', return_fees: 'customer_all', return_shipping_label: 'inbox' } },
      ]);
      const r = await open(o);
      expect(r.body).toMatchObject({ label: null, can_issue_label: false });
      const missing = await w.request('GET', `/orders/${o.me}/returns/${r.body.id}/label.pdf`, { auth: o.auth });
      expect([missing.status, missing.body.code]).toEqual([404, 'return_label_missing']);
      const seller = `/orders/admin/suppliers/${o.sup}/returns/${r.body.id}`;
      expect((await w.request('GET', seller, { auth: o.sauth })).body.can_issue_label).toBe(true);

      const issued = await w.request('POST', `${seller}/label`, { auth: o.sauth, payload: label });
      expect(issued.status).toBe(201);
      expect(issued.body.label).toEqual({
        ship_to: shipTo,
        carrier: 'Estafeta',
        tracking_number: '8055123456',
        issued_at: expect.any(String),
        issued_by: 'supplier',
      });
      expect(issued.body.record.map((e: { kind: string }) => e.kind)).toEqual(['requested', 'label_issued']);
      expect(await events('orders.order.return_label_issued', o.id)).toEqual([
        {
          data: expect.objectContaining({
            returnId: r.body.id,
            userId: o.buyer,
            policy: 'inbox',
            email: 'ana@example.com',
            customerName: 'Ana López',
            shipTo,
            carrier: 'Estafeta',
            trackingNumber: '8055123456',
          }),
        },
      ]);
      // the same label again (a double click, a retry without a key) changes nothing: no second record or e-mail
      const again = await w.request('POST', `${seller}/label`, { auth: o.sauth, payload: label });
      expect(again.status).toBe(201);
      expect(again.body.record).toHaveLength(2);
      expect(await events('orders.order.return_label_issued', o.id)).toHaveLength(1);

      const mine = await w.request('GET', `/orders/${o.me}/returns/${r.body.id}`, { auth: o.auth });
      expect(mine.body).toMatchObject({ label: { ship_to: shipTo, tracking_number: '8055123456' }, can_issue_label: false });

      const res = await pdf(`/orders/${o.me}/returns/${r.body.id}/label.pdf`, o.auth);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="guia-devolucion-${r.body.id}.pdf"`);
      const doc = await PDFDocument.load(res.rawPayload);
      expect(doc.getPageCount()).toBe(1);
      expect(doc.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
      expect(doc.getTitle()).toBe(`GUÍA DE DEVOLUCIÓN ${r.body.id}`);
      const text = pageText(res.rawPayload);
      for (const shown of [
        'Av. Juárez 15, Centro',
        'Puebla, PUE 72000',
        '8055123456',
        'Estafeta',
        r.body.id,
        o.id,
        'Ana López',
        'Lo paga el cliente',
      ]) {
        expect([shown, text.includes(hex(shown))]).toEqual([shown, true]);
      }
      // the seller's copy is the same document
      const copy = await pdf(`${seller}/label.pdf`, o.sauth);
      expect(Buffer.compare(copy.rawPayload, res.rawPayload)).toBe(0);

      // a reissue replaces it (a new record entry and a new event); after closing, no more changes but still downloadable
      w.clock.advance(1000);
      const reissued = await w.request('POST', `${seller}/label`, { auth: o.sauth, payload: { ship_to: shipTo } });
      expect(reissued.body.label).toMatchObject({ carrier: null, tracking_number: null });
      expect(await events('orders.order.return_label_issued', o.id)).toHaveLength(2);
      expect((await w.request('POST', `${seller}/close`, { auth: o.sauth })).status).toBe(201);
      const closed = await w.request('POST', `${seller}/label`, { auth: o.sauth, payload: label });
      expect([closed.status, closed.body.code]).toEqual([409, 'return_closed']);
      expect((await pdf(`/orders/${o.me}/returns/${r.body.id}/label.pdf`, o.auth)).statusCode).toBe(200);
    });

    it('refuses bad input with a code and changes nothing; other users get 404', async () => {
      const o = await order();
      const r = await open(o);
      const seller = `/orders/admin/suppliers/${o.sup}/returns/${r.body.id}/label`;
      for (const payload of [
        {},
        { ship_to: 'corta' },
        { ship_to: '          \n   ' },
        { ship_to: 'x'.repeat(501) },
        { ship_to: shipTo, carrier: 'c'.repeat(61) },
        { ship_to: shipTo, tracking_number: 7 },
      ]) {
        const bad = await w.request('POST', seller, { auth: o.sauth, payload });
        expect([JSON.stringify(payload).slice(0, 40), bad.status, typeof bad.body.code]).toEqual([
          JSON.stringify(payload).slice(0, 40),
          400,
          'string',
        ]);
      }
      const other = newId();
      const oauth = await w.token(other);
      const me = `${other}:${other}`;
      for (const t of [
        await w.request('POST', `/orders/admin/suppliers/${me}/returns/${r.body.id}/label`, { auth: oauth, payload: label }),
        await w.request('POST', `/orders/${me}/dssupplier/returns/${r.body.id}/label`, { auth: oauth, payload: label }),
        // the customer on the seller's route
        await w.request('POST', `/orders/admin/suppliers/${o.me}/returns/${r.body.id}/label`, { auth: o.auth, payload: label }),
        await w.request('GET', `/orders/${me}/returns/${r.body.id}/label.pdf`, { auth: oauth }),
        await w.request('GET', `/orders/admin/suppliers/${me}/returns/${r.body.id}/label.pdf`, { auth: oauth }),
      ]) {
        expect([t.status, t.body.code]).toEqual([404, 'return_not_found']);
      }
      const after = await w.request('GET', `/orders/${o.me}/returns/${r.body.id}`, { auth: o.auth });
      expect([after.body.label, after.body.record.length]).toEqual([null, 1]);
      expect(await events('orders.order.return_label_issued', o.id)).toEqual([]);
    });

    it('the dropshipping supplier who shipped issues it from its routes; a "download" policy is said so', async () => {
      const ds = newId();
      const o = await order({ dssupplierId: ds, dssupplierName: 'Taller Barro Vivo' });
      const r = await open(o);
      const dauth = await w.token(ds);
      const path = `/orders/${ds}:${ds}/dssupplier/returns/${r.body.id}`;
      expect((await w.request('GET', path, { auth: dauth })).body.can_issue_label).toBe(true);
      const issued = await w.request('POST', `${path}/label`, { auth: dauth, payload: label });
      expect([issued.status, issued.body.label.issued_by]).toEqual([201, 'dssupplier']);
      const [ev] = await events('orders.order.return_label_issued', o.id);
      expect(ev.data).toMatchObject({ policy: 'download', dssupplierId: ds });
      const res = await pdf(`${path}/label.pdf`, dauth);
      expect(res.statusCode).toBe(200);
      expect(pageText(res.rawPayload)).toContain(hex('Taller Barro Vivo'));
    });
  });

  describe('delivery carries the settlement terms', () => {
    it('orders.order.delivered says what was captured, the resold margin and who ships', async () => {
      const dssupplier = newId();
      const o = await order({ dssupplierId: dssupplier, dssupplierName: 'Taller', financingCostMinor: 300 });
      const [ev] = await events('orders.order.delivered', o.id);
      expect(ev.data.settlement).toEqual({
        currency: 'MXN',
        capturedMinor: 10300,
        goodsMinor: 10000,
        shippingMinor: 0,
        financingMinor: 300,
        marginMinor: 1600,
        supplierId: o.supplier,
        dssupplierId: dssupplier,
        resellerId: o.supplier,
        shipperId: dssupplier,
      });
      const plain = await order();
      const [p] = await events('orders.order.delivered', plain.id);
      expect(p.data.settlement).toMatchObject({ marginMinor: 0, resellerId: null, shipperId: plain.supplier, capturedMinor: 10000 });
      const [line] = await w.sql<{ contribution_margin_minor: number }>(
        `select contribution_margin_minor from orders.order_lines where order_id = '${plain.id}'`,
      );
      expect(line.contribution_margin_minor).toBe(800);
    });
  });
});

describe('returns: RETURN_WINDOW_SECONDS shortens the window for demos', () => {
  let w: World;
  let catalogue: CatalogueStub;
  beforeAll(async () => {
    catalogue = await catalogueStub();
    w = await startWorld({ SERVICE_URL_CATALOGUE: catalogue.url, RETURN_WINDOW_SECONDS: '60' });
  });
  afterAll(async () => {
    await w?.close();
    await catalogue?.close();
  });

  it('sets the return deadline 60 s after delivery and refuses a request after it', async () => {
    const buyer = newId();
    const supplier = newId();
    const id = await w.paid(snapshot({ userId: buyer, supplierId: supplier }));
    const sauth = await w.token(supplier);
    for (let n = 0; n < 3; n++)
      await w.request('POST', `/orders/admin/suppliers/${supplier}:${supplier}/orders/${id}/next`, { auth: sauth, payload: {} });
    const auth = await w.token(buyer);
    const detail = await w.request('GET', `/orders/${buyer}:${buyer}/orders/${id}`, { auth });
    expect(new Date(detail.body.return_deadline).getTime() - new Date(detail.body.delivered_at).getTime()).toBe(60_000);
    w.clock.advance(61_000);
    const r = await w.request('POST', `/orders/${buyer}:${buyer}/orders/${id}/returns`, { auth, payload: { reason: 'defective' } });
    expect([r.status, r.body.code]).toEqual([409, 'return_deadline_expired']);
  });
});
