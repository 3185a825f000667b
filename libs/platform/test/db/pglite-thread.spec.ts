import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { bigint, customType, integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import { openDatabase, type Database } from '../../src/db/database.js';
import { PgliteThread } from '../../src/db/pglite-thread.js';
import { rowsOf } from '../../src/db/rows.js';

/**
 * PGlite in a worker thread (embedded mode's default): what Drizzle and the services rely on must behave as on an
 * in-process PGlite: values of every kind both ways, errors with their fields, transactions that commit, roll back
 * and hold others off, and data that is on disk when the thread closes.
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const s = pgSchema('thread_test');
const things = s.table('things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique('things_name_unique'),
  big: bigint('big', { mode: 'bigint' }),
  data: jsonb('data'),
  blob: bytea('blob'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
});
const schema = { things };

describe('PGlite in a thread of its own', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-pglite-thread-'));
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: dir, pgliteThread: true });
    const db = database.drizzle(schema);
    await db.execute(sql`create schema thread_test`);
    await db.execute(sql`create table thread_test.things (
      id integer primary key, name text not null constraint things_name_unique unique,
      big bigint, data jsonb, blob bytea, at timestamptz)`);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('carries every kind of value both ways through Drizzle', async () => {
    const db = database.drizzle(schema);
    const written = {
      id: 1,
      name: 'uno',
      big: 9_007_199_254_740_993n,
      data: { a: [1, 'dos', null], b: { c: true } },
      blob: new Uint8Array([0, 1, 254, 255]),
      at: new Date('2026-11-28T12:34:56.789Z'),
    };
    await db.insert(things).values(written);
    const [row] = await db.select().from(things).where(eq(things.id, 1));
    expect(row).toEqual(written);
    // Drizzle's identity parsers cross as types: a timestamp read raw stays the database's text.
    const raw = rowsOf<{ at: string }>(await db.execute(sql`select at from thread_test.things where id = 1`));
    expect(typeof raw[0].at).toBe('string');
  });

  it('gives errors with the fields callers recognise them by', async () => {
    const db = database.drizzle(schema);
    await db.insert(things).values({ id: 2, name: 'dos' });
    const err = await db
      .insert(things)
      .values({ id: 3, name: 'dos' })
      .then(
        () => undefined,
        (e: unknown) => e as { cause?: Record<string, unknown> },
      );
    expect(err?.cause).toMatchObject({ code: '23505', constraint: 'things_name_unique', table: 'things' });
    expect(err?.cause?.message).toMatch(/duplicate key/);
    expect(await db.$count(things, eq(things.id, 3))).toBe(0);
  });

  it('commits and rolls back transactions, and holds other statements until the transaction ends', async () => {
    const db = database.drizzle(schema);
    await db.transaction(async (tx) => {
      await tx.insert(things).values({ id: 10, name: 'diez' });
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(things).values({ id: 11, name: 'once' });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    // A failed statement inside a transaction: the transaction rolls back as a whole.
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(things).values({ id: 12, name: 'doce' });
        await tx.insert(things).values({ id: 13, name: 'doce' });
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(
      (
        await db
          .select({ id: things.id })
          .from(things)
          .where(sql`${things.id} >= 10`)
      ).map((r) => r.id),
    ).toEqual([10]);

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    const tx = db.transaction(async (t) => {
      await t.insert(things).values({ id: 20, name: 'veinte' });
      inside();
      await held;
    });
    await entered;
    let seen: number | undefined;
    const outside = db.$count(things, eq(things.id, 20)).then((n) => (seen = n));
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toBeUndefined(); // waiting for the transaction's lock, as on an in-process PGlite
    release();
    await tx;
    await outside;
    expect(seen).toBe(1);
  });

  it('prepares a statement with parameters once, and again when its result type changed under it', async () => {
    const db = database.drizzle(schema);
    const thread = (db as unknown as { $client: PgliteThread }).$client;
    const text = 'select id, name from thread_test.things where id = $1';
    for (const id of [1, 2, 1]) {
      const { rows } = (await thread.query(text, [id], { rowMode: 'object' })) as { rows: Array<{ id: number }> };
      expect(rows.map((r) => r.id)).toEqual([id]);
    }
    const prepared = (await thread.query('select statement from pg_prepared_statements')) as { rows: Array<{ statement: string }> };
    expect(prepared.rows.filter((r) => r.statement === text)).toHaveLength(1);

    await thread.query('create table thread_test.shape (a integer)');
    await thread.query('insert into thread_test.shape values (1)');
    const star = 'select * from thread_test.shape where a = $1';
    expect(((await thread.query(star, [1])) as { rows: unknown[] }).rows).toEqual([{ a: 1 }]);
    await thread.query('alter table thread_test.shape add column b text');
    // PostgreSQL refuses the old plan once (0A000); the thread forgets the statement, and the next call prepares it anew.
    await expect(thread.query(star, [1])).rejects.toMatchObject({ code: '0A000' });
    expect(((await thread.query(star, [1])) as { rows: unknown[] }).rows).toEqual([{ a: 1, b: null }]);
  });

  it('prepares nothing when told so (DB_PREPARED_PER_CONNECTION=0), and still answers', async () => {
    const other = mkdtempSync(join(tmpdir(), 'vitrina-pglite-thread-unprepared-'));
    const unprepared = await openDatabase({ dataDir: other, pgliteThread: true, preparedPerConnection: 0 });
    try {
      const thread = (unprepared.drizzle({}) as unknown as { $client: PgliteThread }).$client;
      const text = 'select $1::int + 1 as n';
      expect(((await thread.query(text, [41])) as { rows: unknown[] }).rows).toEqual([{ n: 42 }]);
      expect(((await thread.query('select count(*)::int as n from pg_prepared_statements')) as { rows: unknown[] }).rows).toEqual([
        { n: 0 },
      ]);
      // The extensions the migrations create load in the thread too.
      await thread.exec('create extension pg_trgm; create extension btree_gin');
      const { rows } = (await thread.query("select similarity('cafe', 'cafes') > 0.5 as close")) as { rows: unknown[] };
      expect(rows).toEqual([{ close: true }]);
    } finally {
      await unprepared.close();
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses a value that cannot cross to the thread, and goes on answering', async () => {
    const thread = (database.drizzle(schema) as unknown as { $client: PgliteThread }).$client;
    await expect(thread.query('select $1::text as v', [() => 1])).rejects.toThrow(/could not be cloned/);
    // Nothing left waiting for an answer that will never come (it would keep the worker, and the process, alive).
    expect((thread as unknown as { calls: Map<number, unknown> }).calls.size).toBe(0);
    expect(((await thread.query('select $1::text as v', ['sí'])) as { rows: unknown[] }).rows).toEqual([{ v: 'sí' }]);
  });

  it('refuses a parser that is not the identity instead of dropping it', async () => {
    const thread = (database.drizzle(schema) as unknown as { $client: PgliteThread }).$client;
    await expect(thread.query('select 1 as one', [], { parsers: { 23: (v: string) => Number(v) * 2 } })).rejects.toThrow(
      /only identity parsers/,
    );
  });

  it('leaves its data on disk for the next open, in a thread or not', async () => {
    const db = database.drizzle(schema);
    await db.insert(things).values({ id: 30, name: 'treinta' });
    await database.close();
    await expect(db.$count(things)).rejects.toMatchObject({ cause: { message: 'PGlite thread stopped (closed)' } });
    database = await openDatabase({ dataDir: dir });
    expect(await database.drizzle(schema).$count(things, eq(things.id, 30))).toBe(1);
    await database.close();
    database = await openDatabase({ dataDir: dir, pgliteThread: true });
    expect(await database.drizzle(schema).$count(things)).toBe(5);
  });
});
