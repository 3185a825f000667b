import { describe, expect, it } from '@jest/globals';
import * as drizzleOrm from 'drizzle-orm';
import { and, count, eq, sql } from 'drizzle-orm';
import { alias, bigint, boolean, integer, jsonb, numeric, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/db/database.js';
import { PreparedQuery } from '../../src/db/prepared-sql.js';
import { compileRowMapper, withCompiledRows } from '../../src/db/row-mapper.js';
import { requireServiceUrl } from '../../src/testing/test-database.js';
import { scratchDatabases } from '../fixtures/scratch-databases.js';

/**
 * `compileRowMapper` replaces drizzle's per-row `mapResultRow` for prepared statements (`PreparedQuery`,
 * `withCompiledRows`): its answer must be drizzle's, object for object and key for key, for every shape a service
 * selects (whole tables, nested objects, left joins present and absent, SQL fields with and without decoders).
 */
describe('rows mapped by a mapper compiled once (compileRowMapper)', () => {
  const { schema, open } = scratchDatabases('row-mapper');

  const s = pgSchema(schema);
  const things = s.table('things', {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    n: integer('n'),
    big: bigint('big', { mode: 'number' }),
    price: numeric('price', { precision: 12, scale: 2 }),
    on: boolean('on'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }),
    atText: timestamp('at_text', { withTimezone: true, mode: 'string' }),
    data: jsonb('data').$type<unknown>(),
  });
  const tags = s.table('tags', { thingId: text('thing_id').primaryKey(), label: text('label'), weight: integer('weight').notNull() });
  const owners = s.table('owners', {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    since: timestamp('since', { mode: 'date' }),
  });
  const other = alias(tags, 'other_tags');

  async function world(url: string): Promise<Db> {
    const d = (await open(url)).drizzle({});
    await d.execute(sql.raw(`create schema if not exists "${schema}"`));
    await d.execute(sql.raw(`drop table if exists "${schema}".things, "${schema}".tags, "${schema}".owners`));
    await d.execute(
      sql.raw(`create table "${schema}".things (id text primary key, owner_id text not null, n int, big bigint, price numeric(12,2),
        "on" boolean, at timestamptz, at_text timestamptz, data jsonb)`),
    );
    await d.execute(sql.raw(`create table "${schema}".tags (thing_id text primary key, label text, weight int not null)`));
    await d.execute(sql.raw(`create table "${schema}".owners (id text primary key, name text not null, since timestamp)`));
    await d.insert(things).values([
      {
        id: 'a',
        ownerId: 'o1',
        n: 1,
        big: 9_007_199_254,
        price: '12.50',
        on: true,
        at: new Date('2026-11-29T10:00:00.123Z'),
        atText: '2026-11-29 10:00:00+00',
        data: { k: [1, 'dos'] },
      },
      { id: 'b', ownerId: 'o2', n: null, big: null, price: null, on: false, at: null, atText: null, data: null },
      { id: 'c', ownerId: 'o1', n: 3, data: sql`'null'::jsonb` },
    ]);
    // a: both tags; b: none; c: a tag whose first selected column (label) is null
    await d.insert(tags).values([
      { thingId: 'a', label: 'barro', weight: 2 },
      { thingId: 'c', label: null, weight: 5 },
    ]);
    await d.insert(owners).values([{ id: 'o1', name: 'Olga', since: new Date('2020-01-02T03:04:05.000Z') }]);
    return d;
  }

  /** drizzle's own row mapping (exported by its runtime, not declared in its types). */
  const { mapResultRow } = drizzleOrm as unknown as {
    mapResultRow: (fields: unknown, row: unknown[], joinsNotNullableMap?: Record<string, boolean>) => unknown;
  };

  /** The shapes the services select, as builders (each answers three rows, some joins absent). */
  function builders(d: Db) {
    return {
      whole: d.select().from(things).orderBy(things.id),
      nested: d
        .select({
          id: things.id,
          money: { price: things.price, n: things.n },
          when: { at: things.at, text: things.atText },
        })
        .from(things)
        .orderBy(things.id),
      leftJoins: d
        .select({
          thing: things,
          tag: tags,
          owner: { name: owners.name, since: owners.since },
          other: { label: other.label, weight: other.weight },
        })
        .from(things)
        .leftJoin(tags, eq(tags.thingId, things.id))
        .leftJoin(owners, eq(owners.id, things.ownerId))
        .leftJoin(other, and(eq(other.thingId, things.id), eq(other.weight, 5)))
        .orderBy(things.id),
      mixed: d
        .select({
          id: things.id,
          // one object of two tables' columns: drizzle never nulls it
          both: { label: tags.label, owner: owners.name },
          total: sql<number>`coalesce(${things.n}, 0) + 1`.mapWith(Number),
          raw: sql<string>`${things.ownerId} || '!'`,
          aliased: sql<string>`upper(${things.id})`.as('aliased'),
          count: count(tags.thingId),
        })
        .from(things)
        .leftJoin(tags, eq(tags.thingId, things.id))
        .leftJoin(owners, eq(owners.id, things.ownerId))
        .groupBy(things.id, tags.label, owners.name)
        .orderBy(things.id),
      returning: d
        .update(things)
        .set({ n: sql`${things.n}` })
        .where(eq(things.ownerId, 'o1'))
        .returning({ id: things.id, at: things.at, data: things.data }),
    };
  }

  for (const engine of ['PostgreSQL', 'PGlite'] as const) {
    it(`answers as drizzle's own mapping for every shape, present and absent joins alike (${engine})`, async () => {
      const url = engine === 'PostgreSQL' ? requireServiceUrl('DATABASE_URL', 'row mapper on PostgreSQL') : '';
      if (url === undefined) return;
      const d = await world(url);
      let shapes = 0;
      for (const [name, builder] of Object.entries(builders(d))) {
        const own = (await builder) as unknown[];
        const compiled = await withCompiledRows(builders(d)[name as keyof ReturnType<typeof builders>].prepare(`rm_${name}`)).execute();
        expect(compiled).toStrictEqual(own);
        // key for key, in drizzle's order (what the answers serialise to)
        expect(JSON.stringify(compiled)).toBe(JSON.stringify(own));
        // and through PreparedQuery
        const query = new PreparedQuery<Record<string, never>, unknown[]>((db) => builders(db)[name as keyof ReturnType<typeof builders>]);
        expect(await query.execute(d, {})).toStrictEqual(own);
        shapes += 1;
      }
      expect(shapes).toBe(5);
      // the absent joins were absent, the present ones present (so the comparison above covered both)
      const joined = (await builders(d).leftJoins) as Array<{ tag: unknown; owner: unknown; other: unknown }>;
      expect(joined.map((r) => [r.tag === null, r.owner === null, r.other === null])).toEqual([
        [false, false, true],
        [true, true, true],
        // c's other tag is there, but its first selected column (label) is null: drizzle nulls the object, as we do
        [false, false, true],
      ]);
    });
  }

  it('maps any row as mapResultRow does: every pattern of nulls over real rows, for every shape', async () => {
    const d = await world('');
    for (const builder of Object.values(builders(d))) {
      const prepared = builder.prepare('rm_raw') as unknown as {
        fields: Array<{ path: string[]; field: unknown }>;
        joinsNotNullableMap?: Record<string, boolean>;
        customResultMapper?: (rows: unknown[][]) => unknown;
        execute(): Promise<unknown[][]>;
      };
      // the driver's raw rows, before any mapping
      prepared.customResultMapper = (rows) => rows;
      const raw = await prepared.execute();
      const map = compileRowMapper(prepared.fields, prepared.joinsNotNullableMap);
      let seed = 7;
      const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
      for (const row of raw) {
        for (let round = 0; round < 60; round++) {
          const variant = row.map((v) => (random() < 0.35 ? null : v));
          const mine = map(variant);
          const theirs = mapResultRow(prepared.fields, variant, prepared.joinsNotNullableMap);
          expect(mine).toStrictEqual(theirs);
          expect(JSON.stringify(mine)).toBe(JSON.stringify(theirs));
        }
      }
    }
  });
});
