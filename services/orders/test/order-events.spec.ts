import { CartCheckoutEvents, OrderEvents, RefundEvents, ReservationEvents, Topics } from '@vitrina/contracts';
import { DB, newId, Outbox, type Db } from '@vitrina/platform';
import { eq } from 'drizzle-orm';
import * as schema from '../src/db/schema.js';
import { moveOrder } from '../src/orders/order-move.statement.js';
import { envelope, eventually, snapshot, startWorld, type World } from './world.js';

describe('orders from events: once per checkout; tracking; cancellation', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ TRACKING_TRANSIT_SECONDS: '120', TRACKING_DELIVERY_SECONDS: '600' });
  });
  afterAll(async () => {
    await w?.close();
  });
  const count = async (checkoutId: string) =>
    Number((await w.sql<{ n: string }>(`select count(*) as n from orders.orders where checkout_id = '${checkoutId}'`))[0].n);

  it('payment.succeeded delivered three times, shuffled with other events and raced, makes one order each', async () => {
    const buyer = newId();
    const supplier = newId();
    const snaps = Array.from({ length: 5 }, () => snapshot({ userId: buyer, supplierId: supplier }));
    const later = snapshot({ userId: buyer, supplierId: supplier, prepaid: false, paymentType: 'ondelivery' });
    // three deliveries each (distinct event ids, as a redelivering provider or a replayed outbox would), interleaved
    const sends = [...snaps, ...snaps, ...snaps].map((s) => () => w.publishPaid(s));
    sends.push(() =>
      w.runtime.bus.publish(Topics.cartCheckout, [
        envelope(CartCheckoutEvents.placed, later.checkoutId, { checkoutId: later.checkoutId, order: later }),
      ]),
    );
    sends.sort(() => Math.random() - 0.5);
    await Promise.all(sends.map((send) => send()));
    for (const s of [...snaps, later]) await eventually(async () => (await count(s.checkoutId)) === 1);
    await new Promise((r) => setTimeout(r, 300));
    for (const s of [...snaps, later]) expect(await count(s.checkoutId)).toBe(1);
    const lines = await w.sql<{ n: string }>(
      `select count(*) as n from orders.order_lines l join orders.orders o on o.id = l.order_id where o.user_id = '${buyer}'`,
    );
    expect(Number(lines[0].n)).toBe(6);
    const placed = await w.sql<{ n: string }>(`select count(*) as n from orders.outbox where envelope->>'type' = 'orders.order.placed'`);
    expect(Number(placed[0].n)).toBeGreaterThanOrEqual(6);
    const [pay] = await w.sql<{ state: string }>(`select state from orders.orders where checkout_id = '${later.checkoutId}'`);
    expect(pay.state).toBe('sent_to_supplier');
  });

  it("POST /orders takes a paid checkout's order at once (before its event) and the event then changes nothing", async () => {
    const buyer = newId();
    const snap = snapshot({ userId: buyer, supplierId: newId() });
    w.placement.answers.set(snap.checkoutId, [200, snap]);
    const auth = await w.token(buyer);
    const key = { 'idempotency-key': newId() };
    const placed = await w.request('POST', `/orders/${buyer}:${buyer}/orders`, {
      auth,
      headers: key,
      payload: { checkout_id: snap.checkoutId },
    });
    expect([placed.status, placed.body.state, placed.body.checkout_id]).toEqual([201, 'in_process', snap.checkoutId]);
    await w.publishPaid(snap);
    const replay = await w.request('POST', `/orders/${buyer}:${buyer}/orders`, {
      auth,
      headers: key,
      payload: { checkout_id: snap.checkoutId },
    });
    expect(replay.raw).toBe(placed.raw);
    const again = await w.request('POST', `/orders/${buyer}:${buyer}/orders`, { auth, payload: { checkout_id: snap.checkoutId } });
    expect(again.body.id).toBe(placed.body.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(await count(snap.checkoutId)).toBe(1);
    // another customer cannot take it
    const thief = newId();
    const stolen = await w.request('POST', `/orders/${thief}:${thief}/orders`, {
      auth: await w.token(thief),
      payload: { checkout_id: snap.checkoutId },
    });
    expect(stolen.status).toBe(404);
    // cart-checkout's refusals come through with their code
    const unpaid = newId();
    w.placement.answers.set(unpaid, [409, { code: 'checkout_not_paid', message: 'The checkout is not paid yet' }]);
    const refused = await w.request('POST', `/orders/${buyer}:${buyer}/orders`, { auth, payload: { checkout_id: unpaid } });
    expect([refused.status, refused.body.code]).toEqual([409, 'checkout_not_paid']);
    const byCheckout = await w.request('GET', `/orders/${buyer}:${buyer}/orders/by-checkout/${snap.checkoutId}`, { auth });
    expect(byCheckout.body.id).toBe(placed.body.id);
  });

  it('a broker shipment is tracked: label when ready, In transit and Delivered by themselves, then the return deadline', async () => {
    const buyer = newId();
    const supplier = newId();
    const snap = snapshot({
      userId: buyer,
      supplierId: supplier,
      delivery: { type: 'broker', carrier: 'Estafeta', service: 'Terrestre', days: 4, price: '120.00', price_minor: 12000 },
    });
    const id = await w.paid(snap);
    const sauth = await w.token(supplier);
    const ready = await w.request('POST', `/orders/admin/suppliers/${supplier}:${supplier}/orders/${id}/next`, {
      auth: sauth,
      payload: {},
    });
    expect([ready.body.state, ready.body.tracking_status]).toEqual(['to_deliver', 'label_created']);
    expect(ready.body.tracking_number).toMatch(/^VT/);
    const track = await w.request('GET', `/orders/tracking/${ready.body.tracking_number}`);
    expect(track.body).toEqual({ tracking_number: ready.body.tracking_number, status: 'label_created', order_state: 'to_deliver' });
    await w.tracking.sweep();
    expect((await w.sql<{ state: string }>(`select state from orders.orders where id = '${id}'`))[0].state).toBe('to_deliver');
    w.clock.advance(121_000);
    expect(await w.tracking.sweep()).toBeGreaterThanOrEqual(1);
    expect((await w.sql<{ state: string }>(`select state from orders.orders where id = '${id}'`))[0].state).toBe('in_transit');
    w.clock.advance(480_000);
    await w.tracking.sweep();
    const auth = await w.token(buyer);
    const done = await w.request('GET', `/orders/${buyer}:${buyer}/orders/${id}`, { auth });
    expect([done.body.state, done.body.tracking_status]).toEqual(['delivered', 'delivered']);
    expect(new Date(done.body.return_deadline).getTime() - new Date(done.body.delivered_at).getTime()).toBe(72 * 3600_000);
    expect(done.body.history.filter((h: { actor: string; from: string | null }) => h.actor === 'system' && h.from !== null)).toHaveLength(
      2,
    );
  });

  it('a cancelled prepaid order asks for its refund once and shows the outcome; a second cancel is reported as such', async () => {
    const buyer = newId();
    const snap = snapshot({ userId: buyer, supplierId: newId() });
    const id = await w.paid(snap);
    const auth = await w.token(buyer);
    const url = `/orders/${buyer}:${buyer}/orders/${id}`;
    const key = { 'idempotency-key': newId() };
    const [a, b] = await Promise.all([
      w.request('DELETE', url, { auth, headers: key, payload: { message: 'Ya no lo necesito' } }),
      w.request('DELETE', url, { auth, payload: { message: 'Ya no lo necesito' } }),
    ]);
    const statuses = [a.status, b.status].sort((x, y) => x - y);
    expect(statuses).toEqual([200, 409]);
    const ok = a.status === 200 ? a : b;
    expect([ok.body.state, ok.body.cancellation.reason, ok.body.refund]).toEqual([
      'cancelled_by_customer',
      'requested_by_client',
      { status: 'pending', amount_minor: 39900, amount: '399.00' },
    ]);
    const retry = await w.request('DELETE', url, { auth, payload: {} });
    expect([retry.status, retry.body.code]).toEqual([409, 'order_already_cancelled']);
    const events = await w.sql<{ n: string }>(
      `select count(*) as n from orders.outbox where envelope->>'type' = 'orders.order.cancelled' and key = '${id}'`,
    );
    expect(Number(events[0].n)).toBe(1);
    await w.runtime.bus.publish(Topics.payment, [
      envelope(RefundEvents.updated, snap.checkoutId, {
        checkoutId: snap.checkoutId,
        status: 'success',
        amountMinor: 39900,
        currency: 'MXN',
      }),
    ]);
    await eventually(async () => (await w.request('GET', url, { auth })).body.refund?.status === 'success');
  });
});

describe('racing actions move an order one step', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(async () => {
    await w?.close();
  });

  it('the one-statement move: two moves from one version, one wins; the loser writes no history and no event', async () => {
    const id = await w.paid(snapshot({ userId: newId(), supplierId: newId() }));
    const db = w.app.get<Db<typeof schema>>(DB);
    const outbox = w.app.get(Outbox);
    const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, id));
    const at = new Date();
    const move = (n: number) =>
      moveOrder(
        db,
        outbox,
        order,
        { state: 'to_deliver', version: order.version + 1, updatedAt: at },
        { from: 'in_process', to: 'to_deliver', action: 'next', actor: 'supplier', actorId: `racer-${n}`, at },
        [{ type: OrderEvents.advanced, key: id, data: { orderId: id, racer: n } }],
      );
    const results = await Promise.all([move(1), move(2), move(3)]);
    const winners = results.filter((r) => r !== null);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toMatchObject({
      row: { id, state: 'to_deliver', version: order.version + 1, placedAt: order.placedAt, updatedAt: at },
      transition: { order_id: id, from_state: 'in_process', to_state: 'to_deliver', actor: 'supplier' },
    });
    expect(winners[0].row.contact).toEqual(order.contact);
    const history = await w.sql<{ actor_id: string }>(
      `select actor_id from orders.order_transitions where order_id = '${id}' and action = 'next'`,
    );
    expect(history).toEqual([{ actor_id: winners[0].transition.actor_id }]);
    const events = await w.sql<{ racer: number }>(
      `select (envelope->'data'->>'racer')::int as racer from orders.outbox where envelope->>'type' = '${OrderEvents.advanced}' and key = '${id}'`,
    );
    expect(events).toEqual([{ racer: Number(winners[0].transition.actor_id!.slice('racer-'.length)) }]);
  });

  it('ten sellers pressing next at once (no Idempotency-Key) never move it twice from one state', async () => {
    const supplier = newId();
    const id = await w.paid(snapshot({ userId: newId(), supplierId: supplier }));
    const auth = await w.token(supplier);
    const url = `/orders/admin/suppliers/${supplier}:${supplier}/orders/${id}/next`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => w.request('POST', url, { auth, payload: {} })));
    // Every press that read the order before the winner committed loses (409); a press that read it after sees the
    // next state and may take the next step, as a second press would. What must never happen is two moves from one
    // state: each winner answers a different state, and the history holds exactly the winners' steps.
    const won = answers.filter((a) => a.status === 201);
    expect(won.length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409 && a.body.code === 'illegal_transition')).toBe(true);
    const states = won.map((a) => a.body.state as string);
    expect(new Set(states).size).toBe(won.length);
    const path = ['to_deliver', 'in_transit', 'delivered'];
    expect([...states].sort((a, b) => path.indexOf(a) - path.indexOf(b))).toEqual(path.slice(0, won.length));
    const [row] = await w.sql<{ state: string }>(`select state from orders.orders where id = '${id}'`);
    expect(row.state).toBe(path[won.length - 1]);
    const moves = await w.sql<{ from_state: string | null }>(
      `select from_state from orders.order_transitions where order_id = '${id}' order by id`,
    );
    expect(moves.map((m) => m.from_state)).toEqual([null, 'in_process', ...path.slice(0, won.length - 1)]);
  });
});

for (const db of ['postgres', 'pglite'] as const) {
  describe(`catalogue.reservation.short on ${db}`, () => {
    let w: World;
    beforeAll(async () => {
      w = await startWorld({}, { pglite: db === 'pglite' });
    });
    afterAll(async () => {
      await w?.close();
    });

    it('the system cancels the order as cannot_be_fulfilled and refunds it, once, even when it comes first', async () => {
      const buyer = newId();
      const snap = snapshot({ userId: buyer, supplierId: newId() });
      const short = (eventId = newId()) => ({
        ...envelope(ReservationEvents.short, snap.checkoutId, {
          checkoutId: snap.checkoutId,
          lines: [{ itemId: snap.lines[0].itemId, quantity: 1, available: 0 }],
        }),
        id: eventId,
      });
      // the catalogue's answer before the order is made of the payment: it waits for the order (retried), then cancels it
      await w.runtime.bus.publish(Topics.catalogueReservation, [short()]);
      await new Promise((r) => setTimeout(r, 300));
      const id = await w.paid(snap);
      const auth = await w.token(buyer);
      const url = `/orders/${buyer}:${buyer}/orders/${id}`;
      const cancelled = await eventually(async () => {
        const res = await w.request('GET', url, { auth });
        return res.body.state === 'cancelled_by_supplier' ? res.body : undefined;
      });
      expect([cancelled.cancellation.reason, cancelled.refund]).toEqual([
        'cannot_be_fulfilled',
        { status: 'pending', amount_minor: 39900, amount: '399.00' },
      ]);
      const [history] = await w.sql<{ actor: string; from_state: string }>(
        `select actor, from_state from orders.order_transitions where order_id = '${id}' and to_state = 'cancelled_by_supplier'`,
      );
      expect(history).toEqual({ actor: 'system', from_state: 'in_process' });
      const events = async () =>
        w.sql<{ actor: string; reason: string; refund: number }>(
          `select envelope->'data'->>'actor' as actor, envelope->'data'->>'reason' as reason, (envelope->'data'->>'refundMinor')::int as refund
             from orders.outbox where envelope->>'type' = 'orders.order.cancelled' and key = '${id}'`,
        );
      expect(await events()).toEqual([{ actor: 'system', reason: 'cannot_be_fulfilled', refund: 39900 }]);
      // a redelivery (same event) and a repeat (another event id) change nothing
      await w.deliver(Topics.catalogueReservation, short(newId()));
      expect(await events()).toHaveLength(1);

      // an order already on its way is not cancelled by the system: the seller had the stock to ship it
      const shipped = snapshot({
        userId: buyer,
        supplierId: newId(),
        delivery: { type: 'fixed', days: 3, price: '99.00', price_minor: 9900 },
      });
      const shippedId = await w.paid(shipped);
      await w.sql(`update orders.orders set state = 'in_transit', version = version + 1 where id = '${shippedId}'`);
      await w.deliver(Topics.catalogueReservation, {
        ...envelope(ReservationEvents.short, shipped.checkoutId, { checkoutId: shipped.checkoutId, lines: [] }),
      });
      const [still] = await w.sql<{ state: string }>(`select state from orders.orders where id = '${shippedId}'`);
      expect(still.state).toBe('in_transit');
    });
  });
}
