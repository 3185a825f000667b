import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@vitrina/contracts';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/database.js';
import type { EventBus, SubscribeOptions, Subscription } from '../../src/events/event-bus.js';
import { MemoryEventBus } from '../../src/events/memory-event-bus.js';
import { createLogger } from '../../src/logging/logger.js';
import { Outbox } from '../../src/outbox/outbox.js';
import { OutboxRelay, pendingOutboxRows, pendingOutboxRowsAfterSql } from '../../src/outbox/relay.js';
import { TransactionRunner } from '../../src/outbox/transaction-runner.js';
import type { TestDatabase } from '../../src/testing/test-database.js';
import { buildPlatform, repoRoot } from '../fixtures/build-platform.js';
import { createFixtureDatabase, fixtureDb } from '../fixtures/fixture-database.js';
import { outbox as outboxTable, schema, widgets, type FixtureSchema } from '../fixtures/schema.js';

const logger = createLogger('outbox-test', 'silent');
const topic = 'fixture.widget';

/** A bus whose next `failures` publishes fail, as a broker that is down would. */
class FlakyBus implements EventBus {
  readonly kind = 'memory' as const;
  failures = 0;
  readonly published: EventEnvelope[] = [];
  constructor(private readonly inner: EventBus) {}
  async publish(t: string, events: EventEnvelope[]): Promise<void> {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('broker unavailable');
    }
    await this.inner.publish(t, events);
    this.published.push(...events);
  }
  subscribe(options: SubscribeOptions): Promise<Subscription> {
    return this.inner.subscribe(options);
  }
  ping(): Promise<void> {
    return this.inner.ping();
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

const until = async (what: string, cond: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('outbox and relay (real database)', () => {
  let testDb: TestDatabase;
  let db: Db<FixtureSchema>;
  let runner: TransactionRunner<FixtureSchema>;
  const outbox = new Outbox(schema);

  beforeAll(async () => {
    testDb = await createFixtureDatabase('outbox');
    db = fixtureDb(testDb.database);
    runner = new TransactionRunner(db);
  }, 60_000);
  afterAll(async () => {
    await testDb?.destroy();
  });

  const pendingRows = () =>
    db
      .select()
      .from(outboxTable)
      .where(sql`${outboxTable.publishedAt} is null`)
      .orderBy(asc(outboxTable.seq));
  const relayFor = (bus: EventBus) =>
    new OutboxRelay({ db, tables: schema, bus, logger, lockName: `fixture-relay-${Math.random()}`, pollMs: 60_000 });

  it(`runs on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
    expect(testDb.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('commits a state change and its outbox event together', async () => {
    const [event] = await runner.run(async (tx) => {
      await tx.insert(widgets).values({ id: 'w-commit', name: 'committed' });
      return outbox.add(tx, { type: 'fixture.widget.created', key: 'w-commit', data: { id: 'w-commit' } });
    });
    expect(await db.select().from(widgets).where(eq(widgets.id, 'w-commit'))).toHaveLength(1);
    const rows = await db.select().from(outboxTable).where(eq(outboxTable.id, event.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ topic, key: 'w-commit', publishedAt: null, attempts: 0 });
    expect(rows[0].envelope).toEqual(event);
  });

  it('writes the events of one call in their order (seq follows it), each envelope as given', async () => {
    const events = await runner.run((tx) =>
      outbox.add(
        tx,
        Array.from({ length: 12 }, (_, i) => ({
          type: i % 2 ? 'fixture.widget.renamed' : 'fixture.other.made',
          key: `w-order-${i}`,
          data: { i, name: `nombre ${i} ñ "comillas" \\ ${'x'.repeat(i * 50)}`, none: null },
        })),
      ),
    );
    const rows = await db
      .select()
      .from(outboxTable)
      .where(sql`${outboxTable.key} like 'w-order-%'`)
      .orderBy(asc(outboxTable.seq));
    expect(rows.map((r) => r.id)).toEqual(events.map((e) => e.id));
    expect(rows.map((r) => r.envelope)).toEqual(events);
    expect(rows.map((r) => r.topic)).toEqual(events.map((_, i) => (i % 2 ? 'fixture.widget' : 'fixture.other')));
    // out of the relay tests' way
    await db
      .update(outboxTable)
      .set({ publishedAt: new Date() })
      .where(sql`${outboxTable.key} like 'w-order-%'`);
  });

  it('a rolled-back transaction leaves neither the change nor the event', async () => {
    let eventId = '';
    await expect(
      runner.run(async (tx) => {
        await tx.insert(widgets).values({ id: 'w-rollback', name: 'never' });
        [{ id: eventId }] = (await outbox.add(tx, { type: 'fixture.widget.created', key: 'w-rollback', data: {} })) as [EventEnvelope];
        throw new Error('business rule refused');
      }),
    ).rejects.toThrow('business rule refused');
    expect(eventId).not.toBe('');
    expect(await db.select().from(widgets).where(eq(widgets.id, 'w-rollback'))).toHaveLength(0);
    expect(await db.select().from(outboxTable).where(eq(outboxTable.id, eventId))).toHaveLength(0);
  });

  it('tells commit listeners whether the transaction wrote events, so the relay wakes only for those', async () => {
    const seen: boolean[] = [];
    const stop = runner.onCommit(({ events }) => seen.push(events));
    try {
      await runner.run((tx) => tx.insert(widgets).values({ id: 'w-quiet', name: 'no event' }));
      await runner.run(async (tx) => {
        // an event written by a nested call joins the outer transaction, and so does its note
        await runner.run((inner) => outbox.add(inner, { type: 'fixture.widget.created', key: 'w-loud', data: {} }));
        await tx.insert(widgets).values({ id: 'w-loud', name: 'with event' });
      });
      await runner.statement((q) => q.execute(sql`select 1`));
      // a one-statement write joining a transaction marks it, unless it says it writes no events
      await runner.run(() => runner.statement((q) => q.execute(sql`select 1`)));
      await runner.statement((q) => q.execute(sql`select 1`), { events: false });
      await expect(
        runner.run(async (tx) =>
          outbox.add(tx, { type: 'fixture.widget.created', key: 'w-x', data: {} }).then(() => {
            throw new Error('refused');
          }),
        ),
      ).rejects.toThrow('refused');
    } finally {
      stop();
    }
    // a rolled-back transaction calls no listener; a one-statement write counts as one with events
    expect(seen).toEqual([false, true, true, true, false]);
  });

  it('tells commit listeners what the transaction was marked with, so a queue of its own wakes only for its rows', async () => {
    const seen: string[][] = [];
    const stop = runner.onCommit(({ marks }) => seen.push([...marks]));
    try {
      await runner.run((tx) => tx.insert(widgets).values({ id: 'w-unmarked', name: 'plain' }));
      await runner.run(async () => {
        // a nested call joins the outer transaction, and its mark with it
        await runner.run(async (inner) => {
          await inner.insert(widgets).values({ id: 'w-marked', name: 'queued' });
          runner.mark(inner, 'fixture.queue');
          runner.mark(inner, 'fixture.queue');
        });
      });
      await expect(
        runner.run(async (tx) => {
          runner.mark(tx, 'fixture.queue');
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      await runner.statement((q) => q.execute(sql`select 1`));
      // a one-statement write says what it wrote; joining a transaction, it marks that one
      await runner.statement((q) => q.execute(sql`select 1`), { events: false, marks: ['fixture.queue'] });
      await runner.run(() => runner.statement((q) => q.execute(sql`select 1`), { marks: ['fixture.other'] }));
    } finally {
      stop();
    }
    // a rolled-back transaction calls no listener; marks belong to their transaction only
    expect(seen).toEqual([[], ['fixture.queue'], [], ['fixture.queue'], ['fixture.other']]);
  });

  it('the relay publishes pending rows in commit order and marks them published', async () => {
    const bus = new MemoryEventBus();
    const got: string[] = [];
    const gadgets: string[] = [];
    await bus.subscribe({ topic, group: 'g', handler: async (e) => void got.push(e.id) });
    await bus.subscribe({ topic: 'fixture.gadget', group: 'g', handler: async (e) => void gadgets.push(e.id) });
    const first = await runner.run((tx) =>
      outbox.add(tx, [
        { type: 'fixture.widget.renamed', key: 'w-commit', data: { n: 1 } },
        { type: 'fixture.gadget.created', key: 'g-1', data: {} },
      ]),
    );
    const second = await runner.run((tx) => outbox.add(tx, { type: 'fixture.widget.renamed', key: 'w-commit', data: { n: 2 } }));
    const all = (await pendingRows()).map((r) => r.id);
    expect(all.slice(-3)).toEqual([...first, ...second].map((e) => e.id));

    await relayFor(bus).drainOnce();
    // On the memory bus a row counts as published once its consumers are done (relay-settlement.spec.ts).
    await until('the rows to be marked published', async () => (await pendingRows()).length === 0);
    const widgetEvents = [first[0], second[0]].map((e) => e.id);
    await until('delivery', () => got.length >= widgetEvents.length && gadgets.length === 1);
    expect(got.slice(-2)).toEqual(widgetEvents);
    expect(gadgets).toEqual([first[1].id]);
    const published = await db.select().from(outboxTable).where(eq(outboxTable.id, second[0].id));
    expect(published[0].publishedAt).toBeInstanceOf(Date);
    await bus.close();
  });

  it('retries a failing publish with backoff and never lets a later event of the key overtake', async () => {
    const bus = new FlakyBus(new MemoryEventBus());
    const got: string[] = [];
    await bus.subscribe({ topic, group: 'g', handler: async (e) => void got.push(e.id) });
    const relay = relayFor(bus);
    const before = await runner.run((tx) =>
      outbox.add(tx, [
        { type: 'fixture.widget.renamed', key: 'w-order', data: { n: 1 } },
        { type: 'fixture.widget.renamed', key: 'w-order', data: { n: 2 } },
      ]),
    );

    bus.failures = 1;
    const drainStarted = Date.now();
    await relay.drainOnce();
    const drainEnded = Date.now();
    const failed = await pendingRows();
    expect(failed.map((r) => r.id)).toEqual(before.map((e) => e.id));
    for (const row of failed) {
      expect(row.attempts).toBe(1);
      expect(row.lastError).toBe('broker unavailable');
      // First retry 500 ms (250 ms * 2^attempts) after the failure, which happened during drainOnce: bounds taken
      // around the call, not from a later clock reading, so a slow machine cannot fail this.
      const retryAt = row.nextAttemptAt.getTime();
      expect(retryAt).toBeGreaterThanOrEqual(drainStarted + 500 - 1);
      expect(retryAt).toBeLessThanOrEqual(drainEnded + 500 + 1);
    }

    // Committed while the first two back off: must not be published before them.
    const after = await runner.run((tx) => outbox.add(tx, { type: 'fixture.widget.renamed', key: 'w-order', data: { n: 3 } }));
    await relay.drainOnce();
    expect(bus.published).toHaveLength(0);

    await until('the backoff to pass and the relay to publish', async () => {
      await relay.drainOnce();
      return bus.published.length === 3;
    });
    expect(bus.published.map((e) => e.id)).toEqual([...before, ...after].map((e) => e.id));
    await until('delivery', () => got.length === 3);
    expect(got).toEqual([...before, ...after].map((e) => e.id));
    expect(await pendingRows()).toHaveLength(0);
    await bus.close();
  });

  it('finds the pending rows by their index, however many published rows the table keeps', async () => {
    await db.execute(
      sql`insert into ${outboxTable} (id, topic, key, envelope, published_at)
          select 'kept-' || g, ${topic}, 'k', '{}'::jsonb, now() from generate_series(1, 20000) g`,
    );
    try {
      await db.execute(sql`analyze ${outboxTable}`);
      const { rows } = (await db.execute(sql`explain ${pendingOutboxRows(db, schema.outbox, 100)}`)) as {
        rows: Array<{ 'QUERY PLAN': string }>;
      };
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      // before the index, the primary key was walked through every kept row on each poll
      expect(plan).toContain('outbox_pending_seq_idx');
    } finally {
      await db.execute(sql`delete from ${outboxTable} where ${outboxTable.id} like 'kept-%'`);
    }
  });

  // Two transactions open at once: PostgreSQL only (PGlite has one connection).
  const onPostgres = process.env.DATABASE_URL ? it : it.skip;

  onPostgres('publishes a row committed after a later one was published: the number the relay passed is watched', async () => {
    const bus = new FlakyBus(new MemoryEventBus());
    const relay = relayFor(bus);
    await relay.drainOnce(); // the full scan at start; every later drain here scans above the high-water mark
    let added!: () => void;
    let release!: () => void;
    const inserted = new Promise<void>((r) => (added = r));
    const gate = new Promise<void>((r) => (release = r));
    const slow = runner.run(async (tx) => {
      const events = await outbox.add(tx, { type: 'fixture.widget.renamed', key: 'w-late', data: { n: 1 } });
      added();
      await gate;
      return events;
    });
    await inserted;
    const early = await runner.run((tx) => outbox.add(tx, { type: 'fixture.widget.renamed', key: 'w-early', data: {} }));
    await relay.drainOnce();
    expect(bus.published.map((e) => e.id)).toEqual(early.map((e) => e.id));

    release();
    const late = await slow;
    await relay.drainOnce();
    expect(bus.published.map((e) => e.id)).toEqual([...early, ...late].map((e) => e.id));
    await until('both rows marked published', async () =>
      (await pendingRows()).every((r) => !late.concat(early).some((e) => e.id === r.id)),
    );
    await bus.close();
  });

  onPostgres('a row whose transaction stays open past the watch is published by the next full scan, not lost', async () => {
    const bus = new FlakyBus(new MemoryEventBus());
    let now = 1_000_000;
    const relay = new OutboxRelay({
      db,
      tables: schema,
      bus,
      logger,
      lockName: `fixture-relay-${Math.random()}`,
      pollMs: 60_000,
      clock: () => now,
    });
    await relay.drainOnce(); // the full scan at start
    let added!: () => void;
    let release!: () => void;
    const inserted = new Promise<void>((r) => (added = r));
    const gate = new Promise<void>((r) => (release = r));
    const slow = runner.run(async (tx) => {
      const events = await outbox.add(tx, { type: 'fixture.widget.renamed', key: 'w-very-late', data: {} });
      added();
      await gate;
      return events;
    });
    await inserted;
    const early = await runner.run((tx) => outbox.add(tx, { type: 'fixture.widget.renamed', key: 'w-on-time', data: {} }));
    await relay.drainOnce();
    now += 11_000; // past the 10 s watch, the transaction still open
    await relay.drainOnce();
    release();
    const late = await slow;
    await relay.drainOnce(); // above the mark only, and no longer watched: not seen yet
    expect(bus.published.map((e) => e.id)).toEqual(early.map((e) => e.id));
    now += 50_000; // a minute since the last full scan
    await relay.drainOnce();
    expect(bus.published.map((e) => e.id)).toEqual([...early, ...late].map((e) => e.id));
    await until('both rows marked published', async () =>
      (await pendingRows()).every((r) => !late.concat(early).some((e) => e.id === r.id)),
    );
    await bus.close();
  });

  it('scans above the high-water mark by index range, not from the oldest row', async () => {
    const { rows } = (await db.execute(sql`explain ${pendingOutboxRowsAfterSql(schema.outbox, 100, 12_345, [7, 9])}`)) as {
      rows: Array<{ 'QUERY PLAN': string }>;
    };
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/seq > 12345|seq > \$/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  onPostgres('walks none of the published rows a reader still sees, where the full scan walks them all', async () => {
    // A snapshot held open keeps the entries of rows published after it in the partial index (they cannot be marked
    // dead yet), as a steady write load does, or a table autovacuum never visits.
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    const gate = new Promise<void>((r) => (release = r));
    const reader = db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read`);
      await tx.execute(sql`select count(*) from ${outboxTable}`);
      holding();
      await gate;
    });
    await held;
    try {
      await db.execute(
        sql`insert into ${outboxTable} (id, topic, key, envelope) select 'dead-' || g, ${topic}, 'k', '{}'::jsonb from generate_series(1, 5000) g`,
      );
      const { rows: top } = (await db.execute(sql`select max(seq)::int as seq from ${outboxTable}`)) as { rows: Array<{ seq: number }> };
      await db.execute(sql`update ${outboxTable} set published_at = now() where ${outboxTable.id} like 'dead-%'`);
      await db.execute(sql`analyze ${outboxTable}`); // the relay's plan on a served table, with its statistics
      const buffers = async (statement: SQL) => {
        const { rows: plan } = (await db.execute(sql`explain (analyze, buffers, format json) ${statement}`)) as {
          rows: Array<{ 'QUERY PLAN': Array<{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }> }>;
        };
        const node = plan[0]['QUERY PLAN'][0].Plan;
        return node['Shared Hit Blocks'] + node['Shared Read Blocks'];
      };
      const full = await buffers(pendingOutboxRows(db, schema.outbox, 100).getSQL());
      const bounded = await buffers(pendingOutboxRowsAfterSql(schema.outbox, 100, top[0].seq, []));
      // the full scan visits every one of the 5,000 entries and the heap pages they point to (~75 pages: a page is
      // counted once however many of its rows are visited in a row); the scan above the mark, one or two index pages
      expect(full).toBeGreaterThan(40);
      expect(bounded).toBeLessThanOrEqual(5);
    } finally {
      release();
      await reader;
      await db.execute(sql`delete from ${outboxTable} where ${outboxTable.id} like 'dead-%'`);
    }
  });

  describe('a process killed after commit and before publish', () => {
    beforeAll(() => buildPlatform(['index.js']), 120_000);

    it('still gets its event delivered after restart (real SIGKILL of the writer)', async () => {
      const pglite = testDb.database.kind === 'pglite';
      // PGlite: one process per data folder, so this process lets go of it while the writer runs.
      if (pglite) await testDb.database.close();
      const child = spawn(process.execPath, [join(repoRoot, 'libs/platform/test/fixtures/crash-writer.mjs')], {
        env: { ...process.env, FIXTURE_DATABASE_URL: testDb.url ?? '', FIXTURE_DATA_DIR: testDb.dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
      const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
      expect({ signal, err: err.trim() }).toEqual({ signal: 'SIGKILL', err: '' });
      const { widgetId, eventId } = JSON.parse(out.trim()) as { widgetId: string; eventId: string };

      // Restart: reopen the database (PGlite replays its WAL), start a relay, and the event arrives.
      if (pglite) {
        db = fixtureDb(await testDb.reopen());
        runner = new TransactionRunner(db);
      }
      expect(await db.select().from(widgets).where(eq(widgets.id, widgetId))).toHaveLength(1);
      const [row] = await db.select().from(outboxTable).where(eq(outboxTable.id, eventId));
      expect(row?.publishedAt).toBeNull();

      const bus = new MemoryEventBus();
      const got: EventEnvelope[] = [];
      await bus.subscribe({ topic, group: 'after-restart', handler: async (e) => void got.push(e) });
      const relay = relayFor(bus);
      relay.start();
      await until('the event written before the crash', () => got.some((e) => e.id === eventId));
      await until('its row to be marked published', async () => {
        const [r] = await db.select().from(outboxTable).where(eq(outboxTable.id, eventId));
        return r?.publishedAt != null;
      });
      await relay.stop();
      expect(got.find((e) => e.id === eventId)).toMatchObject({ type: 'fixture.widget.created', key: widgetId, data: { widgetId } });
      const [marked] = await db.select().from(outboxTable).where(eq(outboxTable.id, eventId));
      expect(marked?.publishedAt).toBeInstanceOf(Date);
      await bus.close();
    }, 60_000);
  });
});
