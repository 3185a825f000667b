import { describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { integer, pgSchema, text } from 'drizzle-orm/pg-core';
import { causeChain, databaseError, SqlState } from '../../src/db/database-errors.js';
import type { Db } from '../../src/db/database.js';
import { TransactionRunner } from '../../src/outbox/transaction-runner.js';
import { requireServiceUrl } from '../../src/testing/test-database.js';
import { scratchDatabases } from '../fixtures/scratch-databases.js';

/**
 * `databaseError` is how every service tells a refusal it expects (a taken slug, a check a concurrent write broke, a
 * lock not had in time, a function's own SQLSTATE) from a failure: it must find the driver's error however the query
 * builder and the transaction runner wrapped it, on PostgreSQL and PGlite alike, and only the code (and constraint)
 * asked for.
 */
describe('database errors behind wrapped errors (databaseError)', () => {
  const { schema, open } = scratchDatabases('db-errors');

  const things = pgSchema(schema).table('things', { id: text('id').primaryKey(), slug: text('slug').notNull(), n: integer('n').notNull() });

  async function world(url: string): Promise<{ db: Db; tx: TransactionRunner }> {
    const db = (await open(url)).drizzle({});
    await db.execute(sql.raw(`create schema if not exists "${schema}"`));
    await db.execute(
      sql.raw(`create table "${schema}".things (id text primary key, slug text not null,
        n int not null constraint things_n_positive check (n > 0), constraint things_slug_unique unique (slug))`),
    );
    await db.execute(
      sql.raw(`create function "${schema}".refuse(held int) returns int language plpgsql as $$
        begin raise exception 'refused' using errcode = 'VC409', detail = json_build_object('held', held)::text; end $$`),
    );
    await db.insert(things).values({ id: 'a', slug: 'taken', n: 1 });
    return { db, tx: new TransactionRunner(db) };
  }

  const failure = (work: Promise<unknown>) =>
    work.then(
      () => {
        throw new Error('the statement should have failed');
      },
      (err: unknown) => err,
    );

  for (const engine of ['PostgreSQL', 'PGlite'] as const) {
    it(`finds the code, constraint and detail however the error is wrapped (${engine})`, async () => {
      const url = engine === 'PostgreSQL' ? requireServiceUrl('DATABASE_URL', 'database errors on PostgreSQL') : '';
      if (url === undefined) return;
      const { db, tx } = await world(url);

      const taken = await failure(db.insert(things).values({ id: 'b', slug: 'taken', n: 1 }));
      expect(databaseError(taken, SqlState.uniqueViolation)).toMatchObject({ code: '23505', constraint: 'things_slug_unique' });
      expect(databaseError(taken, SqlState.uniqueViolation, 'things_slug_unique')).toBeDefined();
      expect(databaseError(taken, SqlState.uniqueViolation, 'another_constraint')).toBeUndefined();
      expect(databaseError(taken, SqlState.checkViolation)).toBeUndefined();

      // inside a transaction the runner rolled back: still found, and nothing was written
      const checked = await failure(
        tx.run((t) =>
          t
            .update(things)
            .set({ n: 0 })
            .where(sql`${things.id} = 'a'`),
        ),
      );
      expect(databaseError(checked, SqlState.checkViolation, 'things_n_positive')).toMatchObject({ code: '23514' });
      expect(await db.select({ n: things.n }).from(things)).toEqual([{ n: 1 }]);

      const refused = await failure(db.execute(sql.raw(`select "${schema}".refuse(7)`)));
      expect(JSON.parse(databaseError(refused, 'VC409')?.detail ?? 'null')).toEqual({ held: 7 });
    });
  }

  it('walks at most four links, and ignores anything that is not an object', () => {
    const driver = { code: '55P03', message: 'canceling statement due to lock timeout' };
    const wrapped = (e: unknown, times: number): unknown => (times === 0 ? e : new Error('wrapped', { cause: wrapped(e, times - 1) }));
    expect(databaseError(wrapped(driver, 3), SqlState.lockNotAvailable)).toEqual({ code: '55P03' });
    expect(databaseError(wrapped(driver, 4), SqlState.lockNotAvailable)).toBeUndefined();
    expect(causeChain(wrapped(driver, 2))).toHaveLength(3);
    for (const nothing of [undefined, null, '23505', 23505, new Error('no code')]) {
      expect(databaseError(nothing, SqlState.uniqueViolation)).toBeUndefined();
    }
  });
});
