import { expect } from '@jest/globals';
import { asc, sql } from 'drizzle-orm';
import type { EventEnvelope, UserPinIssued } from '@vitrina/contracts';
import { createServiceApp, newId, type Runtime } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createAccountsService, ManualClock, type AccountsOptions } from '../src/accounts.module.js';
import * as schema from '../src/db/schema.js';

export interface Booted {
  app: NestFastifyApplication;
  runtime: Runtime;
  tdb: TestDatabase;
  clock: ManualClock;
  db: ReturnType<Runtime['database']['drizzle']>;
  close(): Promise<void>;
}

/** The accounts service on a fresh database, a memory bus and a clock the test moves. */
export async function bootAccounts(options: Omit<AccountsOptions, 'clock'> = {}): Promise<Booted> {
  const tdb = await createTestDatabase('accounts');
  const runtime = await createTestRuntime(tdb);
  const clock = new ManualClock(Date.now());
  let app: NestFastifyApplication;
  try {
    ({ app } = await createServiceApp(createAccountsService({ ...options, clock }), runtime));
  } catch (err) {
    await runtime.close();
    await tdb.destroy();
    throw err;
  }
  const db = runtime.database.drizzle(schema);
  return {
    app,
    runtime,
    tdb,
    clock,
    db,
    async close() {
      await app.close();
      await runtime.close();
      await tdb.destroy();
    },
  };
}

let ipCounter = 1;
/** A fresh client address, so per-IP limits of one test do not leak into another. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface CallOptions {
  token?: string;
  ip?: string;
  cookie?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Record<string, string | string[] | number | undefined>;
  cookies: Record<string, string>;
}

export async function call(
  app: NestFastifyApplication,
  method: string,
  url: string,
  payload?: unknown,
  o: CallOptions = {},
): Promise<Answer> {
  const res = await app.inject({
    method: method as 'GET',
    url,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    ...(o.query ? { query: o.query } : {}),
    remoteAddress: o.ip ?? '127.0.0.1',
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.cookie ? { cookie: o.cookie } : {}),
      ...o.headers,
    },
  });
  const cookies: Record<string, string> = {};
  for (const c of res.cookies as Array<{ name: string; value: string }>) cookies[c.name] = c.value;
  let body: unknown = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body, headers: res.headers, cookies };
}

/** Events this service wrote to its outbox (committed), oldest first, optionally of one type. */
export async function outboxEvents<T = unknown>(b: Booted, type?: string): Promise<Array<EventEnvelope<T>>> {
  const rows = await b.db
    .select({ envelope: schema.outbox.envelope })
    .from(schema.outbox)
    .where(type ? sql`${schema.outbox.envelope}->>'type' = ${type}` : sql`true`)
    .orderBy(asc(schema.outbox.seq));
  return rows.map((r) => r.envelope as EventEnvelope<T>);
}

/** The newest code sent to `destination` (read from the pin-issued event messaging would receive). */
export async function lastCode(b: Booted, destination: string): Promise<UserPinIssued> {
  const events = await outboxEvents<UserPinIssued>(b, 'accounts.user.pin-issued');
  const mine = events.filter((e) => e.data.destination === destination);
  expect(mine.length).toBeGreaterThan(0);
  return mine[mine.length - 1].data;
}

/** A PIN that is not `pin`. */
export function wrongPin(pin: string): string {
  return String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
}

let seq = 0;
export function uniqueEmail(label = 'user'): string {
  seq++;
  return `${label}.${Date.now().toString(36)}.${seq}@example.com`;
}

export function uniquePhone(): string {
  seq++;
  return `55${String(Date.now() % 1e4).padStart(4, '0')}${String(seq % 1e4).padStart(4, '0')}`;
}

export const PASSWORD = 'Secreto-2026';

/** Registers by e-mail; returns the registration answer and the PIN that was sent. */
export async function registerByEmail(b: Booted, email = uniqueEmail(), extra: Record<string, unknown> = {}, ip = freshIp()) {
  const res = await call(b.app, 'POST', '/auth/register', { full_name: 'Ana Prueba', email, password: PASSWORD, ...extra }, { ip });
  expect(res.status).toBe(201);
  const pin = await lastCode(b, email);
  return { email, ip, registration: res.body as { code: string; can_skip_pin: boolean; username: string; message: string }, pin };
}

/** Registers and activates; returns the access token and the refresh cookie. */
export async function activeUser(b: Booted, email = uniqueEmail()) {
  const { registration, pin, ip } = await registerByEmail(b, email);
  const res = await call(b.app, 'POST', '/auth/activate/pin', { pin: pin.code, code: registration.code }, { ip });
  expect(res.status).toBe(200);
  return {
    email,
    id: res.body.auth.payload.meID as string,
    token: res.body.auth.payload.access_token as string,
    refresh: res.cookies['refresh_token'],
  };
}

/** Polls `probe` until it answers something (events cross the bus asynchronously). */
export async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 30));
  }
}

/** An event as another service's outbox would publish it. */
export function envelope<T>(type: string, key: string, data: T): EventEnvelope<T> {
  return { id: newId(), type, version: 1, occurredAt: new Date().toISOString(), key, traceId: 'test', data };
}
