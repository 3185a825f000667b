import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Db } from '../../src/db/database.js';
import { IDEMPOTENCY_TTL_MS, IN_FLIGHT_LEASE_MS, IdempotencyStore, idempotencyKeysTable, requestHash } from '../../src/http/idempotency.js';
import { createTestDatabase, type TestDatabase } from '../../src/testing/test-database.js';

const table = idempotencyKeysTable('idem_test');

/** IdempotencyStore on PGlite or PostgreSQL: the one statement that decides between racing calls, lease and expiry. */
describe('Idempotency-Key store', () => {
  let tdb: TestDatabase;
  let db: Db;
  let now = new Date('2026-11-26T10:00:00Z');
  let store: IdempotencyStore;

  beforeAll(async () => {
    tdb = await createTestDatabase('idempotency');
    db = tdb.database.drizzle({ table });
    await db.execute(`create schema idem_test`);
    await db.execute(`create table idem_test.idempotency_keys (
      user_id text not null, key text not null, request_hash text not null, status text not null,
      response_status integer, response_body text, locked_until timestamptz not null, created_at timestamptz not null default now())`);
    await db.execute(`create unique index idempotency_keys_user_key_uq on idem_test.idempotency_keys (user_id, key)`);
    store = new IdempotencyStore(db, table, () => now);
  });
  afterAll(async () => {
    await tdb?.destroy();
  });

  it('binds a key to its request: run once, in flight, replay, reused', async () => {
    const h = requestHash('POST', '/x', { a: 1, b: [1, 2] });
    expect(requestHash('POST', '/x', { b: [1, 2], a: 1 })).toBe(h); // key order does not matter
    expect(requestHash('POST', '/y', { a: 1, b: [1, 2] })).not.toBe(h);
    const claims = await Promise.all(Array.from({ length: 10 }, () => store.claim('u1', 'k', h)));
    expect(claims.filter((c) => c.kind === 'run')).toHaveLength(1);
    expect(claims.filter((c) => c.kind === 'in_flight')).toHaveLength(9);
    expect(await store.claim('u1', 'k', 'other')).toEqual({ kind: 'reused' });
    expect(await store.claim('u2', 'k', h)).toEqual({ kind: 'run' }); // keys are per user
    await store.complete('u1', 'k', 201, '{"id":"c1"}');
    expect(await store.claim('u1', 'k', h)).toEqual({ kind: 'replay', status: 201, body: '{"id":"c1"}' });
    expect(await store.claim('u1', 'k', 'other')).toEqual({ kind: 'reused' });
  });

  it('lets a failed call be retried, and a dead call be taken over by the same request after its lease', async () => {
    expect((await store.claim('u3', 'k', 'h')).kind).toBe('run');
    await store.abandon('u3', 'k');
    expect((await store.claim('u3', 'k', 'h')).kind).toBe('run');
    now = new Date(now.getTime() + IN_FLIGHT_LEASE_MS + 1);
    expect((await store.claim('u3', 'k', 'other')).kind).toBe('reused');
    expect((await store.claim('u3', 'k', 'h')).kind).toBe('run');
    await store.complete('u3', 'k', 200, '{}');
  });

  it('forgets a key after 24 h', async () => {
    now = new Date(now.getTime() + IDEMPOTENCY_TTL_MS + 1);
    expect((await store.claim('u1', 'k', 'another body')).kind).toBe('run');
    expect(await store.prune()).toBeGreaterThanOrEqual(2); // u2's and u3's old keys
  });
});
