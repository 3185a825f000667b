import {
  CartCheckoutEvents,
  OrderEvents,
  RefundEvents,
  Topics,
  type CheckoutOrderLineSnapshot,
  type CheckoutOrderSnapshot,
  type EventEnvelope,
  type OrderPlacedEvent,
} from '@vitrina/contracts';
import { DB, newId, type Db } from '@vitrina/platform';
import { asc, eq } from 'drizzle-orm';
import * as schema from '../src/db/schema.js';
import { lineRowsOf, orderRowOf, OrderPlacement } from '../src/orders/order-placement.js';
import { envelope, eventually, paidEvent, snapshot, startWorld, type World } from './world.js';

/**
 * Placement as one statement (`insertOrderOnce`), without the inbox: what it writes is what the drizzle inserts wrote
 * (every column, defaults included), `orders.order.placed` says exactly that, and redeliveries and races of the event,
 * the customer's POST and direct calls make one order, one set of lines, one history row and one event. Experiences
 * keep the transaction that issues their tickets. Once on PostgreSQL and once on PGlite.
 */
function product(ownerId: string, over: Partial<CheckoutOrderLineSnapshot> = {}): CheckoutOrderLineSnapshot {
  return {
    itemId: newId(),
    variantKey: '',
    variant: {},
    name: 'Jarrito de barro',
    photo: null,
    type: 'product',
    slug: 'jarrito',
    ownerId,
    quantity: 1,
    unitPriceMinor: 15000,
    contributionMarginMinor: 0,
    experienceDate: null,
    ...over,
  };
}

for (const kind of ['postgres', 'pglite'] as const) {
  describe(`order placement in one statement, on ${kind}`, () => {
    let w: World;
    let db: Db<typeof schema>;
    let placement: OrderPlacement;
    beforeAll(async () => {
      w = await startWorld({}, { pglite: kind === 'pglite' });
      db = w.app.get<Db<typeof schema>>(DB);
      placement = w.app.get(OrderPlacement);
    });
    afterAll(async () => {
      await w?.close();
    });

    const count = async (text: string) => Number((await w.sql<{ n: string | number }>(`select count(*) as n from ${text}`))[0].n);
    /** What one checkout's placement wrote: orders, lines, history rows, placed events (by the event's checkout). */
    const written = async (checkoutId: string) => ({
      orders: await count(`orders.orders where checkout_id = '${checkoutId}'`),
      lines: await count(`orders.order_lines l join orders.orders o on o.id = l.order_id where o.checkout_id = '${checkoutId}'`),
      transitions: await count(
        `orders.order_transitions t join orders.orders o on o.id = t.order_id where o.checkout_id = '${checkoutId}'`,
      ),
      events: await count(
        `orders.outbox where envelope->>'type' = '${OrderEvents.placed}' and envelope->'data'->>'checkoutId' = '${checkoutId}'`,
      ),
    });
    const inboxRows = (eventId: string) => count(`orders.inbox where event_id = '${eventId}'`);
    const placedEvents = (orderId: string) =>
      w.sql<{ id: string; topic: string; key: string; envelope: EventEnvelope<OrderPlacedEvent> }>(
        `select id, topic, key, envelope from orders.outbox where envelope->>'type' = '${OrderEvents.placed}' and key = '${orderId}'`,
      );

    it('a card payment writes the order as the snapshot makes it, and orders.order.placed says what was written', async () => {
      const buyer = newId();
      const supplier = newId();
      const dssupplier = newId();
      const snap = snapshot({
        userId: buyer,
        supplierId: supplier,
        dssupplierId: dssupplier,
        dssupplierName: 'Mayorista',
        lines: [
          product(dssupplier, {
            variantKey: 'color:rojo|talla:M',
            variant: { color: 'rojo', talla: 'M' },
            photo: 'https://img.example/j.jpg',
            quantity: 2,
            unitPriceMinor: 12345,
            contributionMarginMinor: 2100,
          }),
          product(dssupplier, { name: 'Plato hondo', slug: 'plato', quantity: 3, unitPriceMinor: 9990 }),
        ],
        financingCostMinor: 700,
        delivery: { type: 'pickup', service: 'Sucursal Centro', days: 1, price: '0.00', price_minor: 0 },
        shippingMinor: 0,
        referral: 'ref-1',
        campaign: 'spring',
        clickId: 'clk-9',
        placedAt: '2026-03-04T05:06:07.891Z',
      });
      const event = paidEvent(snap);
      await w.deliver(Topics.payment, event);
      const id = (await w.orderIdOf(snap.checkoutId))!;
      expect(id).toBeTruthy();

      // every column as the drizzle insert of orderRowOf and lineRowsOf writes it (defaults included)
      const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, id));
      expect(row).toMatchObject({ ...orderRowOf(snap), id, version: 1, refundedMinor: 0, shippingCostMinor: null });
      expect(row).toMatchObject({
        branch: { address: 'Sucursal Centro', phone: '' },
        attendees: [],
        summary: 'Jarrito de barro +1',
        itemsCount: 5,
        totalMinor: 2 * 12345 + 3 * 9990 + 700,
        placedAt: new Date('2026-03-04T05:06:07.891Z'),
      });
      const lines = await db
        .select()
        .from(schema.orderLines)
        .where(eq(schema.orderLines.orderId, id))
        .orderBy(asc(schema.orderLines.position));
      expect(lines).toEqual(lineRowsOf(snap, id));
      const history = await db.select().from(schema.orderTransitions).where(eq(schema.orderTransitions.orderId, id));
      expect(history).toEqual([
        {
          id: expect.any(Number),
          orderId: id,
          fromState: null,
          toState: 'in_process',
          action: 'place',
          actor: 'system',
          actorId: null,
          at: row.placedAt,
        },
      ]);

      // exactly one event, equal to the order as read back
      const events = await placedEvents(id);
      expect(events).toHaveLength(1);
      const [out] = events;
      expect([out.id, out.topic, out.key]).toEqual([out.envelope.id, Topics.ordersOrder, id]);
      expect(out.envelope).toMatchObject({ type: OrderEvents.placed, key: id, shopId: row.shopId, actorId: buyer, traceId: event.traceId });
      expect(out.envelope.data).toEqual({
        orderId: id,
        checkoutId: row.checkoutId,
        userId: row.userId,
        shopId: row.shopId,
        supplierId: row.supplierId,
        dssupplierId: row.dssupplierId,
        state: row.state as OrderPlacedEvent['state'],
        paymentType: row.paymentType as OrderPlacedEvent['paymentType'],
        prepaid: row.prepaid,
        totalMinor: row.totalMinor,
        currency: row.currency,
        lines: lines.map((l) => ({ lineId: l.lineId, itemId: l.itemId, quantity: l.quantity, unitPriceMinor: l.unitPriceMinor })),
      } satisfies OrderPlacedEvent);
      const auth = await w.token(buyer);
      const got = await w.request('GET', `/orders/${buyer}:${buyer}/orders/${id}`, { auth });
      expect(got.status).toBe(200);
      expect([got.body.id, got.body.checkout_id, got.body.state, got.body.total_minor, got.body.prepaid]).toEqual([
        out.envelope.data.orderId,
        out.envelope.data.checkoutId,
        out.envelope.data.state,
        out.envelope.data.totalMinor,
        out.envelope.data.prepaid,
      ]);
      expect(
        got.body.lines.map((l: { id: string; item_id: string; quantity: number; unit_price_minor: number }) => ({
          lineId: l.id,
          itemId: l.item_id,
          quantity: l.quantity,
          unitPriceMinor: l.unit_price_minor,
        })),
      ).toEqual(out.envelope.data.lines);
      expect(got.body.lines[0].variant).toEqual({ color: 'rojo', talla: 'M' });
      // without the inbox: no claim was written for the payment
      expect(await inboxRows(event.id)).toBe(0);
    });

    it('an older pay-later snapshot (no attendees, no margin) through cart.checkout.placed: defaults and the customer as actor', async () => {
      const buyer = newId();
      const supplier = newId();
      const snap = snapshot({ userId: buyer, supplierId: supplier, prepaid: false, paymentType: 'ondelivery', chargeId: null });
      const old = snap as Partial<CheckoutOrderSnapshot>;
      delete old.attendees;
      delete (snap.lines[0] as Partial<CheckoutOrderLineSnapshot>).contributionMarginMinor;
      const event = envelope(CartCheckoutEvents.placed, snap.checkoutId, { checkoutId: snap.checkoutId, order: snap });
      await w.deliver(Topics.cartCheckout, event);
      const id = (await w.orderIdOf(snap.checkoutId))!;
      const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, id));
      expect([row.state, row.attendees, row.prepaid, row.chargeId]).toEqual(['sent_to_supplier', [], false, null]);
      const [line] = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, id));
      expect(line.contributionMarginMinor).toBe(0);
      const history = await db.select().from(schema.orderTransitions).where(eq(schema.orderTransitions.orderId, id));
      expect(history.map((h) => [h.fromState, h.toState, h.actor, h.actorId])).toEqual([[null, 'sent_to_supplier', 'customer', buyer]]);
      expect((await placedEvents(id)).map((e) => [e.envelope.data.state, e.envelope.data.paymentType])).toEqual([
        ['sent_to_supplier', 'ondelivery'],
      ]);
      expect(await inboxRows(event.id)).toBe(0);
    });

    it('one payment.succeeded delivered three times, raced by direct placements: one order, lines, history row, event', async () => {
      const supplier = newId();
      const snap = snapshot({
        userId: newId(),
        supplierId: supplier,
        lines: [product(supplier, { quantity: 2 }), product(supplier, { quantity: 1 })],
      });
      const event = paidEvent(snap);
      const [, a, b] = await Promise.all([w.deliver(Topics.payment, event), placement.fromSnapshot(snap), placement.fromSnapshot(snap)]);
      await w.deliver(Topics.payment, event);
      await w.deliver(Topics.payment, event);
      const id = await w.orderIdOf(snap.checkoutId);
      expect([a.orderId, b.orderId]).toEqual([id, id]);
      expect(await written(snap.checkoutId)).toEqual({ orders: 1, lines: 2, transitions: 1, events: 1 });
      expect(await inboxRows(event.id)).toBe(0);
      // and once it exists, a placement answers it without writing
      expect(await placement.fromSnapshot(snap)).toEqual({ orderId: id, created: false });
      expect(await written(snap.checkoutId)).toEqual({ orders: 1, lines: 2, transitions: 1, events: 1 });
    });

    it('placements of one checkout racing each other: exactly one creates it, all answer its id', async () => {
      const supplier = newId();
      const snap = snapshot({ userId: newId(), supplierId: supplier, lines: [product(supplier), product(supplier), product(supplier)] });
      const results = await Promise.all(Array.from({ length: 4 }, () => placement.fromSnapshot(snap)));
      const id = await w.orderIdOf(snap.checkoutId);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(results.map((r) => r.orderId)).toEqual([id, id, id, id]);
      expect(await written(snap.checkoutId)).toEqual({ orders: 1, lines: 3, transitions: 1, events: 1 });
    });

    // Two connections at once: PostgreSQL only (PGlite has one).
    const onPostgres = kind === 'postgres' && Boolean(process.env.DATABASE_URL);
    (onPostgres ? it : it.skip)(
      'a placement that waited on an uncommitted order of its checkout writes nothing and answers that order',
      async () => {
        const snap = snapshot({ userId: newId(), supplierId: newId() });
        const winner = orderRowOf(snap);
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        let insertedWinner!: () => void;
        const inserted = new Promise<void>((r) => (insertedWinner = r));
        const blocker = db.transaction(async (tx) => {
          await tx.insert(schema.orders).values(winner);
          insertedWinner();
          await held;
        });
        await inserted;
        const racing = placement.fromSnapshot(snap);
        // the statement waits on the unique index for the blocker's outcome; its snapshot predates the commit
        await eventually(
          async () =>
            (await count(
              `pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and query like '%with ins as (%'`,
            )) === 1,
        );
        release();
        await blocker;
        expect(await racing).toEqual({ orderId: winner.id, created: false });
        expect(await written(snap.checkoutId)).toEqual({ orders: 1, lines: 0, transitions: 0, events: 0 });
      },
    );

    it("the customer's POST racing its pay-later cart.checkout.placed answers the one order", async () => {
      const buyer = newId();
      const snap = snapshot({ userId: buyer, supplierId: newId(), prepaid: false, paymentType: 'deposit', chargeId: null });
      w.placement.answers.set(snap.checkoutId, [200, snap]);
      const auth = await w.token(buyer);
      const post = () =>
        w.request('POST', `/orders/${buyer}:${buyer}/orders`, { auth, payload: { checkout_id: snap.checkoutId, payment_type: 'deposit' } });
      const event = envelope(CartCheckoutEvents.placed, snap.checkoutId, { checkoutId: snap.checkoutId, order: snap });
      const [first] = await Promise.all([post(), w.deliver(Topics.cartCheckout, event)]);
      const id = await w.orderIdOf(snap.checkoutId);
      expect([first.status, first.body.id, first.body.state]).toEqual([201, id, 'sent_to_supplier']);
      const again = await post();
      expect(again.body.id).toBe(id);
      expect(await written(snap.checkoutId)).toEqual({ orders: 1, lines: 1, transitions: 1, events: 1 });
    });

    it('an experience with attendees issues its tickets in the transaction, once under redelivery and races', async () => {
      const buyer = newId();
      const supplier = newId();
      const snap = snapshot({
        userId: buyer,
        supplierId: supplier,
        lines: [
          product(supplier, { type: 'experience', name: 'Cata', quantity: 2, experienceDate: '2027-03-14T19:30:00.000Z' }),
          product(supplier),
        ],
        attendees: [
          { full_name: 'Ana López', phone: '5512345678' },
          { full_name: 'Iñaki Peña', phone: '5587654321' },
        ],
        delivery: null,
        shippingMinor: 0,
      });
      const event = paidEvent(snap);
      const [, a, b] = await Promise.all([w.deliver(Topics.payment, event), placement.fromSnapshot(snap), placement.fromSnapshot(snap)]);
      await w.deliver(Topics.payment, event);
      const id = await w.orderIdOf(snap.checkoutId);
      expect([a.orderId, b.orderId]).toEqual([id, id]);
      expect(await written(snap.checkoutId)).toEqual({ orders: 1, lines: 2, transitions: 1, events: 1 });
      const tickets = await db
        .select()
        .from(schema.attendants)
        .where(eq(schema.attendants.orderId, id!))
        .orderBy(asc(schema.attendants.position));
      expect(tickets.map((t) => [t.lineId, t.fullName, t.experienceDate?.toISOString()])).toEqual([
        ['l1', 'Ana López', '2027-03-14T19:30:00.000Z'],
        ['l1', 'Iñaki Peña', '2027-03-14T19:30:00.000Z'],
      ]);
      const [out] = await placedEvents(id!);
      expect(out.envelope.data.lines.map((l) => l.lineId)).toEqual(['l1', 'l2']);
    });

    it("a cancellation's payment.refund_updated still goes through the inbox", async () => {
      const buyer = newId();
      const snap = snapshot({ userId: buyer, supplierId: newId() });
      const id = await w.paid(snap);
      const auth = await w.token(buyer);
      const cancelled = await w.request('DELETE', `/orders/${buyer}:${buyer}/orders/${id}`, { auth, payload: {} });
      expect(cancelled.status).toBe(200);
      const refund = envelope(RefundEvents.updated, snap.checkoutId, {
        checkoutId: snap.checkoutId,
        status: 'success',
        amountMinor: 39900,
        currency: 'MXN',
      });
      await w.deliver(Topics.payment, refund);
      await w.deliver(Topics.payment, refund);
      const got = await w.request('GET', `/orders/${buyer}:${buyer}/orders/${id}`, { auth });
      expect(got.body.refund).toEqual({ status: 'success', amount_minor: 39900, amount: '399.00' });
      expect(await inboxRows(refund.id)).toBe(1);
    });
  });
}
