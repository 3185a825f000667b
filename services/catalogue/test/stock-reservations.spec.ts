/**
 * Stock reservations (ARCHITECTURE §8 "Stock is the catalogue's"): one conditional UPDATE per item decides, the CHECKs
 * make an oversell impossible, every step is idempotent per checkout id, release and commit arrive as events, and a
 * sweep on the catalogue's clock releases what a crashed checkout left held. Runs on PostgreSQL with DATABASE_URL,
 * else on PGlite (run it both ways: the race below is real only on PostgreSQL's pool).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  CART_CHECKOUT_TOPIC,
  CartCheckoutEvents,
  CatalogueItemEvents,
  CatalogueReservationsError,
  CatalogueReservationsUnavailable,
  DEMO,
  DEVELOPMENT_SERVICE_SECRET,
  PAYMENT_TOPIC,
  PaymentEvents,
  RESERVATIONS_PATH,
  ReservationEvents,
  ROUTE_TABLE,
  SERVICE_SECRET_HEADER,
  catalogueBaseUrl,
  catalogueReservationsClient,
  type EventEnvelope,
  type ReserveStockRequest,
  type ReserveStockResult,
} from '@vitrina/contracts';
import { JOB_QUEUE, TransactionRunner, newId, rowsOf as resultRows, type JobQueue } from '@vitrina/platform';
import { and, eq, sql } from 'drizzle-orm';
import { ManualClock, createCatalogueService } from '../src/catalogue.module.js';
import * as schema from '../src/db/schema.js';
import { itemEvents } from '../src/items/events/item-events.js';
import { ITEM_OWN_COLUMNS } from '../src/items/item.repository.js';
import { RESERVATION_SWEEP_JOB } from '../src/reservations/jobs/reservation-sweep.job.js';
import { StockReservations } from '../src/reservations/stock-reservations.js';
import { eventually, json } from './helpers.js';
import { published, startWorld, type World } from './world.js';

const OWNER = DEMO.users.supplierA.id;
const MIN = 60_000;
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

interface ItemSeed {
  available?: number | null;
  stockType?: 'onstock' | 'ondemand';
  listState?: 'published' | 'unpublished';
  hidden?: boolean;
  soldOut?: boolean;
  deleted?: boolean;
  type?: 'product' | 'experience';
  experienceDate?: Date | null;
  maxPurchaseAmount?: number | null;
}

describe(`stock reservations on ${engine}`, () => {
  let w: World;
  let clock: ManualClock;
  let reservations: StockReservations;
  let db: ReturnType<World['tdb']['database']['drizzle']>;
  let server: { url: string; close(): Promise<void> };

  const newItem = async (seed: ItemSeed = {}): Promise<string> => {
    const id = newId();
    await db.insert(schema.items).values({
      id,
      ownerId: OWNER,
      slug: `item-${id}`,
      type: seed.type ?? 'product',
      name: `Item ${id}`,
      listPriceMinor: 10_000,
      available: seed.available === undefined ? 10 : seed.available,
      stockType: seed.stockType ?? 'onstock',
      listState: seed.listState ?? 'published',
      hidden: seed.hidden ?? false,
      soldOut: seed.soldOut ?? false,
      experienceDate: seed.experienceDate ?? null,
      maxPurchaseAmount: seed.maxPurchaseAmount ?? null,
      deletedAt: seed.deleted ? new Date() : null,
    });
    return id;
  };
  const stock = async (id: string) => {
    const [row] = await db
      .select({ available: schema.items.available, reserved: schema.items.reserved, revision: schema.items.revision })
      .from(schema.items)
      .where(eq(schema.items.id, id));
    return row;
  };
  const rowsOf = (checkoutId: string) =>
    db.select().from(schema.stockReservations).where(eq(schema.stockReservations.checkoutId, checkoutId));
  const request = (lines: Array<[string, number]>, checkoutId = newId(), ttlMs = 15 * MIN): ReserveStockRequest => ({
    checkoutId,
    userId: DEMO.users.customer.id,
    expiresAt: new Date(clock.now().getTime() + ttlMs).toISOString(),
    lines: lines.map(([itemId, quantity]) => ({ itemId, quantity })),
  });
  const envelope = <T>(type: string, key: string, data: T, id = newId()): EventEnvelope<T> => ({
    id,
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    key,
    traceId: newId(),
    data,
  });

  beforeAll(async () => {
    clock = new ManualClock(Date.now());
    w = await startWorld({ service: createCatalogueService({ clock }), env: { RESERVATION_SWEEP_SECONDS: '3600' } });
    db = w.tdb.database.drizzle(schema);
    reservations = w.catalogue.get(StockReservations);
    await w.catalogue.listen({ port: 0, host: '127.0.0.1' });
    const address = w.catalogue.getHttpServer().address() as AddressInfo;
    server = { url: `http://127.0.0.1:${address.port}`, close: () => Promise.resolve() };
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await w?.close();
  });

  it(`runs on ${engine}`, () => {
    expect(w.tdb.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('200 checkouts race for 10 units: exactly 10 get one, reserved never exceeds available', async () => {
    const item = await newItem({ available: 10 });
    let racing = true;
    const samples: Array<{ available: number | null; reserved: number }> = [];
    const watcher = (async () => {
      while (racing) {
        samples.push(await stock(item));
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    // A saturated pool (5 connections here) answers 503 through HTTP; cart-checkout retries then, as reserve is idempotent.
    const attempt = async (req: ReserveStockRequest): Promise<ReserveStockResult> => {
      for (;;) {
        try {
          return await reservations.reserve(req);
        } catch (err) {
          let e = err as { message?: string; cause?: unknown } | undefined;
          while (e && !e.message?.includes('timeout exceeded when trying to connect')) e = e.cause as typeof e;
          if (!e) throw err;
        }
      }
    };
    const results = await Promise.all(Array.from({ length: 200 }, () => attempt(request([[item, 1]]))));
    racing = false;
    await watcher;
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(10);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(190);
    expect(refused.every((r) => !r.ok && r.code === 'out_of_stock')).toBe(true);
    expect(refused[0].lines).toEqual([{ itemId: item, requested: 1, available: 0, code: 'out_of_stock' }]);
    expect(samples.length).toBeGreaterThan(0);
    for (const s of samples) expect(s.reserved).toBeLessThanOrEqual(s.available!);
    expect(await stock(item)).toMatchObject({ available: 10, reserved: 10 });
    const rows = resultRows<{ n: number }>(
      await w.tdb.database.drizzle({}).execute(sql`select count(*)::int as n from catalogue.stock_reservations where item_id = ${item}`),
    );
    expect(Number(rows[0].n)).toBe(10);
  }, 120_000);

  it('the database refuses an oversell even outside the conditional statement (CHECK)', async () => {
    const item = await newItem({ available: 2 });
    await expect(db.execute(sql`update catalogue.items set reserved = 3 where id = ${item}`)).rejects.toThrow();
    await expect(db.execute(sql`update catalogue.items set reserved = -1 where id = ${item}`)).rejects.toThrow();
    expect(await stock(item)).toMatchObject({ reserved: 0 });
  });

  it('20 identical concurrent reserves hold the stock once and all answer the same outcome', async () => {
    const a = await newItem({ available: 10 });
    const b = await newItem({ available: 3 });
    const req = request([
      [b, 2],
      [a, 1],
      [a, 2],
    ]);
    const results = await Promise.all(Array.from({ length: 20 }, () => reservations.reserve(req)));
    for (const r of results) expect(r.ok).toBe(true);
    const lines = [
      { itemId: a, requested: 3 },
      { itemId: b, requested: 2 },
    ].sort((x, y) => (x.itemId < y.itemId ? -1 : 1));
    for (const r of results) expect(r.lines.map(({ itemId, requested }) => ({ itemId, requested }))).toEqual(lines);
    expect(await stock(a)).toMatchObject({ available: 10, reserved: 3 });
    expect(await stock(b)).toMatchObject({ available: 3, reserved: 2 });
    expect(await rowsOf(req.checkoutId)).toHaveLength(2);
    // Later, too: the stored outcome, no second hold.
    expect(await reservations.reserve(req)).toMatchObject({ ok: true });
    expect(await stock(a)).toMatchObject({ reserved: 3 });
  }, 60_000);

  it('a one-line checkout (one statement): 20 identical concurrent reserves hold once; a repeat once the rest is gone still answers it', async () => {
    const item = await newItem({ available: 4 });
    const req = request([[item, 3]]);
    const results = await Promise.all(Array.from({ length: 20 }, () => reservations.reserve(req)));
    expect(results.map((r) => [r.ok, r.lines.map((l) => [l.itemId, l.requested])])).toEqual(results.map(() => [true, [[item, 3]]]));
    expect(await stock(item)).toMatchObject({ available: 4, reserved: 3 });
    expect(await rowsOf(req.checkoutId)).toEqual([expect.objectContaining({ itemId: item, quantity: 3, held: 3, status: 'held' })]);
    // Another checkout takes the last unit; the first checkout's repeat answers what it holds, not a refusal.
    expect(await reservations.reserve(request([[item, 1]]))).toMatchObject({ ok: true });
    expect(await reservations.reserve(req)).toEqual({ ok: true, lines: [{ itemId: item, requested: 3, available: 0 }] });
    expect(await stock(item)).toMatchObject({ available: 4, reserved: 4 });
    // And a one-line checkout that finds too little holds nothing and writes no row.
    const late = request([[item, 1]]);
    expect(await reservations.reserve(late)).toMatchObject({ ok: false, code: 'out_of_stock' });
    expect(await rowsOf(late.checkoutId)).toEqual([]);
  }, 60_000);

  it('is all or nothing across lines, and says per line what is left', async () => {
    const plenty = await newItem({ available: 5 });
    const scarce = await newItem({ available: 1 });
    const req = request([
      [plenty, 2],
      [scarce, 2],
    ]);
    const result = await reservations.reserve(req);
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ code: 'insufficient_stock' });
    expect(new Map(result.lines.map((l) => [l.itemId, l]))).toEqual(
      new Map([
        [plenty, { itemId: plenty, requested: 2, available: 5 }],
        [scarce, { itemId: scarce, requested: 2, available: 1, code: 'insufficient_stock' }],
      ]),
    );
    expect(await stock(plenty)).toMatchObject({ reserved: 0 });
    expect(await stock(scarce)).toMatchObject({ reserved: 0 });
    expect(await rowsOf(req.checkoutId)).toHaveLength(0);
    // Nothing was stored: once stock is there, the same checkout id can reserve.
    await db.update(schema.items).set({ available: 4 }).where(eq(schema.items.id, scarce));
    expect(await reservations.reserve(req)).toMatchObject({ ok: true });
    expect(await stock(scarce)).toMatchObject({ reserved: 2 });
  });

  it('refuses what is not for sale: hidden, unpublished, deleted, concluded, sold out, unknown', async () => {
    const cases: Array<[string, string]> = [
      [await newItem({ hidden: true }), 'unavailable_for_sale'],
      [await newItem({ listState: 'unpublished' }), 'unavailable_for_sale'],
      [await newItem({ deleted: true }), 'unavailable_for_sale'],
      [await newItem({ type: 'experience', experienceDate: new Date(clock.now().getTime() - MIN) }), 'unavailable_for_sale'],
      [await newItem({ soldOut: true }), 'out_of_stock'],
      [await newItem({ available: 0 }), 'out_of_stock'],
      [newId(), 'item_not_found'],
    ];
    for (const [item, code] of cases) {
      const result = await reservations.reserve(request([[item, 1]]));
      expect({ item, result }).toMatchObject({ item, result: { ok: false, code, lines: [{ itemId: item, requested: 1, code }] } });
    }
    // A future experience is for sale; once the clock passes its date it is not.
    const show = await newItem({ type: 'experience', experienceDate: new Date(clock.now().getTime() + 60 * MIN) });
    expect(await reservations.reserve(request([[show, 1]]))).toMatchObject({ ok: true });
    clock.advance(61 * MIN);
    expect(await reservations.reserve(request([[show, 1]]))).toMatchObject({ ok: false, code: 'unavailable_for_sale' });
    // The worst line names the refusal.
    const fine = await newItem();
    const mixed = await reservations.reserve(
      request([
        [fine, 1],
        [cases[5][0], 1],
        [cases[0][0], 1],
      ]),
    );
    expect(mixed).toMatchObject({ ok: false, code: 'unavailable_for_sale' });
    expect(await stock(fine)).toMatchObject({ reserved: 0 });
  });

  it('on-demand and untracked stock is unlimited and holds nothing', async () => {
    const ondemand = await newItem({ stockType: 'ondemand', available: 0 });
    const untracked = await newItem({ available: null });
    const req = request([
      [ondemand, 500],
      [untracked, 1000],
    ]);
    const result = await reservations.reserve(req);
    expect(result).toMatchObject({ ok: true });
    expect(result.lines.every((l) => l.available === null && !l.code)).toBe(true);
    expect(await stock(ondemand)).toMatchObject({ available: 0, reserved: 0 });
    expect(await stock(untracked)).toMatchObject({ available: null, reserved: 0 });
    expect((await rowsOf(req.checkoutId)).map((r) => r.held)).toEqual([0, 0]);
    expect(await reservations.release(req.checkoutId)).toBe(2);
  });

  it('releases once: directly, by cart.checkout.expired / cancelled events, redeliveries change nothing', async () => {
    const item = await newItem({ available: 5 });
    const first = request([[item, 2]]);
    const second = request([[item, 3]]);
    expect(await reservations.reserve(first)).toMatchObject({ ok: true });
    expect(await reservations.reserve(second)).toMatchObject({ ok: true });
    expect(await stock(item)).toMatchObject({ reserved: 5 });

    expect(await reservations.release(first.checkoutId)).toBe(1);
    expect(await reservations.release(first.checkoutId)).toBe(0);
    expect(await stock(item)).toMatchObject({ reserved: 3 });

    const expired = envelope(CartCheckoutEvents.expired, second.checkoutId, { checkoutId: second.checkoutId });
    await w.runtime.bus.publish(CART_CHECKOUT_TOPIC, [expired]);
    await eventually(async () => (await stock(item)).reserved === 0);
    await w.runtime.bus.publish(CART_CHECKOUT_TOPIC, [expired]);
    await w.runtime.bus.publish(CART_CHECKOUT_TOPIC, [
      envelope(CartCheckoutEvents.cancelled, second.checkoutId, { checkoutId: second.checkoutId }),
    ]);
    const third = request([[item, 4]]);
    expect(await reservations.reserve(third)).toMatchObject({ ok: true });
    await w.runtime.bus.publish(CART_CHECKOUT_TOPIC, [
      envelope(CartCheckoutEvents.cancelled, third.checkoutId, { checkoutId: third.checkoutId }),
    ]);
    await eventually(async () => (await stock(item)).reserved === 0);
    expect((await rowsOf(second.checkoutId)).map((r) => r.status)).toEqual(['released']);
    expect((await rowsOf(third.checkoutId)).map((r) => r.status)).toEqual(['released']);
    expect(await stock(item)).toMatchObject({ available: 5, reserved: 0 });
    // the topic's other events (one created per checkout) are settled without an inbox transaction
    const created = envelope(CartCheckoutEvents.created, third.checkoutId, { checkoutId: third.checkoutId });
    await w.runtime.bus.publish(CART_CHECKOUT_TOPIC, [created]);
    const inboxOf = async (id: string) =>
      resultRows<Record<string, unknown>>(await db.execute(sql`select 1 from catalogue.inbox where event_id = ${id}`));
    await eventually(async () => (await inboxOf(expired.id)).length === 1);
    expect(await inboxOf(created.id)).toHaveLength(0);
  });

  it('the sweep releases holds whose expiry passed on the catalogue clock, through the job queue too', async () => {
    await reservations.sweep(); // what earlier tests left held and the clock has already passed
    const item = await newItem({ available: 4 });
    const soon = request([[item, 1]], newId(), 15 * MIN);
    const later = request([[item, 2]], newId(), 60 * MIN);
    await reservations.reserve(soon);
    await reservations.reserve(later);
    expect(await reservations.sweep()).toBe(0);
    expect(await stock(item)).toMatchObject({ reserved: 3 });

    clock.advance(16 * MIN);
    expect(await reservations.sweep()).toBe(1);
    expect(await stock(item)).toMatchObject({ reserved: 2 });
    expect((await rowsOf(soon.checkoutId))[0].status).toBe('released');
    expect((await rowsOf(later.checkoutId))[0].status).toBe('held');

    // a minute past its expiry: within the grace, the checkout's own expiry event is what releases it
    clock.advance(45 * MIN);
    expect(await reservations.sweep(5 * MIN)).toBe(0);
    expect((await rowsOf(later.checkoutId))[0].status).toBe('held');
    // the job sweeps with RESERVATION_SWEEP_GRACE_SECONDS (300 by default): six minutes past, it releases
    clock.advance(5 * MIN);
    await w.catalogue
      .get<string, JobQueue>(JOB_QUEUE, { strict: false })
      .add(RESERVATION_SWEEP_JOB, { period: -1 }, { jobId: `test-sweep-${newId()}`, attempts: 1 });
    await eventually(async () => (await stock(item)).reserved === 0);
    expect((await rowsOf(later.checkoutId))[0].status).toBe('released');
  });

  it('commits on payment.succeeded: available and reserved go down once, a stock-changed event goes out', async () => {
    const item = await newItem({ available: 6 });
    const req = request([[item, 4]]);
    await reservations.reserve(req);
    const before = await stock(item);
    const paid = envelope(PaymentEvents.succeeded, req.checkoutId, { checkoutId: req.checkoutId });
    await w.runtime.bus.publish(PAYMENT_TOPIC, [paid]);
    await eventually(async () => (await stock(item)).reserved === 0);
    expect(await stock(item)).toMatchObject({ available: 2, reserved: 0, revision: before.revision + 1 });
    expect((await rowsOf(req.checkoutId))[0].status).toBe('committed');
    const events = (await published(w, CatalogueItemEvents.stockChanged)).filter((e) => e.key === item);
    expect(events.map((e) => e.data)).toEqual([expect.objectContaining({ itemId: item, available: 2 })]);

    // A redelivery, another payment event for it, a late expiry, a release: nothing moves.
    await w.runtime.bus.publish(PAYMENT_TOPIC, [paid]);
    await w.runtime.bus.publish(PAYMENT_TOPIC, [envelope(PaymentEvents.succeeded, req.checkoutId, { checkoutId: req.checkoutId })]);
    await w.runtime.bus.publish(CART_CHECKOUT_TOPIC, [
      envelope(CartCheckoutEvents.expired, req.checkoutId, { checkoutId: req.checkoutId }),
    ]);
    expect(await reservations.release(req.checkoutId)).toBe(0);
    expect(await reservations.commit(req.checkoutId)).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(await stock(item)).toMatchObject({ available: 2, reserved: 0 });
  });

  describe('commit of a paid checkout', () => {
    /** payment.succeeded as cart-checkout writes it; `lines` absent: an event without the order's lines. */
    const payment = (checkoutId: string, lines?: string[], id = newId()) =>
      envelope(
        PaymentEvents.succeeded,
        checkoutId,
        { checkoutId, ...(lines ? { order: { checkoutId, lines: lines.map((itemId) => ({ itemId, quantity: 1 })) } } : {}) },
        id,
      );
    const stockEvents = async (item: string) => (await published(w, CatalogueItemEvents.stockChanged)).filter((e) => e.key === item);
    const readBack = async (item: string) => (await db.select(ITEM_OWN_COLUMNS).from(schema.items).where(eq(schema.items.id, item)))[0];
    const inboxOf = async (id: string) =>
      resultRows<Record<string, unknown>>(await db.execute(sql`select 1 from catalogue.inbox where event_id = ${id}`));
    /** What a settled bus leaves time for: a repeat that would move stock has done so by then. */
    const settle = () => new Promise((r) => setTimeout(r, 300));
    const typesOf = (data: object) => Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v === null ? 'null' : typeof v]));

    it('a checkout of one item: one statement, no inbox, no transaction; its event is itemEvents.stockChanged of the row, as the transaction writes it', async () => {
      const runner = w.catalogue.get(TransactionRunner);
      for (const maxPurchaseAmount of [3, null]) {
        const fast = await newItem({ available: 6, maxPurchaseAmount });
        const slow = await newItem({ available: 6, maxPurchaseAmount });
        const one = request([[fast, 4]]);
        const other = request([[slow, 4]]);
        await reservations.reserve(one);
        await reservations.reserve(other);
        const before = await stock(fast);

        const runs = jest.spyOn(runner, 'run');
        const statements = jest.spyOn(runner, 'statement');
        const event = payment(one.checkoutId, [fast, fast]); // two lines of one item (two variants)
        try {
          await w.runtime.bus.publish(PAYMENT_TOPIC, [event]);
          await eventually(async () => (await stock(fast)).reserved === 0);
          expect(runs).not.toHaveBeenCalled();
          expect(statements).toHaveBeenCalledTimes(1);
        } finally {
          runs.mockRestore();
          statements.mockRestore();
        }
        expect(await stock(fast)).toEqual({ available: 2, reserved: 0, revision: before.revision + 1 });
        expect((await rowsOf(one.checkoutId)).map((r) => r.status)).toEqual(['committed']);
        expect(await inboxOf(event.id)).toHaveLength(0);

        // The same item's twin through the transaction (an event without lines).
        const old = payment(other.checkoutId);
        await w.runtime.bus.publish(PAYMENT_TOPIC, [old]);
        await eventually(async () => (await stock(slow)).reserved === 0);
        expect(await stock(slow)).toMatchObject({ available: 2, reserved: 0 });

        const [fastEvent, ...moreFast] = await stockEvents(fast);
        const [slowEvent, ...moreSlow] = await stockEvents(slow);
        expect([moreFast, moreSlow]).toEqual([[], []]);
        // Field by field and type by type what itemEvents.stockChanged makes of the row read back.
        expect(fastEvent.data).toStrictEqual(itemEvents.stockChanged(await readBack(fast)).data);
        expect(slowEvent.data).toStrictEqual(itemEvents.stockChanged(await readBack(slow)).data);
        expect(fastEvent.data).toMatchObject({ available: 2, maxPurchaseAmount, soldOut: false, stockType: 'onstock' });
        expect(typesOf(fastEvent.data as object)).toEqual(typesOf(slowEvent.data as object));
        // The envelope is the one Outbox.add writes: same fields, the payment's trace.
        expect(Object.keys(fastEvent).sort()).toEqual(Object.keys(slowEvent).sort());
        expect(fastEvent).toMatchObject({ type: CatalogueItemEvents.stockChanged, key: fast, version: 1, traceId: event.traceId });
        expect(slowEvent).toMatchObject({ traceId: old.traceId });
        const rows = resultRows<{ topic: string; key: string }>(
          await db.execute(sql`select topic, key from catalogue.outbox where id = ${fastEvent.id}`),
        );
        expect(rows).toEqual([{ topic: 'catalogue.item', key: fast }]);
      }
    });

    it('the same payment three times, and twice at once: the stock moves once, one event', async () => {
      const item = await newItem({ available: 5 });
      const req = request([[item, 2]]);
      await reservations.reserve(req);
      const before = await stock(item);
      const event = payment(req.checkoutId, [item]);
      for (let n = 0; n < 3; n++) await w.runtime.bus.publish(PAYMENT_TOPIC, [event]);
      await w.runtime.bus.publish(PAYMENT_TOPIC, [payment(req.checkoutId, [item])]);
      await eventually(async () => (await stock(item)).reserved === 0);
      await settle();
      expect(await stock(item)).toEqual({ available: 3, reserved: 0, revision: before.revision + 1 });
      expect(await stockEvents(item)).toHaveLength(1);
      expect(await reservations.commit(req.checkoutId, [item])).toBe(0);

      // Racing: on PostgreSQL's pool the second waits on the first's reservation row and then finds it committed.
      const raced = await newItem({ available: 5 });
      const race = request([[raced, 3]]);
      await reservations.reserve(race);
      const start = await stock(raced);
      const results = await Promise.all([reservations.commit(race.checkoutId, [raced]), reservations.commit(race.checkoutId, [raced])]);
      expect(results.sort((x, y) => x - y)).toEqual([0, 1]);
      await Promise.all([
        w.runtime.bus.publish(PAYMENT_TOPIC, [payment(race.checkoutId, [raced])]),
        w.runtime.bus.publish(PAYMENT_TOPIC, [payment(race.checkoutId, [raced])]),
      ]);
      await settle();
      expect(await stock(raced)).toEqual({ available: 2, reserved: 0, revision: start.revision + 1 });
      expect(await stockEvents(raced)).toHaveLength(1);
    });

    it('a deleted item: the stock moves, no event; stock that holds nothing: no move', async () => {
      const gone = await newItem({ available: 4 });
      const req = request([[gone, 1]]);
      await reservations.reserve(req);
      await db.update(schema.items).set({ deletedAt: new Date() }).where(eq(schema.items.id, gone));
      const before = await stock(gone);
      await w.runtime.bus.publish(PAYMENT_TOPIC, [payment(req.checkoutId, [gone])]);
      await eventually(async () => (await stock(gone)).reserved === 0);
      expect(await stock(gone)).toEqual({ available: 3, reserved: 0, revision: before.revision + 1 });
      expect((await rowsOf(req.checkoutId)).map((r) => r.status)).toEqual(['committed']);
      expect(await stockEvents(gone)).toEqual([]);

      const ondemand = await newItem({ stockType: 'ondemand', available: 0 });
      const unlimited = request([[ondemand, 2]]);
      await reservations.reserve(unlimited);
      const still = await stock(ondemand);
      expect(await reservations.commit(unlimited.checkoutId, [ondemand])).toBe(1);
      expect(await stock(ondemand)).toEqual(still);
      expect(await stockEvents(ondemand)).toEqual([]);
    });

    /** What the sweep released: a hold of `lines` whose checkout was then paid (cart-checkout paid it before its expiry). */
    const lapsed = async (lines: Array<[string, number]>) => {
      await reservations.sweep(); // what earlier tests left to expire
      const req = request(lines, newId(), 15 * MIN);
      expect(await reservations.reserve(req)).toMatchObject({ ok: true });
      clock.advance(16 * MIN);
      await reservations.sweep();
      expect((await rowsOf(req.checkoutId)).every((r) => r.status === 'released')).toBe(true);
      return req;
    };
    const shortEvents = async (checkoutId: string) =>
      (await published(w, ReservationEvents.short)).filter((e) => e.key === checkoutId).map((e) => e.data);

    it('paid after the sweep released its hold: the units are taken again while they are there, once', async () => {
      const item = await newItem({ available: 5 });
      const req = await lapsed([[item, 2]]);
      const released = await stock(item);
      expect(released).toMatchObject({ available: 5, reserved: 0 });
      const event = payment(req.checkoutId, [item]);
      await w.runtime.bus.publish(PAYMENT_TOPIC, [event]);
      await eventually(async () => (await stock(item)).available === 3);
      await w.runtime.bus.publish(PAYMENT_TOPIC, [event]);
      await w.runtime.bus.publish(PAYMENT_TOPIC, [payment(req.checkoutId)]);
      await settle();
      expect(await stock(item)).toEqual({ available: 3, reserved: 0, revision: released.revision + 1 });
      expect((await rowsOf(req.checkoutId)).map((r) => r.status)).toEqual(['committed']);
      const [changed, ...more] = await stockEvents(item);
      expect(more).toEqual([]);
      expect(changed.data).toMatchObject({ available: 3 });
      expect(await shortEvents(req.checkoutId)).toEqual([]);

      // a pay-later placement (in the inbox transaction, which the late commit joins) takes them the same way
      const placed = await lapsed([[item, 3]]);
      await w.runtime.bus.publish(CART_CHECKOUT_TOPIC, [
        envelope(CartCheckoutEvents.placed, placed.checkoutId, { checkoutId: placed.checkoutId }),
      ]);
      await eventually(async () => (await stock(item)).available === 0);
      expect((await rowsOf(placed.checkoutId)).map((r) => r.status)).toEqual(['committed']);
    });

    it('paid after the sweep, and the units are gone: nothing moves, the hold is short and catalogue.reservation.short goes out once', async () => {
      const item = await newItem({ available: 3 });
      const req = await lapsed([[item, 2]]);
      // another checkout took what was released
      expect(await reservations.reserve(request([[item, 2]]))).toMatchObject({ ok: true });
      const before = await stock(item);
      expect(before).toMatchObject({ available: 3, reserved: 2 });
      const event = payment(req.checkoutId, [item]);
      await w.runtime.bus.publish(PAYMENT_TOPIC, [event]);
      await eventually(async () => (await rowsOf(req.checkoutId))[0].status === 'short');
      // redelivered, repeated without lines (the transaction), and raced: still one event
      await w.runtime.bus.publish(PAYMENT_TOPIC, [event]);
      await Promise.all([reservations.commit(req.checkoutId), reservations.commit(req.checkoutId, [item])]);
      await settle();
      expect(await stock(item)).toEqual(before);
      expect(await stockEvents(item)).toEqual([]);
      expect(await shortEvents(req.checkoutId)).toEqual([
        { checkoutId: req.checkoutId, lines: [{ itemId: item, quantity: 2, available: 1 }] },
      ]);
      const rows = resultRows<{ topic: string }>(
        await db.execute(
          sql`select topic from catalogue.outbox where envelope->>'type' = ${ReservationEvents.short} and key = ${req.checkoutId}`,
        ),
      );
      expect(rows).toEqual([{ topic: 'catalogue.reservation' }]);

      // every line or none: a checkout of two items, one of them gone, takes neither
      const plenty = await newItem({ available: 5 });
      const scarce = await newItem({ available: 1 });
      const both = await lapsed([
        [plenty, 2],
        [scarce, 1],
      ]);
      expect(await reservations.reserve(request([[scarce, 1]]))).toMatchObject({ ok: true });
      await w.runtime.bus.publish(PAYMENT_TOPIC, [payment(both.checkoutId, [plenty, scarce])]);
      await eventually(async () => (await shortEvents(both.checkoutId)).length === 1);
      expect(await stock(plenty)).toMatchObject({ available: 5, reserved: 0 });
      expect((await rowsOf(both.checkoutId)).map((r) => r.status)).toEqual(['short', 'short']);
      expect(await shortEvents(both.checkoutId)).toEqual([
        { checkoutId: both.checkoutId, lines: [{ itemId: scarce, quantity: 1, available: 0 }] },
      ]);
    });

    it("a package's payment (purpose membership) held no stock: the catalogue does not even look", async () => {
      const commits = jest.spyOn(reservations, 'commit');
      try {
        const membership = envelope(PaymentEvents.succeeded, newId(), { checkoutId: newId(), purpose: 'membership' });
        const order = payment(newId(), [newId()]);
        await w.runtime.bus.publish(PAYMENT_TOPIC, [membership, order]);
        await eventually(async () => commits.mock.calls.length === 1);
        await settle();
        expect(commits.mock.calls).toEqual([[order.data.checkoutId, order.data.order!.lines.map((l) => l.itemId)]]);
      } finally {
        commits.mockRestore();
      }
    });

    it('a checkout of two items commits both through the transaction, also when the lines name only one of them', async () => {
      const a = await newItem({ available: 5 });
      const b = await newItem({ available: 5 });
      const both = request([
        [a, 1],
        [b, 2],
      ]);
      await reservations.reserve(both);
      const event = payment(both.checkoutId, [a, b]);
      await w.runtime.bus.publish(PAYMENT_TOPIC, [event]);
      await eventually(async () => (await stock(a)).reserved === 0 && (await stock(b)).reserved === 0);
      expect(await stock(a)).toMatchObject({ available: 4, reserved: 0 });
      expect(await stock(b)).toMatchObject({ available: 3, reserved: 0 });
      expect((await rowsOf(both.checkoutId)).map((r) => r.status)).toEqual(['committed', 'committed']);
      expect(await inboxOf(event.id)).toHaveLength(0);
      await w.runtime.bus.publish(PAYMENT_TOPIC, [event]);
      await settle();
      expect(await stock(a)).toMatchObject({ available: 4, reserved: 0 });
      expect((await stockEvents(a)).map((e) => e.data)).toEqual([itemEvents.stockChanged(await readBack(a)).data]);
      expect((await stockEvents(b)).map((e) => e.data)).toEqual([itemEvents.stockChanged(await readBack(b)).data]);

      // Lines that name one item of a checkout holding two: the statement writes nothing, the transaction commits both.
      const again = request([
        [a, 2],
        [b, 1],
      ]);
      await reservations.reserve(again);
      expect(await reservations.commit(again.checkoutId, [b])).toBe(2);
      expect(await stock(a)).toMatchObject({ available: 2, reserved: 0 });
      expect(await stock(b)).toMatchObject({ available: 2, reserved: 0 });
      expect(await stockEvents(a)).toHaveLength(2);
      expect(await stockEvents(b)).toHaveLength(2);
    });
  });

  it('the owner cannot set stock below what checkouts hold (409 stock_below_reserved); above it is fine', async () => {
    const item = await newItem({ available: 5 });
    await reservations.reserve(request([[item, 3]]));
    const auth = await w.token(OWNER, 2, ['dssupplier-admin']);
    const url = `/catalogue/${OWNER}:${OWNER}/affiliate/items/${item}/stock`;
    const low = await json(w.catalogue, 'PUT', url, { auth, payload: { available: 2 } });
    expect([low.status, low.body]).toEqual([409, expect.objectContaining({ code: 'stock_below_reserved', reserved: 3 })]);
    const ok = await json(w.catalogue, 'PUT', url, { auth, payload: { available: 3 } });
    expect(ok.status).toBe(200);
    expect(await stock(item)).toMatchObject({ available: 3, reserved: 3 });
  });

  it('holding and releasing stock does not touch the listing version of shops showing the item; paying does', async () => {
    const shopId = newId();
    await w.store.shopCreated({ shopId, ownerId: OWNER, slug: `shop-${shopId}`, storeType: 'affiliate', name: 'Tienda' });
    const item = await newItem({ available: 5 });
    await w.store.itemsAdded(shopId, [item]);
    const version = async () => {
      const rows = resultRows<{ v: number }>(
        await w.tdb.database.drizzle({}).execute(
          sql`select (listing_version + (select count(*) from catalogue.listing_changes c where c.shop_id = s.id))::int as v
              from catalogue.shops s where id = ${shopId}`,
        ),
      );
      return rows[0]?.v;
    };
    await eventually(
      async () =>
        (
          await db
            .select()
            .from(schema.shopItems)
            .where(and(eq(schema.shopItems.shopId, shopId), eq(schema.shopItems.itemId, item)))
        ).length,
    );
    const v0 = await version();
    const req = request([[item, 2]]);
    await reservations.reserve(req);
    await reservations.release(req.checkoutId);
    expect(await version()).toBe(v0);
    const paid = request([[item, 1]]);
    await reservations.reserve(paid);
    await reservations.commit(paid.checkoutId);
    expect(await version()).toBeGreaterThan(v0);
  });

  describe('over HTTP with the typed client', () => {
    it('reserves and releases through the internal endpoint', async () => {
      const client = catalogueReservationsClient({ baseUrl: server.url, secret: DEVELOPMENT_SERVICE_SECRET });
      const item = await newItem({ available: 3 });
      const req = request([[item, 2]]);
      expect(await client.reserve(req)).toEqual({ ok: true, lines: [{ itemId: item, requested: 2, available: 1 }] });
      expect(await client.reserve(req)).toEqual({ ok: true, lines: [{ itemId: item, requested: 2, available: 1 }] });
      expect(await client.reserve(request([[item, 2]]))).toEqual({
        ok: false,
        code: 'insufficient_stock',
        lines: [{ itemId: item, requested: 2, available: 1, code: 'insufficient_stock' }],
      });
      await client.release(req.checkoutId);
      await client.release(req.checkoutId);
      expect(await stock(item)).toMatchObject({ reserved: 0 });
    });

    it('extends a hold to a later time only (a voucher keeps its stock), and says when nothing is held any more', async () => {
      const client = catalogueReservationsClient({ baseUrl: server.url, secret: DEVELOPMENT_SERVICE_SECRET });
      const item = await newItem({ available: 2 });
      const req = request([[item, 1]], newId(), 15 * MIN);
      await client.reserve(req);
      const in72h = new Date(clock.now().getTime() + 72 * 60 * MIN).toISOString();
      expect(await client.extend(req.checkoutId, in72h)).toEqual({ held: true });
      // an earlier time never shortens it
      expect(await client.extend(req.checkoutId, new Date(clock.now().getTime() + 5 * MIN).toISOString())).toEqual({ held: true });
      expect((await rowsOf(req.checkoutId))[0].expiresAt.toISOString()).toBe(in72h);
      clock.advance(16 * MIN);
      await reservations.sweep(); // the 15 minutes passed; the voucher's 72 hours did not
      expect((await rowsOf(req.checkoutId))[0].status).toBe('held');
      expect(await stock(item)).toMatchObject({ reserved: 1 });
      await client.release(req.checkoutId);
      expect(await client.extend(req.checkoutId, in72h)).toEqual({ held: false });
      expect(await client.extend(newId(), in72h)).toEqual({ held: false });
      await expect(client.extend(req.checkoutId, new Date(clock.now().getTime() - MIN).toISOString())).rejects.toMatchObject({
        status: 400,
      });
    });

    it('needs the service secret, validates its body, and refuses a past or far expiry', async () => {
      const item = await newItem();
      const wrong = catalogueReservationsClient({ baseUrl: server.url, secret: 'not-the-secret-at-all' });
      await expect(wrong.reserve(request([[item, 1]]))).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
      await expect(wrong.reserve(request([[item, 1]]))).rejects.toBeInstanceOf(CatalogueReservationsError);
      const none = await json(w.catalogue, 'POST', RESERVATIONS_PATH, { payload: request([[item, 1]]) });
      expect(none.status).toBe(401);

      const post = (payload: unknown) =>
        w.catalogue.inject({
          method: 'POST',
          url: RESERVATIONS_PATH,
          headers: { [SERVICE_SECRET_HEADER]: DEVELOPMENT_SERVICE_SECRET },
          payload: payload as object,
        });
      for (const bad of [
        { ...request([[item, 0]]) },
        { ...request([[item, 1.5]]) },
        { ...request([]) },
        { ...request([[item, 1]]), expiresAt: 'tomorrow' },
        { ...request([[item, 1]]), extra: true },
        request([[item, 1]], newId(), -MIN),
        request([[item, 1]], newId(), 9 * 24 * 60 * MIN),
      ]) {
        const res = await post(bad);
        expect([res.statusCode, res.json().code]).toEqual([400, 'validation_failed']);
      }
      expect(await stock(item)).toMatchObject({ reserved: 0 });
    });

    it('a catalogue that does not answer in time is CatalogueReservationsUnavailable (the caller answers 503)', async () => {
      const silent: Server = createServer(() => undefined);
      await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
      const port = (silent.address() as AddressInfo).port;
      try {
        const client = catalogueReservationsClient({ baseUrl: `http://127.0.0.1:${port}`, secret: 'x', timeoutMs: 200 });
        await expect(client.reserve(request([[newId(), 1]]))).rejects.toBeInstanceOf(CatalogueReservationsUnavailable);
        const closed = catalogueReservationsClient({ baseUrl: 'http://127.0.0.1:1', secret: 'x' });
        await expect(closed.release('x')).rejects.toBeInstanceOf(CatalogueReservationsUnavailable);
      } finally {
        silent.closeAllConnections();
        await new Promise((r) => silent.close(r));
      }
    });

    it('is no public API: no gateway group, not in the OpenAPI; the base URL comes from SERVICE_URL_CATALOGUE', async () => {
      expect(ROUTE_TABLE.has('internal')).toBe(false);
      const doc = await json<{ paths: Record<string, unknown> }>(w.catalogue, 'GET', '/openapi.json');
      expect(Object.keys(doc.body.paths).filter((p) => p.includes('internal'))).toEqual([]);
      expect(catalogueBaseUrl({})).toBe('http://127.0.0.1:3101');
      expect(catalogueBaseUrl({ SERVICE_URL_CATALOGUE: 'http://catalogue:8080/' })).toBe('http://catalogue:8080');
    });
  });
});
