import {
  CatalogueItemEvents,
  StoreEvents,
  Topics,
  type CatalogueItemSnapshot,
  type EventEnvelope,
  type StoreShopCreated,
} from '@vitrina/contracts';
import { createServiceApp, newId, rowsOf, TokenSigner, type Runtime, type UserLevel } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { cartCheckoutService } from '../src/cart-checkout.module.js';

export type App = NestFastifyApplication;

export function tokens(runtime: Runtime) {
  const signer = TokenSigner.fromKeys(runtime.keys, { issuer: runtime.config.AUTH_ISSUER, audience: runtime.config.AUTH_AUDIENCE });
  return async (id: string, level: UserLevel = 2, keychain: string[] = []) => `Bearer ${await signer.sign({ id, level, keychain })}`;
}

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

export async function json<T = any>(
  app: App,
  method: string,
  url: string,
  opts: { auth?: string; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; raw: string; headers: Record<string, unknown> }> {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: { ...(opts.auth ? { authorization: opts.auth } : {}), ...opts.headers },
    ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json<T>() : (undefined as T), raw: res.body, headers: res.headers };
}

function envelope<T>(type: string, key: string, data: T): EventEnvelope<T> {
  return { id: newId(), type, version: 1, occurredAt: new Date().toISOString(), key, traceId: newId(), data };
}

/** Publishes what the catalogue and the store would (the service consumes them through the bus and its inbox). */
export function peers(runtime: Runtime) {
  let revision = 1;
  const item = (over: Partial<CatalogueItemSnapshot> & { ownerId: string }): CatalogueItemSnapshot => ({
    itemId: newId(),
    type: 'product',
    name: 'Jarrito',
    slug: `jarrito-${newId().slice(-6)}`,
    listState: 'published',
    hidden: false,
    isDropshipping: false,
    isFree: false,
    listPriceMinor: 15000,
    currency: 'MXN',
    soldOut: false,
    available: 10,
    stockType: 'onstock',
    maxPurchaseAmount: null,
    photo: null,
    revision: revision++,
    ...over,
  });
  return {
    item,
    async itemCreated(snapshot: CatalogueItemSnapshot) {
      await runtime.bus.publish(Topics.catalogueItem, [envelope(CatalogueItemEvents.created, snapshot.itemId, snapshot)]);
      return snapshot;
    },
    async itemUpdated(snapshot: CatalogueItemSnapshot) {
      const next = { ...snapshot, revision: revision++ };
      await runtime.bus.publish(Topics.catalogueItem, [envelope(CatalogueItemEvents.updated, snapshot.itemId, next)]);
      return next;
    },
    async itemDeleted(snapshot: CatalogueItemSnapshot) {
      await runtime.bus.publish(Topics.catalogueItem, [
        envelope(CatalogueItemEvents.deleted, snapshot.itemId, {
          itemId: snapshot.itemId,
          ownerId: snapshot.ownerId,
          revision: revision++,
        }),
      ]);
    },
    async shopCreated(shop: StoreShopCreated) {
      await runtime.bus.publish(Topics.storeShop, [envelope(StoreEvents.shopCreated, shop.shopId, shop)]);
    },
  };
}

export interface World {
  tdb: TestDatabase;
  runtime: Runtime;
  app: App;
  token: ReturnType<typeof tokens>;
  peers: ReturnType<typeof peers>;
  sql<T extends Record<string, unknown>>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

/** The cart-checkout service on a fresh test database and memory-bus runtime; catalogue and store played by `peers`. */
export async function startWorld(env: Record<string, string> = {}): Promise<World> {
  const previous = { ...process.env };
  process.env.SEED_DEMO = 'false';
  Object.assign(process.env, env);
  const tdb = await createTestDatabase('cart');
  const runtime = await createTestRuntime(tdb);
  const { app } = await createServiceApp(cartCheckoutService, runtime);
  await app.getHttpAdapter().getInstance().ready();
  for (const key of Object.keys(process.env)) if (!(key in previous)) delete process.env[key];
  Object.assign(process.env, previous);
  return {
    tdb,
    runtime,
    app,
    token: tokens(runtime),
    peers: peers(runtime),
    async sql<T extends Record<string, unknown>>(text: string) {
      return rowsOf<T>(await tdb.database.drizzle({}).execute(text));
    },
    async close() {
      await app.close();
      await runtime.close();
      await tdb.destroy();
    },
  };
}
