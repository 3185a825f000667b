import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEMO } from '@vitrina/contracts';
import { TokenSigner, createServiceApp, newId, rowsOf, type Runtime } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import { cartCheckoutService } from '../src/cart-checkout.module.js';
import { checkouts } from '../src/db/schema.js';

export type App = NestFastifyApplication;

/** The cart-checkout service on a fresh database (PostgreSQL with DATABASE_URL, else PGlite) and a memory-bus runtime. */
export interface DeliveryWorld {
  tdb: TestDatabase;
  runtime: Runtime;
  app: App;
  token(userId: string): Promise<string>;
  call<T = any>(
    method: string,
    url: string,
    opts?: { auth?: string; payload?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; raw: string }>;
  /** A checkout row as checkout creation leaves it (open, 15 minutes left), for the delivery routes to advance. */
  checkout(userId: string, opts?: { supplierId?: string; dssupplierId?: string | null; expiresInMs?: number }): Promise<string>;
  sql<T extends Record<string, unknown>>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

export async function startDeliveryWorld(opts: { seed?: boolean } = {}): Promise<DeliveryWorld> {
  const previous = process.env.SEED_DEMO;
  process.env.SEED_DEMO = opts.seed ? 'true' : 'false';
  const tdb = await createTestDatabase('cart-checkout');
  const runtime = await createTestRuntime(tdb);
  const { app } = await createServiceApp(cartCheckoutService, runtime);
  await app.getHttpAdapter().getInstance().ready();
  if (previous === undefined) delete process.env.SEED_DEMO;
  else process.env.SEED_DEMO = previous;
  const signer = TokenSigner.fromKeys(runtime.keys, { issuer: runtime.config.AUTH_ISSUER, audience: runtime.config.AUTH_AUDIENCE });
  const db = tdb.database.drizzle({});
  return {
    tdb,
    runtime,
    app,
    token: async (id) => `Bearer ${await signer.sign({ id, level: 2, keychain: [] })}`,
    async call<T>(method: string, url: string, o: { auth?: string; payload?: unknown; headers?: Record<string, string> } = {}) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: { ...(o.auth ? { authorization: o.auth } : {}), ...o.headers },
        ...(o.payload !== undefined ? { payload: o.payload as object } : {}),
      });
      return { status: res.statusCode, body: res.body ? res.json<T>() : (undefined as T), raw: res.body };
    },
    async checkout(userId, o = {}) {
      const id = newId();
      await db.insert(checkouts).values({
        id,
        userId,
        cartId: null,
        shopId: DEMO.shops.demo.id,
        shopSlug: DEMO.shops.demo.slug,
        supplierId: o.supplierId ?? DEMO.users.supplierA.id,
        dssupplierId: o.dssupplierId ?? null,
        supplierName: 'Proveedor',
        currency: 'MXN',
        status: 'open',
        expiresAt: new Date(Date.now() + (o.expiresInMs ?? 15 * 60_000)),
        subtotalMinor: 50_000,
      });
      return id;
    },
    async sql<T extends Record<string, unknown>>(text: string) {
      return rowsOf<T>(await db.execute(text));
    },
    async close() {
      await app.close();
      await runtime.close();
      await tdb.destroy();
    },
  };
}

/** A valid address body (Guadalajara, Jalisco). */
export const anAddress = (over: Record<string, unknown> = {}) => ({
  address_name: 'Carla Cliente',
  address_phone: '33 1234 5678',
  route: 'Av. Juárez',
  street_number: '450',
  administrative_area_level_1: 'JAL',
  locality: 'Guadalajara',
  sublocality: 'Centro',
  postal_code: '44100',
  ...over,
});
