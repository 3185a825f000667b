import { describe, expect, it } from '@jest/globals';
import { sql, type Db } from '../../src/db/database.js';
import { requireServiceUrl } from '../../src/testing/test-database.js';
import { scratchDatabases } from '../fixtures/scratch-databases.js';
import { PreparedQuery, PreparedSql } from '../../src/db/prepared-sql.js';
import { rowsOf } from '../../src/db/rows.js';
import { and, eq } from 'drizzle-orm';
import { jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every statement with parameters is prepared once per PostgreSQL connection (libs/platform `db/database.ts`,
 * `preparingClient`): parsed and analysed once, then executed by name. Each database here has one connection, so
 * `pg_prepared_statements` (which lists the current session's statements) shows everything the pool prepared.
 */
describe('statements prepared once per PostgreSQL connection', () => {
  const { schema, open } = scratchDatabases('prepared');

  async function connect(url: string, preparedPerConnection?: number): Promise<Db> {
    return (await open(url, { poolMax: 1, preparedPerConnection })).drizzle({});
  }

  async function prepared(d: Db): Promise<Array<{ statement: string; executions: number }>> {
    // No parameters: this statement itself is never prepared, so it does not count itself.
    return rowsOf<{ statement: string; executions: number }>(
      await d.execute(
        sql.raw('select statement, (generic_plans + custom_plans)::int as executions from pg_prepared_statements order by prepare_time'),
      ),
    );
  }

  it('parses a statement with parameters once and runs it by name at every later call, with the same answers', async () => {
    const url = requireServiceUrl('DATABASE_URL', 'prepared statements on PostgreSQL');
    if (!url) return;
    const d = await connect(url);
    for (let i = 1; i <= 7; i++) {
      const rows = rowsOf<{ n: number; label: string }>(await d.execute(sql`select ${i}::int * 2 as n, ${`x${i}`}::text as label`));
      expect(rows).toEqual([{ n: i * 2, label: `x${i}` }]);
    }
    // Inside a transaction the same connection reuses the same statement.
    await d.transaction(async (tx) => {
      const rows = rowsOf<{ n: number }>(await tx.execute(sql`select ${21}::int * 2 as n, ${'t'}::text as label`));
      expect(rows[0].n).toBe(42);
    });
    const list = await prepared(d);
    expect(list).toEqual([{ statement: 'select $1::int * 2 as n, $2::text as label', executions: 8 }]);
    // Texts without parameters are sent as before, several statements in one text included (migrations do this).
    await d.execute(sql.raw('select 1; select 2'));
    expect(await prepared(d)).toHaveLength(1);
  });

  it('names at most the configured number of texts per connection; later texts still run, unprepared', async () => {
    const url = requireServiceUrl('DATABASE_URL', 'prepared statements on PostgreSQL');
    if (!url) return;
    const d = await connect(url, 2);
    for (const column of ['a', 'b', 'c', 'd']) {
      for (let i = 0; i < 2; i++) {
        const rows = rowsOf<Record<string, number>>(await d.execute(sql`select ${i}::int as ${sql.identifier(column)}`));
        expect(rows).toEqual([{ [column]: i }]);
      }
    }
    expect((await prepared(d)).map((p) => p.statement)).toEqual(['select $1::int as "a"', 'select $1::int as "b"']);
  });

  it('is off with preparedPerConnection 0', async () => {
    const url = requireServiceUrl('DATABASE_URL', 'prepared statements on PostgreSQL');
    if (!url) return;
    const d = await connect(url, 0);
    await d.execute(sql`select ${1}::int as n`);
    await d.execute(sql`select ${1}::int as n`);
    expect(await prepared(d)).toEqual([]);
  });

  it('a statement that failed to parse is parsed again next time, and a prepared statement survives a migration of its table', async () => {
    const url = requireServiceUrl('DATABASE_URL', 'prepared statements on PostgreSQL');
    if (!url) return;
    const d = await connect(url);
    const table = sql.raw(`"${schema}"."things"`);
    const insert = (name: string) => sql`insert into ${table} (name) values (${name}) returning name`;
    // The table does not exist yet: the Parse fails, inside a transaction too, and nothing is remembered.
    const missing = expect.objectContaining({ cause: expect.objectContaining({ message: expect.stringMatching(/does not exist/) }) });
    await expect(d.execute(insert('early'))).rejects.toEqual(missing);
    await expect(d.transaction((tx) => tx.execute(insert('early')))).rejects.toEqual(missing);
    await d.execute(sql.raw(`create schema if not exists "${schema}"; create table "${schema}"."things" (name text not null)`));
    expect(rowsOf<{ name: string }>(await d.execute(insert('first')))).toEqual([{ name: 'first' }]);
    // A deploy's migration changes the table under the prepared statement: the server re-analyses it.
    await d.execute(sql.raw(`alter table "${schema}"."things" add column created_at timestamptz not null default now()`));
    expect(rowsOf<{ name: string }>(await d.execute(insert('second')))).toEqual([{ name: 'second' }]);
    const rows = rowsOf<{ n: number }>(
      await d.execute(
        sql`select count(*)::int as n from ${table} where created_at <= ${new Date().toISOString()}::timestamptz + interval '1 minute'`,
      ),
    );
    expect(rows[0].n).toBe(2);
    expect((await prepared(d)).map((p) => p.executions)).toEqual([2, 1]);
  });

  describe('PreparedSql: a raw statement built once', () => {
    const things = pgSchema(schema).table('built_once', {
      id: text('id').primaryKey(),
      at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
      data: jsonb('data').$type<{ n: number }>().notNull(),
    });
    let builds = 0;
    const upsertOnce = () =>
      new PreparedSql<{ id: string; at: Date; data: { n: number } }>((db) => {
        builds += 1;
        return sql`with up as ${db
          .insert(things)
          .values({ id: sql.placeholder('id'), at: sql.placeholder('at'), data: sql.placeholder('data') })
          .onConflictDoNothing()
          .returning({ id: things.id })}
        select (select count(*) from up)::int as written`;
      });

    for (const engine of ['PostgreSQL', 'PGlite'] as const) {
      it(`builds once, maps values through their columns, and runs on the pool and in a transaction (${engine})`, async () => {
        const url = engine === 'PostgreSQL' ? requireServiceUrl('DATABASE_URL', 'PreparedSql on PostgreSQL') : '';
        if (url === undefined) return;
        const d = await connect(url);
        await d.execute(sql.raw(`create schema if not exists "${schema}"`));
        await d.execute(sql.raw(`drop table if exists "${schema}"."built_once"`));
        await d.execute(
          sql.raw(`create table "${schema}"."built_once" (id text primary key, at timestamptz not null, data jsonb not null)`),
        );
        builds = 0;
        const upsert = upsertOnce();
        const at = new Date('2026-11-28T10:00:00.123Z');
        expect(await upsert.execute(d, { id: 'a', at, data: { n: 1 } })).toEqual([{ written: 1 }]);
        expect(await upsert.execute(d, { id: 'a', at, data: { n: 2 } })).toEqual([{ written: 0 }]);
        await d.transaction(async (tx) => {
          expect(await upsert.execute(tx, { id: 'b', at, data: { n: 3 } })).toEqual([{ written: 1 }]);
        });
        expect(builds).toBe(1);
        const rows = await d.select().from(things).orderBy(things.id);
        expect(rows).toEqual([
          { id: 'a', at, data: { n: 1 } },
          { id: 'b', at, data: { n: 3 } },
        ]);
        if (engine === 'PostgreSQL') {
          // prepared once on the connection, as every statement is, and run by that name three times
          const mine = (await prepared(d)).filter((p) => p.statement.includes('built_once'));
          expect(mine).toEqual([{ statement: expect.any(String), executions: 3 }]);
          // behind a pooler without prepared statements (preparedPerConnection 0) it names nothing and still runs
          const unnamed = await connect(url, 0);
          expect(await upsert.execute(unnamed, { id: 'c', at, data: { n: 4 } })).toEqual([{ written: 1 }]);
          expect(await prepared(unnamed)).toEqual([]);
        }
      });
    }
  });
  describe('PreparedQuery: a query builder built once, answering as the builder does', () => {
    const things = pgSchema(schema).table('built_query', {
      id: text('id').primaryKey(),
      ownerId: text('owner_id').notNull(),
      at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
      data: jsonb('data').$type<{ n: number }>().notNull(),
    });
    const tags = pgSchema(schema).table('built_query_tags', { thingId: text('thing_id').primaryKey(), label: text('label').notNull() });
    type Thing = typeof things.$inferSelect;

    for (const engine of ['PostgreSQL', 'PGlite'] as const) {
      it(`maps rows as the builder does, on the pool and in transactions, and builds once (${engine})`, async () => {
        const url = engine === 'PostgreSQL' ? requireServiceUrl('DATABASE_URL', 'PreparedQuery on PostgreSQL') : '';
        if (url === undefined) return;
        const d = await connect(url);
        await d.execute(sql.raw(`create schema if not exists "${schema}"`));
        await d.execute(sql.raw(`drop table if exists "${schema}"."built_query", "${schema}"."built_query_tags"`));
        await d.execute(
          sql.raw(
            `create table "${schema}"."built_query" (id text primary key, owner_id text not null, at timestamptz not null, data jsonb not null)`,
          ),
        );
        await d.execute(sql.raw(`create table "${schema}"."built_query_tags" (thing_id text primary key, label text not null)`));
        let builds = 0;
        const insert = new PreparedQuery<{ id: string; ownerId: string; at: Date; data: { n: number } }, Array<{ id: string }>>((db) => {
          builds += 1;
          return db
            .insert(things)
            .values({
              id: sql.placeholder('id'),
              ownerId: sql.placeholder('ownerId'),
              at: sql.placeholder('at'),
              data: sql.placeholder('data'),
            })
            .returning({ id: things.id });
        });
        const byOwner = new PreparedQuery<{ id: string; ownerId: string }, Thing[]>((db) => {
          builds += 1;
          return db
            .select()
            .from(things)
            .where(and(eq(things.id, sql.placeholder('id')), eq(things.ownerId, sql.placeholder('ownerId'))))
            .for('update');
        });
        const withTag = new PreparedQuery<{ id: string }, Array<{ id: string; tag: { label: string } | null }>>((db) => {
          builds += 1;
          return db
            .select({ id: things.id, tag: { label: tags.label } })
            .from(things)
            .leftJoin(tags, eq(tags.thingId, things.id))
            .where(eq(things.id, sql.placeholder('id')));
        });
        const bump = new PreparedQuery<{ id: string; n: number }, Thing[]>((db) => {
          builds += 1;
          return db
            .update(things)
            .set({ data: sql`jsonb_build_object('n', ${sql.placeholder('n')}::int)` })
            .where(eq(things.id, sql.placeholder('id')))
            .returning();
        });

        const at = new Date('2026-11-29T10:00:00.123Z');
        expect(await insert.execute(d, { id: 'a', ownerId: 'u1', at, data: { n: 1 } })).toEqual([{ id: 'a' }]);
        await d.transaction(async (tx) => {
          expect(await insert.execute(tx, { id: 'b', ownerId: 'u2', at, data: { n: 2 } })).toEqual([{ id: 'b' }]);
          // what the builder answers, key for key: camelCase, a Date, parsed json
          expect(await byOwner.execute(tx, { id: 'b', ownerId: 'u2' })).toEqual([{ id: 'b', ownerId: 'u2', at, data: { n: 2 } }]);
          expect(await byOwner.execute(tx, { id: 'b', ownerId: 'u1' })).toEqual([]);
        });
        await d.insert(tags).values({ thingId: 'a', label: 'barro' });
        // a left join's missing side is null, as the builder's own answer
        expect(await withTag.execute(d, { id: 'a' })).toEqual([{ id: 'a', tag: { label: 'barro' } }]);
        expect(await withTag.execute(d, { id: 'b' })).toEqual([{ id: 'b', tag: null }]);
        expect(await withTag.execute(d, { id: 'b' })).toEqual(
          await d
            .select({ id: things.id, tag: { label: tags.label } })
            .from(things)
            .leftJoin(tags, eq(tags.thingId, things.id))
            .where(eq(things.id, 'b')),
        );
        await d.transaction(async (tx) => {
          expect(await bump.execute(tx, { id: 'a', n: 7 })).toEqual([{ id: 'a', ownerId: 'u1', at, data: { n: 7 } }]);
        });
        expect(await byOwner.execute(d, { id: 'a', ownerId: 'u1' })).toEqual([{ id: 'a', ownerId: 'u1', at, data: { n: 7 } }]);
        // each built once, whatever the number of sessions (the pool, three transactions)
        expect(builds).toBe(4);
        if (engine === 'PostgreSQL') {
          const mine = (await prepared(d)).filter((p) => p.statement.includes('built_query'));
          // one statement each, run by name at every call: the insert twice, the read three times, the join three times
          // and once more by the plain builder (the same text), the update once, and the tag's insert once
          expect(mine.map((p) => p.executions).sort((a, b) => a - b)).toEqual([1, 1, 2, 3, 4]);
        }
      });
    }
  });
});
