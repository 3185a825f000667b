import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { from, lastValueFrom } from 'rxjs';
import { AUTH_USER_PROPERTY } from '../../src/auth/decorators.js';
import type { Db } from '../../src/db/database.js';
import { PreparedSql } from '../../src/db/prepared-sql.js';
import {
  activeIdempotencyKey,
  IDEMPOTENCY_TTL_MS,
  IdempotencyInterceptor,
  IN_FLIGHT_LEASE_MS,
  IdempotencyStore,
  idempotencyKeysTable,
  requestHash,
} from '../../src/http/idempotency.js';
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
    await db.execute(`create table idem_test.work (id text primary key)`);
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

  describe('an answer stored in the statement that does the work', () => {
    const interceptor = () => new IdempotencyInterceptor(new IdempotencyStore(db, table));
    /** A POST with an Idempotency-Key by `user`, through the interceptor, to `handler`. */
    const call = (user: string, key: string, handler: () => Promise<unknown>) => {
      const request = { headers: { 'idempotency-key': key }, method: 'POST', url: '/work', body: {}, [AUTH_USER_PROPERTY]: { id: user } };
      const reply = { header: () => reply };
      const context = {
        switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
        getHandler: () => handler,
      } as unknown as ExecutionContext;
      return lastValueFrom(interceptor().intercept(context, { handle: () => from(handler()) }));
    };
    /** The key's row and its version (xmin changes with every write of the row). */
    const keyRow = async (user: string, key: string) => {
      const { rows } = (await db.execute(
        sql`select status, response_body, xmin::text as version from idem_test.idempotency_keys where user_id = ${user} and key = ${key}`,
      )) as { rows: Array<{ status: string; response_body: string | null; version: string }> };
      return rows[0];
    };
    /**
     * One statement, built once (the completion's text is the same for every call): the work (an insert that may find
     * its row there already) and, with it, the key's answer.
     */
    let statement: PreparedSql<Record<string, unknown>> | undefined;
    const work = async (id: string, answer: unknown) => {
      const key = activeIdempotencyKey()!;
      statement ??= new PreparedSql(
        () =>
          sql`with w as (insert into idem_test.work (id) values (${sql.placeholder('id')}::text) on conflict do nothing returning 1),
            k as (${key.completionTemplate(sql`exists (select 1 from w)`)}) select count(*)::int as n from w`,
      );
      const completion = key.completionValues(answer);
      const rows = await statement.execute<{ n: number }>(db, { id, ...completion.values });
      const done = rows[0]?.n === 1;
      if (done) key.completed(completion.body);
      return done;
    };

    it('commits the answer with the work, and the interceptor writes nothing more', async () => {
      let during: Awaited<ReturnType<typeof keyRow>>;
      const answer = await call('s1', 'k1', async () => {
        expect(await work('w1', { id: 'w1', n: 1 })).toBe(true);
        during = await keyRow('s1', 'k1'); // before the handler returns: the statement stored it
        return { id: 'w1', n: 1 };
      });
      expect(answer).toEqual({ id: 'w1', n: 1 });
      expect(during!).toMatchObject({ status: 'done', response_body: '{"id":"w1","n":1}' });
      expect(await keyRow('s1', 'k1')).toEqual(during!); // same row version: not written again
      expect(await store.claim('s1', 'k1', requestHash('POST', '/work', {}))).toEqual({
        kind: 'replay',
        status: 201,
        body: '{"id":"w1","n":1}',
      });
    });

    it('leaves the key to the interceptor when the statement did not do the work, or the handler answered otherwise', async () => {
      let during: Awaited<ReturnType<typeof keyRow>>;
      await call('s1', 'k2', async () => {
        expect(await work('w1', { id: 'w1' })).toBe(false); // w1 exists: nothing written, the key stays in flight
        during = await keyRow('s1', 'k2');
        return { id: 'w1', again: true };
      });
      expect(during!.status).toBe('in_flight');
      expect(await keyRow('s1', 'k2')).toMatchObject({ status: 'done', response_body: '{"id":"w1","again":true}' });

      await call('s1', 'k3', async () => {
        await work('w3', { id: 'w3', draft: true });
        return { id: 'w3' }; // what the client gets is what a retry must get
      });
      expect(await keyRow('s1', 'k3')).toMatchObject({ status: 'done', response_body: '{"id":"w3"}' });
    });
  });
});
