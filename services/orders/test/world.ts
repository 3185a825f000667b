import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PaymentEvents,
  Topics,
  type CollaboratorRole,
  type CheckoutOrderLineSnapshot,
  type CheckoutOrderSnapshot,
  type EventEnvelope,
  type PaymentSucceededEvent,
} from '@vitrina/contracts';
import { createServiceApp, MemoryEventBus, newId, rowsOf, TokenSigner, type Runtime, type UserLevel } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OrdersClock, TrackingSweep, ordersService } from '../src/orders.module.js';

export type App = NestFastifyApplication;

/** Polls `check` until it returns a truthy value (events cross the bus asynchronously). */
export async function eventually<T>(check: () => Promise<T | undefined | false | null>, timeoutMs = 20_000, stepMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

export function envelope<T>(type: string, key: string, data: T): EventEnvelope<T> {
  return { id: newId(), type, version: 1, occurredAt: new Date().toISOString(), key, traceId: newId(), data };
}

/** cart-checkout's `payment.succeeded` of a checkout, carrying its snapshot. */
export function paidEvent(snap: CheckoutOrderSnapshot, eventId = newId()): EventEnvelope<PaymentSucceededEvent> {
  const data: PaymentSucceededEvent = {
    checkoutId: snap.checkoutId,
    attemptId: newId(),
    userId: snap.userId,
    shopId: snap.shopId,
    supplierId: snap.supplierId,
    dssupplierId: snap.dssupplierId,
    method: 'card',
    provider: 'sandbox',
    chargeId: snap.chargeId,
    amountMinor: snap.subtotalMinor + snap.shippingMinor,
    financingCostMinor: snap.financingCostMinor,
    currency: snap.currency,
    instalments: null,
    paidAt: snap.placedAt,
    order: snap,
  };
  return { ...envelope(PaymentEvents.succeeded, snap.checkoutId, data), id: eventId };
}

/** A checkout snapshot as cart-checkout sends it (one product line unless told otherwise). */
export function snapshot(over: Partial<CheckoutOrderSnapshot> & { userId: string; supplierId: string }): CheckoutOrderSnapshot {
  const lines: CheckoutOrderLineSnapshot[] = over.lines ?? [
    {
      itemId: newId(),
      variantKey: '',
      variant: {},
      name: 'Jarrito de barro',
      photo: null,
      type: 'product',
      slug: 'jarrito',
      ownerId: over.dssupplierId ?? over.supplierId,
      quantity: 2,
      unitPriceMinor: 15000,
      contributionMarginMinor: 0,
      experienceDate: null,
    },
  ];
  const subtotalMinor = lines.reduce((n, l) => n + l.quantity * l.unitPriceMinor, 0);
  return {
    checkoutId: newId(),
    shopId: newId(),
    shopSlug: 'demo',
    shopName: 'Tienda Demo',
    shopOwnerId: over.supplierId,
    supplierName: 'Proveedor',
    dssupplierId: null,
    dssupplierName: null,
    currency: 'MXN',
    subtotalMinor,
    shippingMinor: 9900,
    financingCostMinor: 0,
    paymentType: 'card',
    prepaid: true,
    chargeId: 'ch_test',
    contact: { name: 'Ana López', email: 'ana@example.com', phone: '5512345678', phone_country: 'MX' },
    address: null,
    delivery: { type: 'fixed', days: 3, price: '99.00', price_minor: 9900 },
    attendees: [],
    referral: null,
    campaign: null,
    clickId: null,
    placedAt: new Date().toISOString(),
    ...over,
    lines,
  };
}

/** The catalogue's public item read (`GET /catalogue/items/{id}`) as a local HTTP server: return_info per item. */
export interface CatalogueStub {
  url: string;
  /** itemId -> [status, body]; an item not listed answers 404 (gone from the catalogue) */
  items: Map<string, [number, unknown]>;
  /** When set, every read answers 503 (the catalogue is down). */
  down: boolean;
  calls: number;
  close(): Promise<void>;
}

export async function catalogueStub(): Promise<CatalogueStub> {
  const stub = { items: new Map<string, [number, unknown]>(), down: false, calls: 0 } as CatalogueStub;
  const server: Server = createServer((req, res) => {
    stub.calls++;
    const itemId = decodeURIComponent(/\/catalogue\/items\/([^/?]+)/.exec(req.url ?? '')?.[1] ?? '');
    const [status, body] = stub.down
      ? [503, { code: 'unavailable', message: 'down' }]
      : (stub.items.get(itemId) ?? [404, { code: 'item_not_found', message: 'Item not found' }]);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise<void>((r) => server.close(() => r()));
  return stub;
}

/** What cart-checkout's internal place call answers, played by a local HTTP server speaking its wire format. */
export interface PlacementStub {
  url: string;
  /** checkoutId -> [status, body] */
  answers: Map<string, [number, unknown]>;
  calls: unknown[];
  close(): Promise<void>;
}

export async function placementStub(): Promise<PlacementStub> {
  const answers = new Map<string, [number, unknown]>();
  const calls: unknown[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      // POST /internal/checkouts/{checkoutId}/place
      const checkoutId = decodeURIComponent(/\/internal\/checkouts\/([^/]+)\/place$/.exec(req.url ?? '')?.[1] ?? '');
      calls.push({ checkoutId, ...(body ? (JSON.parse(body) as object) : {}) });
      const [status, answer] = answers.get(checkoutId) ?? [404, { code: 'checkout_not_found', message: 'Checkout not found' }];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answers,
    calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface World {
  tdb: TestDatabase;
  runtime: Runtime;
  app: App;
  clock: OrdersClock;
  tracking: TrackingSweep;
  placement: PlacementStub;
  /** A bearer token; `collaborations`: the shop owners (by user id) who gave this user a collaborator role (issue 16). */
  token(id: string, level?: UserLevel, keychain?: string[], collaborations?: Record<string, CollaboratorRole>): Promise<string>;
  request<T = any>(
    method: string,
    url: string,
    opts?: { auth?: string; payload?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; raw: string; headers: Record<string, unknown> }>;
  /** Publishes `payment.succeeded` carrying `snap` and waits for its order; answers the order id. */
  paid(snap: CheckoutOrderSnapshot): Promise<string>;
  publishPaid(snap: CheckoutOrderSnapshot, eventId?: string): Promise<void>;
  /** Publishes `event` and resolves once the service has handled it (or dead-lettered it): the memory bus's settlement. */
  deliver(topic: string, event: EventEnvelope): Promise<void>;
  orderIdOf(checkoutId: string): Promise<string | undefined>;
  sql<T extends Record<string, unknown>>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

/** The orders service on a fresh test database and memory-bus runtime; cart-checkout played by events and a stub. */
export async function startWorld(env: Record<string, string> = {}, options: { pglite?: boolean } = {}): Promise<World> {
  const placement = await placementStub();
  const previous = { ...process.env };
  process.env.SEED_DEMO = 'false';
  process.env.SERVICE_URL_CART_CHECKOUT = placement.url;
  // the embedded database instead of PostgreSQL (suites that must hold on both)
  if (options.pglite) delete process.env.DATABASE_URL;
  Object.assign(process.env, env);
  const tdb = await createTestDatabase('orders');
  const runtime = await createTestRuntime(tdb);
  const { app } = await createServiceApp(ordersService, runtime);
  await app.getHttpAdapter().getInstance().ready();
  for (const key of Object.keys(process.env)) if (!(key in previous)) delete process.env[key];
  Object.assign(process.env, previous);
  const signer = TokenSigner.fromKeys(runtime.keys, { issuer: runtime.config.AUTH_ISSUER, audience: runtime.config.AUTH_AUDIENCE });
  const sql = async <T extends Record<string, unknown>>(text: string) => rowsOf<T>(await tdb.database.drizzle({}).execute(text));
  const orderIdOf = async (checkoutId: string) =>
    (await sql<{ id: string }>(`select id from orders.orders where checkout_id = '${checkoutId.replace(/'/g, "''")}'`))[0]?.id;
  const publishPaid = async (snap: CheckoutOrderSnapshot, eventId = newId()) => {
    await runtime.bus.publish(Topics.payment, [paidEvent(snap, eventId)]);
  };
  return {
    tdb,
    runtime,
    app,
    clock: app.get(OrdersClock),
    tracking: app.get(TrackingSweep),
    placement,
    token: async (id, level = 2, keychain = [], collaborations = {}) =>
      `Bearer ${await signer.sign({ id, level, keychain, collaborations })}`,
    async request<T>(method: string, url: string, opts: { auth?: string; payload?: unknown; headers?: Record<string, string> } = {}) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: { ...(opts.auth ? { authorization: opts.auth } : {}), ...opts.headers },
        ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
      });
      return { status: res.statusCode, body: res.body ? res.json<T>() : (undefined as T), raw: res.body, headers: res.headers };
    },
    publishPaid,
    async deliver(topic, event) {
      if (!(runtime.bus instanceof MemoryEventBus)) throw new Error('deliver needs the memory bus');
      const [settled] = await runtime.bus.publishTracked(topic, [event]);
      await settled;
    },
    async paid(snap) {
      await publishPaid(snap);
      return eventually(() => orderIdOf(snap.checkoutId));
    },
    orderIdOf,
    sql,
    async close() {
      await app.close();
      await runtime.close();
      await tdb.destroy();
      await placement.close();
    },
  };
}
