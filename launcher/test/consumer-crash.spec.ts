/**
 * A consumer killed mid-stream loses nothing and applies nothing twice (the rule of ARCHITECTURE §8: 'a process killed
 * at any point loses nothing and charges nothing twice'), for the two consumers of `payment.succeeded` that run
 * without the inbox (`inbox: false`): the orders service's placement (one statement, `on conflict (checkout_id) do
 * nothing`: services/orders/src/orders/order-place.statement.ts) and the catalogue's stock commit (one statement that
 * moves only `held` reservations: services/catalogue/src/reservations/commit-one.statement.ts). Their idempotency rests
 * on those statements and on the Redis Streams consumer group: an entry a dead member had taken and not acknowledged
 * stays pending and is reclaimed by the member that takes its partition over (libs/platform/src/events/redis-event-bus.ts).
 *
 * Distributed mode as the cluster runs it: the real `services/orders/dist/main.js` and `services/catalogue/dist/main.js`,
 * each its own OS process, on a fresh PostgreSQL database and the Redis Streams bus under a prefix of their own. The
 * producer's side is the test's: the stock of each checkout is held through the catalogue's internal reservations API
 * with cart-checkout's own client, and each checkout's `payment.succeeded` (the PaymentSucceededEvent of the contracts,
 * its order snapshot included) is enveloped by the platform's Outbox and published with the platform's RedisEventBus,
 * as cart-checkout's relay does. (The whole cluster with the demo seed, which real card payments through the gateway
 * would need, took ~70 s just to become healthy on this 2-core machine with other work running: more than this whole
 * file takes; its two services start in parallel in 7-40 s.)
 *
 * The kill is placed, not hoped for: the services reach Redis through a proxy of the test (support/redis-tripwire.ts),
 * which lets each consumer settle a few entries and then, at its next XACK on the payment streams, SIGKILLs the process
 * and drops the acknowledgement. At that instant the entry's effect is committed in PostgreSQL and the entry is still
 * pending in the dead member's list: the redelivery both statements must absorb (statements the other partitions'
 * workers had already sent commit after the process is gone, so a kill usually leaves several such entries). The
 * first wave's other entries are in every other state a crash leaves (settled, taken and not handled, not yet read),
 * and the test checks the kill found work outstanding. A second wave is published while both consumers are dead, with
 * three first-wave envelopes published again (the relay delivers at least once). Replacements start (the launcher
 * does not restart a child) and reclaim the dead member's entries once its leases run out (15 s). Then, in PostgreSQL: one order per checkout with its line and first history row, one
 * `orders.order.placed` per order, every reservation committed once, each item's available and reserved down by
 * exactly what was sold with one stock-changed event per commit (revisions consecutive), no inbox row; in Redis: every
 * entry of both groups settled, no dead letter; in the logs: no handler failure.
 *
 * Needs DATABASE_URL and REDIS_URL (CI sets them; SKIP otherwise, an error with REQUIRE_SERVICES=1).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  CatalogueItemEvents,
  DEMO,
  OrderEvents,
  PAYMENT_TOPIC,
  PaymentEvents,
  SERVICES,
  catalogueReservationsClient,
  internalServiceSecret,
  serviceUrlVariable,
  type EventEnvelope,
  type PaymentSucceededEvent,
} from '@vitrina/contracts';
import { Outbox, RedisEventBus, newId, platformTables } from '@vitrina/platform';
import { requireServiceUrl } from '@vitrina/platform/testing';
import {
  ensureBuilt,
  freeOffset,
  logLines,
  scratch,
  spawnNode,
  waitHealthy,
  waitUntil,
  type Scratch,
  type Spawned,
} from './support/processes.js';
import { RedisTripwire, type Trip } from './support/redis-tripwire.js';

const ORDERS = 'services/orders/dist/main.js';
const CATALOGUE = 'services/catalogue/dist/main.js';
/** Published before the kills; the consumers die on their XACK after ACKS_BEFORE_KILL settled entries. */
const FIRST_WAVE = 30;
/** Published while both consumers are dead. */
const SECOND_WAVE = 10;
const CHECKOUTS = FIRST_WAVE + SECOND_WAVE;
const ACKS_BEFORE_KILL = 4;
/** First-wave envelopes published again with the second wave (same event ids: an at-least-once relay). */
const REPUBLISHED = 3;
const ITEMS = 4;
const CUSTOMER = DEMO.users.customer;
const SHOP = DEMO.shops.demo;
/** Consumer groups are the services' names. */
const GROUPS = ['orders', 'catalogue'] as const;
const PARTITIONS = 8;

const databaseUrl = requireServiceUrl('DATABASE_URL', 'consumers killed mid-stream');
const redisBase = requireServiceUrl('REDIS_URL', 'consumers killed mid-stream');
const available = Boolean(databaseUrl && redisBase);

type Item = {
  id: string;
  owner_id: string;
  slug: string;
  name: string;
  list_price_minor: number;
  contribution_margin_minor: number;
  photo: string | null;
  available: number;
  reserved: number;
  revision: number;
};

(available ? describe : describe.skip)('cluster mode: the orders and catalogue consumers SIGKILLed mid-stream of payment.succeeded', () => {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const prefix = `vtcc-${run}`;
  const streamPrefix = `${prefix}:${PAYMENT_TOPIC}:p`;
  let box: Scratch;
  let tripwire: RedisTripwire;
  let redis: Redis;
  let bus: RedisEventBus;
  let db: pg.Client;
  const env: Record<(typeof GROUPS)[number], Record<string, string | undefined>> = { orders: {}, catalogue: {} };
  const ports = { orders: 0, catalogue: 0 };
  /** Every process started, the killed ones and their replacements. */
  const started: Array<{ service: (typeof GROUPS)[number]; proc: Spawned }> = [];

  const start = async (service: (typeof GROUPS)[number]): Promise<Spawned> => {
    const proc = spawnNode(service === 'orders' ? ORDERS : CATALOGUE, env[service]);
    started.push({ service, proc });
    await waitHealthy(`http://127.0.0.1:${ports[service]}/health/ready`, proc, 120_000).catch(async (err: Error) => {
      // the last output may arrive after the exit: wait for it briefly
      const exit = await Promise.race([proc.exited, new Promise((r) => setTimeout(r, 1_000, 'still running'))]);
      throw new Error(`${service}: ${err.message.split('\n')[0]} (${JSON.stringify(exit)})\n${proc.log()}`);
    });
    return proc;
  };
  const rows = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> =>
    (await db.query<T>(text, values)).rows;

  beforeAll(async () => {
    ensureBuilt(ORDERS, CATALOGUE);
    box = await scratch('consumer-crash');
    tripwire = await RedisTripwire.start(redisBase!);
    redis = new Redis(redisBase!, { maxRetriesPerRequest: 2 });
    bus = await RedisEventBus.connect({ url: redisBase!, prefix });
    db = new pg.Client({ connectionString: box.databaseUrl });
    await db.connect();
    // one key pair, handed to both as configuration (as the cluster launcher does; neither signs)
    const { publicKey } = generateKeyPairSync('ed25519');
    // below the ephemeral range (an outgoing connection may take a port the killed process left before its
    // replacement listens on it) and checked free, as the launchers' SERVICE_PORT_OFFSET
    const offset = await freeOffset([SERVICES.orders.port, SERVICES.catalogue.port, SERVICES['cart-checkout'].port]);
    ports.orders = SERVICES.orders.port + offset;
    ports.catalogue = SERVICES.catalogue.port + offset;
    const common = {
      NODE_ENV: 'development',
      DATABASE_URL: box.databaseUrl,
      REDIS_URL: tripwire.url(redisBase!),
      REDIS_PREFIX: prefix,
      REDIS_BUS_PREFIX: undefined,
      EVENT_BUS: 'redis',
      KAFKA_BROKERS: undefined,
      JOB_QUEUE: 'bullmq',
      DATA_DIR: box.dataDir,
      AUTH_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      AUTH_PRIVATE_KEY: undefined,
      INTERNAL_SERVICE_SECRET: undefined,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      [serviceUrlVariable('catalogue')]: `http://127.0.0.1:${ports.catalogue}`,
      // nothing listens there: orders calls cart-checkout only for pay-later placements
      [serviceUrlVariable('cart-checkout')]: `http://127.0.0.1:${SERVICES['cart-checkout'].port + offset}`,
    };
    env.catalogue = { ...common, PORT: String(ports.catalogue), SEED_DEMO: 'true' };
    env.orders = { ...common, PORT: String(ports.orders), SEED_DEMO: 'false' };
    // side by side, as the launcher starts them (their migrations take turns on an advisory lock)
    await Promise.all(GROUPS.map((group) => start(group)));
  }, 300_000);

  afterAll(async () => {
    for (const { proc } of started) await proc.kill();
    await bus?.close().catch(() => undefined);
    if (redis) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
      await redis.quit();
    }
    await db?.end().catch(() => undefined);
    await tripwire?.close();
    await box?.cleanup();
  }, 60_000);

  it('makes one order and commits the stock once per paid checkout across the kills and the redeliveries', async () => {
    // ---- the stock: ITEMS demo products, each holding CHECKOUTS / ITEMS units for as many one-unit checkouts
    const items = await rows<Item>(
      `select id, owner_id, slug, name, list_price_minor::int, contribution_margin_minor::int, photos->>0 as photo,
         available, reserved, revision
       from catalogue.items
       where type = 'product' and stock_type = 'onstock' and available is not null and not sold_out and not hidden
         and list_state = 'published' and deleted_at is null and owner_id = $1 and available - reserved >= $2
       order by id limit $3`,
      [DEMO.users.supplierA.id, CHECKOUTS / ITEMS + 2, ITEMS],
    );
    expect(items).toHaveLength(ITEMS);
    const sold = new Map(items.map((i) => [i.id, 0]));
    const [{ seq: stockEventsBefore }] = await rows<{ seq: number }>(`select coalesce(max(seq), 0)::int as seq from catalogue.outbox`);

    const reservations = catalogueReservationsClient({
      baseUrl: `http://127.0.0.1:${ports.catalogue}`,
      secret: internalServiceSecret({ NODE_ENV: 'development' }),
    });
    const checkouts = Array.from({ length: CHECKOUTS }, (_, n) => ({ id: newId(), item: items[n % ITEMS] }));
    for (let i = 0; i < checkouts.length; i += 10) {
      await Promise.all(
        checkouts.slice(i, i + 10).map(async (c) => {
          const held = await reservations.reserve({
            checkoutId: c.id,
            userId: CUSTOMER.id,
            expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
            lines: [{ itemId: c.item.id, quantity: 1 }],
          });
          expect(held.ok).toBe(true);
          sold.set(c.item.id, sold.get(c.item.id)! + 1);
        }),
      );
    }

    // ---- each checkout's payment.succeeded, as cart-checkout writes it (PaymentsService.succeeded)
    const outbox = new Outbox(platformTables('cart-checkout'));
    const envelopes = checkouts.map((c) => {
      const shipping = 9_900;
      const paidAt = new Date().toISOString();
      const data = {
        checkoutId: c.id,
        attemptId: newId(),
        userId: CUSTOMER.id,
        shopId: SHOP.id,
        supplierId: c.item.owner_id,
        dssupplierId: null,
        method: 'card',
        provider: 'sandbox',
        chargeId: `ch_${c.id}`,
        amountMinor: c.item.list_price_minor + shipping,
        financingCostMinor: 0,
        currency: 'MXN',
        instalments: null,
        paidAt,
        purpose: 'order',
        order: {
          checkoutId: c.id,
          userId: CUSTOMER.id,
          shopId: SHOP.id,
          shopSlug: SHOP.slug,
          shopName: 'Demo',
          shopOwnerId: c.item.owner_id,
          supplierId: c.item.owner_id,
          supplierName: DEMO.users.supplierA.name,
          dssupplierId: null,
          dssupplierName: null,
          currency: 'MXN',
          subtotalMinor: c.item.list_price_minor,
          shippingMinor: shipping,
          financingCostMinor: 0,
          paymentType: 'card',
          prepaid: true,
          chargeId: `ch_${c.id}`,
          contact: { name: CUSTOMER.name, email: CUSTOMER.email, phone: '3312345678', phone_country: 'MX' },
          address: {
            id: newId(),
            address_name: CUSTOMER.name,
            address_phone: '3312345678',
            street_address: 'Av. Juárez 450',
            route: 'Av. Juárez',
            street_number: '450',
            country: 'MX',
            administrative_area_level_1: 'JAL',
            locality: 'Guadalajara',
            sublocality: 'Centro',
            postal_code: '44100',
            formatted_address: 'Av. Juárez 450, Centro, 44100 Guadalajara, JAL',
          },
          delivery: { type: 'fixed', days: 3, price: '99.00', price_minor: shipping },
          attendees: [],
          referral: null,
          campaign: null,
          clickId: null,
          placedAt: paidAt,
          lines: [
            {
              itemId: c.item.id,
              variantKey: '',
              variant: {},
              name: c.item.name,
              photo: c.item.photo,
              type: 'product',
              slug: c.item.slug,
              ownerId: c.item.owner_id,
              quantity: 1,
              unitPriceMinor: c.item.list_price_minor,
              contributionMarginMinor: c.item.contribution_margin_minor,
              experienceDate: null,
            },
          ],
        },
      } satisfies PaymentSucceededEvent;
      const [row] = outbox.rows([{ type: PaymentEvents.succeeded, key: c.id, actorId: CUSTOMER.id, data }]);
      return row.envelope;
    });
    const checkoutOf = new Map(envelopes.map((e) => [e.id, (e.data as PaymentSucceededEvent).checkoutId]));

    // ---- the kills: each consumer settles ACKS_BEFORE_KILL entries, then dies with its next XACK unsent
    const killed = Object.fromEntries(
      GROUPS.map((group) => {
        const proc = started.find((s) => s.service === group)!.proc;
        const trip = tripwire.arm({ group, streamPrefix, pass: ACKS_BEFORE_KILL, onTrip: () => proc.child.kill('SIGKILL') });
        return [group, { proc, trip }];
      }),
    ) as Record<(typeof GROUPS)[number], { proc: Spawned; trip: Promise<Trip> }>;
    await bus.publish(PAYMENT_TOPIC, envelopes.slice(0, FIRST_WAVE));
    const trips = {} as Record<(typeof GROUPS)[number], Trip>;
    for (const group of GROUPS) {
      trips[group] = await within(killed[group].trip, 60_000, `the ${group} consumer's XACK that kills it`);
      expect(await killed[group].proc.exited).toEqual({ code: null, signal: 'SIGKILL' });
    }

    // ---- the crash window, as the kills left it
    const orderedAtKill = new Set((await rows<{ checkout_id: string }>(`select checkout_id from orders.orders`)).map((r) => r.checkout_id));
    const committedAtKill = new Set(
      (await rows<{ checkout_id: string }>(`select checkout_id from catalogue.stock_reservations where status = 'committed'`)).map(
        (r) => r.checkout_id,
      ),
    );
    const applied = { orders: orderedAtKill, catalogue: committedAtKill };
    for (const group of GROUPS) {
      const trip = trips[group];
      const pending = await pendingEntries(redis, streamPrefix, group);
      const tripped = pending.filter((p) => p.stream === trip.stream && trip.ids.includes(p.id)).map((p) => p.eventId);
      const firstWave = envelopes.slice(0, FIRST_WAVE).map((e) => e.id);
      const done = firstWave.filter((id) => applied[group].has(checkoutOf.get(id)!));
      // the entries of the XACK that never arrived: still pending in the dead member's list, their effect committed
      expect({ group, trippedPending: tripped.length > 0, trippedApplied: tripped.filter((id) => done.includes(id)) }).toEqual({
        group,
        trippedPending: true,
        trippedApplied: tripped,
      });
      // applied: at least what it acknowledged and the tripped entries; not the whole wave (work was outstanding)
      expect(done.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL + tripped.length);
      expect(done.length).toBeLessThan(FIRST_WAVE);
    }

    // ---- while both are dead: the second wave, and first-wave events published again
    await bus.publish(PAYMENT_TOPIC, [...envelopes.slice(FIRST_WAVE), ...envelopes.slice(0, REPUBLISHED)]);

    // ---- the replacements reclaim the dead members' entries once their leases run out
    await Promise.all(GROUPS.map((group) => start(group)));
    // settled: every entry delivered and acknowledged (handled, or dead-lettered): nothing more will happen
    await waitUntil(
      async () => ((await Promise.all(GROUPS.map((g) => settled(redis, streamPrefix, g)))).every(Boolean) ? true : undefined),
      'every entry of both groups delivered and acknowledged',
      90_000,
      500,
    ).catch(async (err: Error) => {
      const left = await Promise.all(GROUPS.map(async (g) => `${g}: ${(await pendingEntries(redis, streamPrefix, g)).length} pending`));
      throw new Error(`${err.message} (${left.join(', ')})`);
    });
    const [counts] = await rows<{ orders: number; committed: number }>(
      `select (select count(distinct checkout_id) from orders.orders)::int as orders,
         (select count(distinct checkout_id) from catalogue.stock_reservations where status = 'committed')::int as committed`,
    );
    let deadLettered = 0;
    for (let p = 0; p < PARTITIONS; p++) deadLettered += await redis.xlen(`${prefix}:${PAYMENT_TOPIC}.dlq:p${p}`);
    const failures = started.flatMap(({ service, proc }) =>
      logLines(proc.log())
        .filter((l) => typeof l.msg === 'string' && /event handler|dead-letter/.test(l.msg))
        .map((l) => ({ service, msg: l.msg, eventId: l.eventId, err: lastLine((l.err as { message?: string } | undefined)?.message) })),
    );
    // nothing lost (every checkout has its order and its stock), no handler failed, nothing dead-lettered
    expect({ ...counts, deadLettered, failures }).toEqual({ orders: CHECKOUTS, committed: CHECKOUTS, deadLettered: 0, failures: [] });

    // ---- orders: one per checkout, with its line, its first history row and one orders.order.placed
    const ids = checkouts.map((c) => c.id);
    const orders = await rows<{ id: string; checkout_id: string; state: string; prepaid: boolean; lines: number; places: number }>(
      `select o.id, o.checkout_id, o.state, o.prepaid,
         (select count(*) from orders.order_lines l where l.order_id = o.id)::int as lines,
         (select count(*) from orders.order_transitions t where t.order_id = o.id and t.action = 'place')::int as places
       from orders.orders o`,
    );
    expect(orders.map((o) => o.checkout_id).sort()).toEqual([...ids].sort());
    for (const o of orders) expect(o).toMatchObject({ state: 'in_process', prepaid: true, lines: 1, places: 1 });
    const placed = await rows<{ checkout_id: string; key: string; n: number }>(
      `select envelope->'data'->>'checkoutId' as checkout_id, key, count(*)::int as n
       from orders.outbox where envelope->>'type' = $1 group by 1, 2`,
      [OrderEvents.placed],
    );
    expect(placed.sort(byCheckout)).toEqual(orders.map((o) => ({ checkout_id: o.checkout_id, key: o.id, n: 1 })).sort(byCheckout));

    // ---- catalogue: every reservation committed once; each item down by what was sold, one event per commit
    const held = await rows<{ checkout_id: string; status: string; n: number }>(
      `select checkout_id, status, count(*)::int as n from catalogue.stock_reservations where checkout_id = any($1) group by 1, 2`,
      [ids],
    );
    expect(held.sort(byCheckout)).toEqual([...ids].sort().map((id) => ({ checkout_id: id, status: 'committed', n: 1 })));
    for (const item of items) {
      const units = sold.get(item.id)!;
      const [now] = await rows<{ available: number; reserved: number; revision: number }>(
        `select available, reserved, revision from catalogue.items where id = $1`,
        [item.id],
      );
      expect({ item: item.id, ...now }).toEqual({
        item: item.id,
        available: item.available - units,
        reserved: item.reserved,
        revision: item.revision + units,
      });
      const events = await rows<{ available: number; revision: number }>(
        `select (envelope->'data'->>'available')::int as available, (envelope->'data'->>'revision')::int as revision
         from catalogue.outbox where seq > $1 and key = $2 and envelope->>'type' = $3 order by seq`,
        [stockEventsBefore, item.id, CatalogueItemEvents.stockChanged],
      );
      expect({ item: item.id, events }).toEqual({
        item: item.id,
        events: Array.from({ length: units }, (_, k) => ({ available: item.available - k - 1, revision: item.revision + k + 1 })),
      });
    }

    // ---- neither consumer used its inbox for the payments
    for (const schema of GROUPS) {
      expect(await rows(`select event_id from ${schema}.inbox where type = $1`, [PaymentEvents.succeeded])).toEqual([]);
    }
  }, 360_000);
});

/** The end of an error message (a failed query's message starts with the whole statement and its parameters). */
const lastLine = (message: string | undefined) => message?.split('\n').at(-1)?.slice(-160);
const byCheckout = (a: { checkout_id: string }, b: { checkout_id: string }) => a.checkout_id.localeCompare(b.checkout_id);

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The entries pending in `group` on every partition of the payment topic, with their event ids. */
async function pendingEntries(
  redis: Redis,
  streamPrefix: string,
  group: string,
): Promise<Array<{ stream: string; id: string; eventId: string }>> {
  const out: Array<{ stream: string; id: string; eventId: string }> = [];
  for (let p = 0; p < PARTITIONS; p++) {
    const stream = `${streamPrefix}${p}`;
    const pending = (await redis.xpending(stream, group, '-', '+', 1000)) as Array<[string, string, number, number]>;
    for (const [id] of pending) {
      const [entry] = await redis.xrange(stream, id, id);
      const fields = entry?.[1] ?? [];
      const at = fields.indexOf('envelope');
      out.push({ stream, id, eventId: at >= 0 ? (JSON.parse(fields[at + 1]) as EventEnvelope).id : '' });
    }
  }
  return out;
}

/** Every entry of every partition delivered to `group` and acknowledged. */
async function settled(redis: Redis, streamPrefix: string, group: string): Promise<boolean> {
  for (let p = 0; p < PARTITIONS; p++) {
    const stream = `${streamPrefix}${p}`;
    const [last] = await redis.xrevrange(stream, '+', '-', 'COUNT', 1);
    if (!last) continue;
    const groups = (await redis.xinfo('GROUPS', stream)) as unknown[][];
    const info = groups.map((g) => Object.fromEntries(chunk(g))).find((g) => g.name === group);
    if (!info || Number(info.pending) !== 0 || info['last-delivered-id'] !== last[0]) return false;
  }
  return true;
}

function chunk(flat: unknown[]): Array<[string, unknown]> {
  const pairs: Array<[string, unknown]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([String(flat[i]), flat[i + 1]]);
  return pairs;
}
