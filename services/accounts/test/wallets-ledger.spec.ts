import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { EventEnvelope, OrderSettlementTerms } from '@vitrina/contracts';
import { createServiceApp, newId, type Runtime } from '@vitrina/platform';
import { createTestRuntime } from '@vitrina/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createAccountsService, ManualClock } from '../src/accounts.module.js';
import { splitDispersion, partKey } from '../src/wallets/domain/dispersion.js';
import { OrderSettlementConsumer } from '../src/wallets/events/order-settlement.consumer.js';
import { SettleOrderJob, SETTLE_ORDER_JOB } from '../src/wallets/jobs/settle-order.job.js';
import { Settlements } from '../src/wallets/settlements.js';
import { bootAccounts, type Booted } from './support.js';

const HOUR = 3_600_000;
const QUIET = { WALLET_SETTLE_SWEEP_MS: '0', WALLET_SETTLE_JOBS: '0', SEED_DEMO: 'false' };
const RATES = { commissionPpm: 500_000, platformFeeBps: 500 };

/** One order's story: its terms and the events orders would publish, in their natural order. */
interface OrderStory {
  orderId: string;
  terms: OrderSettlementTerms;
  events: Array<EventEnvelope<Record<string, unknown>>>;
  refundedMinor: number;
  /** A return opened and never closed: the order stays unsettled. */
  stuck: boolean;
}

/** A deterministic PRNG (mulberry32), so both replays of the 1,000 orders see the same world. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const USERS = ['sup-a', 'sup-b', 'ds-a', 'ds-b', 'res-a', 'res-b', 'cust-a', 'cust-b'];

function story(rand: () => number, start: Date): OrderStory {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const orderId = newId();
  const total = 1 + Math.floor(rand() * 10_000_000);
  const goods = Math.floor(total * rand());
  const shipping = Math.floor((total - goods) * rand());
  const dropshipped = rand() < 0.4;
  const resold = rand() < 0.5;
  const payLater = rand() < 0.05;
  const supplierId = pick(USERS.slice(0, 2));
  const dssupplierId = dropshipped ? pick(USERS.slice(2, 4)) : null;
  const terms: OrderSettlementTerms = {
    currency: pick(['MXN', 'USD', 'ARS']),
    capturedMinor: payLater ? 0 : total,
    goodsMinor: goods,
    shippingMinor: shipping,
    financingMinor: total - goods - shipping,
    marginMinor: resold ? Math.floor(goods * rand()) : 0,
    supplierId,
    dssupplierId,
    resellerId: resold ? pick(USERS.slice(4, 6)) : null,
    shipperId: dssupplierId ?? supplierId,
  };
  const customer = pick(USERS.slice(6));
  const base = { orderId, checkoutId: `co-${orderId}`, userId: customer, shopId: 'shop', supplierId, dssupplierId };
  const ev = (type: string, data: Record<string, unknown>): EventEnvelope<Record<string, unknown>> => ({
    id: newId(),
    type,
    version: 1,
    occurredAt: start.toISOString(),
    key: orderId,
    traceId: 'replay',
    data: { ...base, ...data },
  });
  const events = [
    ev('orders.order.delivered', {
      deliveredAt: start.toISOString(),
      returnDeadline: new Date(start.getTime() + 72 * HOUR).toISOString(),
      totalMinor: total,
      currency: terms.currency,
      settlement: terms,
    }),
  ];
  let refundedMinor = 0;
  let stuck = false;
  const returns = rand() < 0.5 ? 1 + Math.floor(rand() * 2) : 0;
  for (let r = 0; r < returns; r++) {
    const returnId = newId();
    events.push(ev('orders.order.return_opened', { returnId, openedAt: start.toISOString() }));
    const refunds = Math.floor(rand() * 3);
    for (let i = 0; i < refunds && !payLater; i++) {
      const amount = Math.floor((total - refundedMinor) * rand() * 0.6);
      if (amount <= 0) continue;
      refundedMinor += amount;
      events.push(
        ev('orders.order.refunded', {
          refundId: newId(),
          returnId,
          amountMinor: amount,
          currency: terms.currency,
          destination: rand() < 0.3 ? 'wallet' : 'original',
          refundedAt: start.toISOString(),
        }),
      );
    }
    if (rand() < 0.05) stuck = true;
    else events.push(ev('orders.order.return_closed', { returnId, closedAt: start.toISOString() }));
  }
  return { orderId, terms, events, refundedMinor, stuck };
}

/** Every event 1-3 times, shuffled within its order (the same ids: consumers must be idempotent by themselves). */
function duplicatedAndShuffled(events: OrderStory['events'], rand: () => number): OrderStory['events'] {
  const out = events.flatMap((e) => Array.from({ length: 1 + Math.floor(rand() * 3) }, () => e));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Runs `fn` over `items` with at most `n` at once. */
async function pool<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

async function rows<T>(b: { db: Booted['db'] }, query: ReturnType<typeof sql>): Promise<T[]> {
  const res: unknown = await b.db.execute(query);
  return Array.isArray(res) ? (res as T[]) : ((res as { rows: T[] }).rows ?? []);
}

/** Entries as (transaction kind, ref, account, part, amount), sorted; balances by account. */
async function ledgerPicture(b: { db: Booted['db'] }) {
  const entries = await rows<{ line: string }>(
    b,
    sql`select t.kind || '|' || t.ref || '|' || a.kind || ':' || coalesce(a.user_id, '') || ':' || a.currency || '|' || coalesce(e.part, '') || '|' || e.amount_minor as line
        from accounts.ledger_entries e join accounts.ledger_transactions t on t.id = e.transaction_id join accounts.ledger_accounts a on a.id = e.account_id
        order by 1`,
  );
  const balances = await rows<{ line: string }>(
    b,
    sql`select a.kind || ':' || coalesce(a.user_id, '') || ':' || a.currency || '=' || a.balance_minor as line from accounts.ledger_accounts a order by 1`,
  );
  return { entries: entries.map((r) => r.line), balances: balances.map((r) => r.line) };
}

/** Every transaction sums to zero; every balance is the sum of its entries and the last balance_after. */
async function expectLedgerConsistent(b: { db: Booted['db'] }): Promise<void> {
  const unbalanced = await rows(
    b,
    sql`select transaction_id from accounts.ledger_entries group by transaction_id having sum(amount_minor) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  const drift = await rows(
    b,
    sql`select a.id from accounts.ledger_accounts a
        left join (select account_id, sum(amount_minor) as s from accounts.ledger_entries group by account_id) e on e.account_id = a.id
        where a.balance_minor <> coalesce(e.s, 0)
           or a.balance_minor <> coalesce((select x.balance_after_minor from accounts.ledger_entries x where x.account_id = a.id
                                           order by x.created_at desc, x.id desc limit 1), 0)`,
  );
  expect(drift).toEqual([]);
}

/** The promise fails with `pattern` in its error or one of its causes (drizzle wraps the driver's error). */
async function expectRefused(p: Promise<unknown>, pattern: RegExp): Promise<void> {
  let err: unknown;
  try {
    await p;
  } catch (e) {
    err = e;
  }
  const messages: string[] = [];
  for (let e = err, depth = 0; e && depth < 5; depth++, e = (e as { cause?: unknown }).cause) messages.push(String((e as Error).message));
  expect(messages.join(' / ')).toMatch(pattern);
}

async function feed(b: Booted, events: OrderStory['events']): Promise<void> {
  const consumer = b.app.get(OrderSettlementConsumer);
  for (const e of events) await consumer.onOrder(e);
}

describe('wallets ledger on the database', () => {
  let b: Booted;
  beforeAll(async () => {
    b = await bootAccounts({ env: QUIET });
  }, 60_000);
  afterAll(() => b?.close());

  it('refuses UPDATE, DELETE and TRUNCATE on entries and transactions, and an unbalanced transaction', async () => {
    const start = b.clock.now();
    const s = story(prng(7), start);
    await feed(
      b,
      s.events.filter((e) => e.type === 'orders.order.delivered'),
    );
    b.clock.advance(73 * HOUR);
    await b.app.get(Settlements).sweep();
    const [{ n }] = await rows<{ n: string }>(b, sql`select count(*) as n from accounts.ledger_entries`);
    expect(Number(n)).toBeGreaterThan(0);
    for (const statement of [
      sql`update accounts.ledger_entries set amount_minor = amount_minor + 1`,
      sql`delete from accounts.ledger_entries`,
      sql`truncate accounts.ledger_entries`,
      sql`update accounts.ledger_transactions set ref = 'x'`,
      sql`delete from accounts.ledger_transactions`,
      sql`truncate accounts.ledger_transactions cascade`,
    ]) {
      await expectRefused(b.db.execute(statement), /append-only/);
    }
    const [{ n: after }] = await rows<{ n: string }>(b, sql`select count(*) as n from accounts.ledger_entries`);
    expect(after).toBe(n);
    await expectRefused(
      b.db.transaction(async (tx) => {
        await tx.execute(sql`insert into accounts.ledger_entries (id, transaction_id, account_id, part, amount_minor, balance_after_minor, created_at)
                             values (${newId()}, 'nope', 'nope', null, 5, 5, now())`);
      }),
      /sum to zero/,
    );
    await expectLedgerConsistent(b);
  });

  it('any interleaving of an order’s events, settlement and late refunds: balanced transactions, true balances, the split of all refunds', async () => {
    let seed = 1;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 30 }), fc.integer({ min: 0, max: 12 }), async (s, settleAfter) => {
        const rand = prng(s + seed++);
        const st = story(rand, b.clock.now());
        const events = duplicatedAndShuffled(st.events, rand);
        // Settle part-way: what arrives after is a late refund (claw-back) or a no-op.
        await feed(b, events.slice(0, settleAfter));
        b.clock.advance(73 * HOUR);
        await b.app.get(Settlements).settleOne(st.orderId);
        await feed(b, events.slice(settleAfter));
        await b.app.get(Settlements).settleOne(st.orderId);
        const parts = await rows<{ user_id: string | null; kind: string; part: string; s: string }>(
          b,
          sql`select a.user_id, a.kind, e.part, sum(e.amount_minor) as s from accounts.ledger_entries e
              join accounts.ledger_transactions t on t.id = e.transaction_id join accounts.ledger_accounts a on a.id = e.account_id
              where t.order_id = ${st.orderId} and t.kind in ('dispersion', 'clawback') and a.kind <> 'clearing'
              group by 1, 2, 3 having sum(e.amount_minor) <> 0`,
        );
        const [settled] = await rows<{ settled_at: Date | null }>(
          b,
          sql`select settled_at from accounts.settlements where order_id = ${st.orderId}`,
        );
        const got = new Map(parts.map((p) => [partKey({ part: p.part, userId: p.kind === 'platform' ? null : p.user_id }), Number(p.s)]));
        const want = settled?.settled_at
          ? new Map(splitDispersion(st.terms, st.refundedMinor, RATES).map((p) => [partKey(p), p.amountMinor]))
          : new Map<string, number>();
        expect(got).toEqual(want);
        if (!st.stuck) expect(settled?.settled_at).toBeTruthy();
      }),
      { numRuns: 120 },
    );
    await expectLedgerConsistent(b);
  }, 300_000);
});

describe('wallets replay: 1,000 settled orders', () => {
  it('as is, and duplicated 1-3 times and shuffled within each order, give identical entries and balances', async () => {
    const start = new Date('2026-11-02T12:00:00Z');
    const rand = prng(20261126);
    const stories = Array.from({ length: 1_000 }, () => story(rand, start));
    const pictures = [];
    for (const mode of ['as-is', 'shuffled'] as const) {
      const b = await bootAccounts({ env: QUIET });
      try {
        b.clock.set(start);
        const shuffle = prng(99);
        await pool(stories, 4, (st) => feed(b, mode === 'as-is' ? st.events : duplicatedAndShuffled(st.events, shuffle)));
        b.clock.advance(73 * HOUR);
        const settled = await b.app.get(Settlements).sweep();
        expect(settled).toBe(stories.filter((s) => !s.stuck).length);
        await expectLedgerConsistent(b);
        pictures.push(await ledgerPicture(b));
      } finally {
        await b.close();
      }
    }
    expect(pictures[0].entries.length).toBeGreaterThan(2_000);
    expect(pictures[1].entries).toEqual(pictures[0].entries);
    expect(pictures[1].balances).toEqual(pictures[0].balances);
  }, 600_000);
});

describe('wallets settlement on two workers', () => {
  let a: Booted;
  let second: { app: NestFastifyApplication; runtime: Runtime; clock: ManualClock };
  beforeAll(async () => {
    a = await bootAccounts({ env: { ...QUIET, WALLET_SETTLE_JOBS: '1' } });
    // A second instance of the service on the same database: its own job worker, bus and clock.
    const runtime = await createTestRuntime(a.tdb);
    const clock = new ManualClock(a.clock.now());
    const { app } = await createServiceApp(createAccountsService({ clock, env: { ...QUIET, WALLET_SETTLE_JOBS: '1' } }), runtime);
    second = { app, runtime, clock };
  }, 60_000);
  afterAll(async () => {
    await second?.app.close();
    await second?.runtime.close();
    await a?.close();
  });

  it('jobs enqueued twice on two workers, and sweeps and single settles racing, make one dispersion per order', async () => {
    const start = a.clock.now();
    const rand = prng(4242);
    // Orders that captured money (a pay-later one settles with no dispersion), delivered only: all due together.
    const stories = Array.from({ length: 400 }, () => story(rand, start))
      .filter((s) => s.terms.capturedMinor > 0)
      .slice(0, 300)
      .map((s) => ({ ...s, events: s.events.filter((e) => e.type === 'orders.order.delivered') }));
    expect(stories.length).toBe(300);
    await pool(stories, 4, (st) => feed(a, st.events));
    for (const c of [a.clock, second.clock]) c.advance(73 * HOUR);

    // The first half by jobs: each order's job queued twice, by both instances, under two ids (the deliveries queued
    // theirs at the deadline, days of wall time away), both workers running.
    const byJobs = stories.slice(0, 150);
    for (const st of byJobs) {
      await a.app.get(SettleOrderJob).schedule(st.orderId, null, 'once');
      await second.app.get(SettleOrderJob).schedule(st.orderId, null, 'twice');
    }
    const jobsDone = async () => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [{ q }] = await rows<{ q: string }>(
          a,
          sql`select count(*) as q from accounts.jobs where name = ${SETTLE_ORDER_JOB} and state = 'completed' and data->>'orderId' is not null`,
        );
        if (Number(q) === 300) return;
        if (Date.now() > deadline) throw new Error(`${q} of 300 settle-order jobs completed`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    await jobsDone();
    const unsettled = async () =>
      Number((await rows<{ n: string }>(a, sql`select count(*) as n from accounts.settlements where settled_at is null`))[0].n);
    expect(await unsettled()).toBe(150);

    // The rest: two sweeps and both instances' single settles at once.
    const rest = stories.slice(150);
    await Promise.all([
      a.app.get(Settlements).sweep(),
      second.app.get(Settlements).sweep(),
      ...rest.flatMap((st) => [a.app.get(Settlements).settleOne(st.orderId), second.app.get(Settlements).settleOne(st.orderId)]),
    ]);
    expect(await unsettled()).toBe(0);
    const perOrder = await rows<{ ref: string; n: string }>(
      a,
      sql`select ref, count(*) as n from accounts.ledger_transactions where kind = 'dispersion' group by ref`,
    );
    expect(perOrder.length).toBe(300);
    expect(perOrder.filter((r) => Number(r.n) !== 1)).toEqual([]);
    const jobsRun = await rows<{ n: string }>(
      a,
      sql`select count(*) as n from accounts.jobs where name = ${SETTLE_ORDER_JOB} and state = 'completed'`,
    );
    expect(Number(jobsRun[0].n)).toBe(300); // 150 orders × 2
    await expectLedgerConsistent(a);
  }, 180_000);
});
