import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database.js';
import { TransactionRunner } from '../../src/outbox/transaction-runner.js';
import type { TestDatabase } from '../../src/testing/test-database.js';
import { createFixtureDatabase, fixtureDb } from '../fixtures/fixture-database.js';
import { widgets, type FixtureSchema } from '../fixtures/schema.js';

/**
 * Work that outlives the transaction it was started in (a `setImmediate`, a timer, a promise not awaited) keeps the
 * AsyncLocalStorage store of that transaction. Once the transaction's own function has returned it is committing or
 * over: such work must open its own transaction, never join the finished one (on PostgreSQL its client is back in
 * the pool, serving someone else; on PGlite the statement fails or waits). On PostgreSQL with DATABASE_URL, else PGlite.
 */
describe(`TransactionRunner: joining only a live transaction (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let testDb: TestDatabase;
  let db: Db<FixtureSchema>;
  let runner: TransactionRunner<FixtureSchema>;

  beforeAll(async () => {
    testDb = await createFixtureDatabase('tx-runner');
    db = fixtureDb(testDb.database);
    runner = new TransactionRunner(db);
  }, 60_000);
  afterAll(async () => {
    await testDb?.destroy();
  });

  it('inside the function: run, statement and current join the ambient transaction', async () => {
    await runner.run(async (outer) => {
      await outer.insert(widgets).values({ id: 'w-join', name: 'outer' });
      expect(runner.current()).toBe(outer);
      await runner.run(async (inner) => {
        expect(inner).toBe(outer);
        await inner.update(widgets).set({ name: 'inner' }).where(eq(widgets.id, 'w-join'));
      });
      await runner.statement(async (d) => {
        expect(d).toBe(outer);
      });
    });
    expect((await db.select().from(widgets).where(eq(widgets.id, 'w-join')))[0].name).toBe('inner');
  });

  it('after it returned: work it started (setImmediate, a timer) opens a transaction of its own', async () => {
    const later: Promise<unknown>[] = [];
    let outerTx: unknown;
    let outerCommitted!: () => void;
    // a setImmediate may fire before the outer COMMIT is through: the work waits for it before it writes, so that its
    // UPDATE (on another PostgreSQL connection) finds the committed row; the store it runs with is still the outer one
    const committed = new Promise<void>((r) => (outerCommitted = r));
    await runner.run(async (tx) => {
      outerTx = tx;
      await tx.insert(widgets).values({ id: 'w-later', name: 'first' });
      for (const schedule of [setImmediate, (fn: () => void) => setTimeout(fn, 30)]) {
        later.push(
          new Promise((resolve, reject) =>
            schedule(() => {
              const seen = { current: runner.current(), joined: undefined as unknown };
              committed
                .then(() =>
                  runner.run(async (own) => {
                    seen.joined = own;
                    await own
                      .update(widgets)
                      .set({ hits: sql`${widgets.hits} + 1` })
                      .where(eq(widgets.id, 'w-later'));
                  }),
                )
                .then(() => resolve(seen), reject);
            }),
          ),
        );
      }
    });
    outerCommitted();
    const seen = (await Promise.all(later)) as Array<{ current: unknown; joined: unknown }>;
    for (const s of seen) {
      expect(s.current).toBeUndefined();
      expect(s.joined).not.toBe(outerTx);
    }
    expect((await db.select().from(widgets).where(eq(widgets.id, 'w-later')))[0]).toMatchObject({ name: 'first', hits: 2 });
  });

  it('after a rollback too: the failed transaction is never joined', async () => {
    let retry: Promise<unknown> | undefined;
    await expect(
      runner.run(async (tx) => {
        await tx.insert(widgets).values({ id: 'w-failed', name: 'rolled back' });
        retry = new Promise((resolve, reject) =>
          setTimeout(() => void runner.run((own) => own.insert(widgets).values({ id: 'w-after', name: 'own' })).then(resolve, reject), 30),
        );
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await retry;
    expect(await db.select().from(widgets).where(eq(widgets.id, 'w-failed'))).toHaveLength(0);
    expect(await db.select().from(widgets).where(eq(widgets.id, 'w-after'))).toHaveLength(1);
  });

  it('afterCommit: runs once the transaction committed, outside it, seeing its rows; never after a rollback', async () => {
    const seen: Array<{ inside: unknown; rows: number }> = [];
    const ran = new Promise<void>(
      (resolve) =>
        void runner.run(async (tx) => {
          await tx.insert(widgets).values({ id: 'w-after-commit', name: 'committed' });
          runner.afterCommit(async () => {
            // another connection's read (PostgreSQL) sees the committed row; PGlite's one connection is free again
            const rows = await db.select().from(widgets).where(eq(widgets.id, 'w-after-commit'));
            seen.push({ inside: runner.current(), rows: rows.length });
            resolve();
          });
          // not yet: the transaction is still open
          expect(seen).toEqual([]);
        }),
    );
    await ran;
    expect(seen).toEqual([{ inside: undefined, rows: 1 }]);

    let rolledBack = false;
    await expect(
      runner.run(async (tx) => {
        await tx.insert(widgets).values({ id: 'w-after-rollback', name: 'never' });
        runner.afterCommit(() => (rolledBack = true));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await new Promise((r) => setTimeout(r, 50));
    expect(rolledBack).toBe(false);

    // without a transaction: on the next turn; a failing one hurts nobody
    const alone = new Promise<unknown>((resolve) => runner.afterCommit(() => resolve(runner.current())));
    runner.afterCommit(() => Promise.reject(new Error('its own failure')));
    expect(await alone).toBeUndefined();
  });
});
