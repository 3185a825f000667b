import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { newId, createServiceApp, type Db, type Runtime, type ServiceDefinition } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import {
  AccountsEvents,
  type EventEnvelope,
  type ReturnLabelIssuedEvent,
  type UserPinIssued,
  type UserRegistered,
} from '@vitrina/contracts';
import { createMessagingService } from '../src/messaging.module.js';
import * as schema from '../src/db/schema.js';

export interface Stack {
  runtime: Runtime;
  tdb: TestDatabase;
  messaging: NestFastifyApplication;
  /** The apps of `with`, in order. */
  others: NestFastifyApplication[];
  db: Db<typeof schema>;
  close(): Promise<void>;
}

/**
 * Messaging (and, when given, other services) on one runtime: one database with a schema per service and the
 * memory bus between them, as in embedded mode.
 */
export async function bootStack(o: { env?: Record<string, string>; with?: ServiceDefinition[] } = {}): Promise<Stack> {
  const tdb = await createTestDatabase('messaging');
  const runtime = await createTestRuntime(tdb);
  const apps: NestFastifyApplication[] = [];
  try {
    const { app: messaging } = await createServiceApp(createMessagingService({ env: { NODE_ENV: 'test', ...o.env } }), runtime);
    apps.push(messaging);
    const others: NestFastifyApplication[] = [];
    for (const def of o.with ?? []) {
      const { app } = await createServiceApp(def, runtime);
      apps.push(app);
      others.push(app);
    }
    return {
      runtime,
      tdb,
      messaging,
      others,
      db: runtime.database.drizzle(schema),
      async close() {
        for (const app of apps.reverse()) await app.close();
        await runtime.close();
        await tdb.destroy();
      },
    };
  } catch (err) {
    for (const app of apps.reverse()) await app.close().catch(() => undefined);
    await runtime.close();
    await tdb.destroy();
    throw err;
  }
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 10_000, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function json(app: NestFastifyApplication, method: string, url: string, payload?: unknown, query?: Record<string, string>) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    ...(query ? { query } : {}),
  });
  return { status: res.statusCode, body: JSON.parse(res.body || 'null'), headers: res.headers };
}

/** A pin-issued envelope as accounts publishes it. */
export function pinIssued(data: Partial<UserPinIssued> = {}): EventEnvelope<UserPinIssued> {
  const userId = newId();
  return {
    id: newId(),
    type: 'accounts.user.pin-issued',
    version: 1,
    occurredAt: new Date().toISOString(),
    key: userId,
    traceId: newId(),
    data: {
      userId,
      purpose: 'activation',
      channel: 'email',
      destination: `persona.${userId.slice(-8)}@example.com`,
      code: '048213',
      activationUrl: `http://localhost:3000/activate/${'k'.repeat(43)}`,
      expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      locale: 'es',
      fullName: 'Ana Prueba',
      ...data,
    },
  };
}

/** A return-label-issued envelope as orders publishes it (policy 'inbox', with an e-mail). */
export function labelIssued(data: Partial<ReturnLabelIssuedEvent> = {}): EventEnvelope<ReturnLabelIssuedEvent> {
  const orderId = newId();
  const userId = newId();
  return {
    id: newId(),
    type: 'orders.order.return_label_issued',
    version: 1,
    occurredAt: new Date().toISOString(),
    key: orderId,
    traceId: newId(),
    data: {
      orderId,
      checkoutId: newId(),
      userId,
      shopId: newId(),
      supplierId: newId(),
      dssupplierId: null,
      returnId: newId(),
      policy: 'inbox',
      email: `cliente.${userId.slice(-8)}@example.com`,
      customerName: 'Ana Prueba',
      shopName: 'Tienda Sol',
      shopSlug: 'tienda-sol',
      shipTo: 'Bodega Sol\nAv. Siempre Viva 742\nCDMX',
      carrier: 'Estafeta',
      trackingNumber: 'EST123456789',
      issuedAt: new Date().toISOString(),
      ...data,
    },
  };
}

export async function delivery(stack: Stack, id: string) {
  const [row] = await stack.db.select().from(schema.deliveries).where(eq(schema.deliveries.id, id));
  return row;
}

/** A user accounts registered (`accounts.user.registered` on the bus), once messaging's inbox has taken it in. */
export async function registerUser(stack: Stack, userId: string, fullName: string): Promise<void> {
  const event: EventEnvelope<UserRegistered> = {
    id: newId(),
    type: AccountsEvents.registered,
    version: 1,
    occurredAt: new Date().toISOString(),
    key: userId,
    traceId: newId(),
    data: { userId, channel: 'email', email: `${userId.slice(-6)}@example.com`, fullName, locale: 'es', affiliate: {}, canSkipPin: false },
  };
  await stack.runtime.bus.publish('accounts.user', [event]);
  await waitFor(
    async () => ((await stack.db.select().from(schema.inbox).where(eq(schema.inbox.eventId, event.id))).length ? true : undefined),
    10_000,
    `event ${event.id}`,
  );
}
