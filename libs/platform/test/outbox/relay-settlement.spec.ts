/**
 * The outbox relay on the memory bus (embedded mode): a row counts as published only once every consumer group of
 * its topic has committed it through its inbox (or dead-lettered it); what a crash interrupted is published again
 * at the next start and applied once. Real database (PostgreSQL with DATABASE_URL, else PGlite), real inbox.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@vitrina/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database.js';
import { rowsOf } from '../../src/db/rows.js';
import { MemoryEventBus } from '../../src/events/memory-event-bus.js';
import { createLogger } from '../../src/logging/logger.js';
import { Inbox } from '../../src/outbox/inbox.js';
import { Outbox } from '../../src/outbox/outbox.js';
import { OutboxRelay } from '../../src/outbox/relay.js';
import { TransactionRunner } from '../../src/outbox/transaction-runner.js';
import type { TestDatabase } from '../../src/testing/test-database.js';
import { buildPlatform, repoRoot } from '../fixtures/build-platform.js';
import { createFixtureDatabase, fixtureDb } from '../fixtures/fixture-database.js';
import { inbox as inboxTable, outbox as outboxTable, schema, widgets, type FixtureSchema } from '../fixtures/schema.js';

const logger = createLogger('relay-settlement-test', 'silent');
const topic = 'fixture.widget';

const until = async (what: string, cond: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('outbox relay on the memory bus: published once every consumer group committed', () => {
  let testDb: TestDatabase;
  let db: Db<FixtureSchema>;
  let runner: TransactionRunner<FixtureSchema>;
  let inbox: Inbox;
  const outbox = new Outbox(schema);
  const relays: OutboxRelay[] = [];
  const buses: MemoryEventBus[] = [];

  const open = (d: Db<FixtureSchema>) => {
    db = d;
    runner = new TransactionRunner(db);
    inbox = new Inbox(schema, runner);
  };
  beforeAll(async () => {
    testDb = await createFixtureDatabase('relay-settlement');
    open(fixtureDb(testDb.database));
  }, 60_000);
  afterAll(async () => {
    for (const r of relays) await r.stop();
    for (const b of buses) await b.close();
    await testDb?.destroy();
  });

  const newBus = (options: ConstructorParameters<typeof MemoryEventBus>[0] = {}) => {
    const bus = new MemoryEventBus({ baseDelayMs: 5, closeGraceMs: 50, ...options });
    buses.push(bus);
    return bus;
  };
  const newRelay = (bus: MemoryEventBus) => {
    const relay = new OutboxRelay({ db, tables: schema, bus, logger, lockName: `fixture-settlement-${Math.random()}`, pollMs: 60_000 });
    relays.push(relay);
    return relay;
  };
  /**
   * A consumer group as BusTransport runs one: the handler's change and its inbox row in one transaction. `before`
   * runs ahead of that transaction: a test holding a handler back must not hold a transaction open (PGlite runs one
   * at a time, so the test's own queries would wait for it).
   */
  const consume = (
    bus: MemoryEventBus,
    group: string,
    apply: (e: EventEnvelope) => Promise<void> = async () => undefined,
    before: () => Promise<void> = async () => undefined,
  ) =>
    bus.subscribe({
      topic,
      group,
      handler: async (e) => {
        await before();
        await inbox.process(group, e, () => apply(e));
      },
    });
  const hit = (e: EventEnvelope) =>
    runner.run(async (tx) => {
      await tx
        .update(widgets)
        .set({ hits: sql`${widgets.hits} + 1` })
        .where(eq(widgets.id, (e.data as { widgetId: string }).widgetId));
    });
  const writeWidget = async (id: string) =>
    (
      await runner.run(async (tx) => {
        await tx.insert(widgets).values({ id, name: id });
        return outbox.add(tx, { type: 'fixture.widget.created', key: id, data: { widgetId: id } });
      })
    )[0];
  const row = async (eventId: string) => (await db.select().from(outboxTable).where(eq(outboxTable.id, eventId)))[0];
  const inboxOf = (eventId: string) => db.select().from(inboxTable).where(eq(inboxTable.eventId, eventId));
  const hits = async (id: string) => (await db.select().from(widgets).where(eq(widgets.id, id)))[0].hits;
  const inFlight = async (eventId: string) =>
    rowsOf<{ f: boolean }>(await db.execute(sql`select (next_attempt_at = 'infinity') as f from fixture.outbox where id = ${eventId}`))[0]
      ?.f;

  it('keeps a handed-over row unpublished until the last group commits, and does not hand it over twice meanwhile', async () => {
    const bus = newBus();
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((r) => (releaseSlow = r));
    let slowCalls = 0;
    await consume(bus, 'fast', hit);
    await consume(bus, 'slow', undefined, async () => {
      slowCalls++;
      await slowGate;
    });
    const relay = newRelay(bus);
    const event = await writeWidget('w-two-groups');
    await relay.drainOnce();
    await until('the fast group to commit', async () => (await inboxOf(event.id)).length === 1);
    expect(await row(event.id)).toMatchObject({ publishedAt: null });
    expect(await inFlight(event.id)).toBe(true);
    // The relay runs again: the in-flight row is not published a second time.
    await relay.drainOnce();
    await until('the slow handler to start', () => slowCalls === 1);
    releaseSlow();
    await until('the row to be marked published', async () => (await row(event.id)).publishedAt !== null);
    expect(slowCalls).toBe(1);
    expect((await inboxOf(event.id)).map((r) => r.consumer).sort()).toEqual(['fast', 'slow']);
    expect(await hits('w-two-groups')).toBe(1);
  });

  it('counts a dead-lettered event as delivered to the group that gave up on it', async () => {
    const bus = newBus({ maxAttempts: 2 });
    let attempts = 0;
    await consume(bus, 'failing', async () => {
      attempts++;
      throw new Error('poison');
    });
    const dead: string[] = [];
    await bus.subscribe({ topic: `${topic}.dlq`, group: 'ops', handler: async (e) => void dead.push(e.id) });
    const relay = newRelay(bus);
    const event = await writeWidget('w-poison');
    await relay.drainOnce();
    await until('the row to be marked published', async () => (await row(event.id)).publishedAt !== null);
    expect(attempts).toBe(2);
    expect(dead).toContain(event.id);
    expect(await inboxOf(event.id)).toHaveLength(0);
  });

  it('with awaitGroups, waits for a consumer that subscribes after the relay published (a service started later)', async () => {
    const bus = newBus({ awaitGroups: true });
    const relay = newRelay(bus);
    const event = await writeWidget('w-late-service');
    await relay.drainOnce();
    await consume(bus, 'early', hit);
    await until('the early group to commit', async () => (await inboxOf(event.id)).length === 1);
    // Every group of the process has joined now, but one of them subscribed after the event was handed over.
    let releaseLate!: () => void;
    const lateGate = new Promise<void>((r) => (releaseLate = r));
    await consume(bus, 'late', undefined, () => lateGate);
    bus.groupsJoined();
    await new Promise((r) => setTimeout(r, 50));
    expect((await row(event.id)).publishedAt).toBeNull();
    releaseLate();
    await until('the row to be marked published', async () => (await row(event.id)).publishedAt !== null);
    expect((await inboxOf(event.id)).map((r) => r.consumer).sort()).toEqual(['early', 'late']);
  });

  it('in process: a restart publishes again what was in flight; the group that had committed drops it, the other applies it once', async () => {
    // First life: group a commits, group b never finishes (the process dies first).
    const bus1 = newBus();
    await consume(bus1, 'a', hit);
    await bus1.subscribe({ topic, group: 'b', handler: () => new Promise<void>(() => undefined) });
    const event = await writeWidget('w-restart');
    await newRelay(bus1).drainOnce();
    await until('group a to commit', async () => (await inboxOf(event.id)).length === 1);
    expect(await row(event.id)).toMatchObject({ publishedAt: null });
    // Second life: a new bus and relay (nothing of the first survives but the database).
    const bus2 = newBus({ awaitGroups: true });
    const applied: Record<string, number> = { a: 0, b: 0 };
    await consume(bus2, 'a', async (e) => {
      applied.a++;
      await hit(e);
    });
    await consume(bus2, 'b', async (e) => {
      applied.b++;
      await hit(e);
    });
    bus2.groupsJoined();
    await newRelay(bus2).drainOnce();
    await until('the row to be marked published', async () => (await row(event.id)).publishedAt !== null);
    expect(applied).toEqual({ a: 0, b: 1 });
    expect((await inboxOf(event.id)).map((r) => r.consumer).sort()).toEqual(['a', 'b']);
    expect(await hits('w-restart')).toBe(2); // once per group, never twice by one
  });

  describe('crash after publish, before handling (real SIGKILL)', () => {
    beforeAll(() => buildPlatform(['index.js']), 120_000);

    it('the event is published again after restart and handled once', async () => {
      const pglite = testDb.database.kind === 'pglite';
      // PGlite: one process per data folder, so this process lets go of it while the child runs.
      if (pglite) await testDb.database.close();
      const child = spawn(process.execPath, [join(repoRoot, 'libs/platform/test/fixtures/crash-consumer.mjs')], {
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

      // Restart: the row was handed to the dead process's bus, never committed by its consumer.
      if (pglite) open(fixtureDb(await testDb.reopen()));
      expect(await row(eventId)).toMatchObject({ publishedAt: null });
      expect(await inFlight(eventId)).toBe(true);
      expect(await inboxOf(eventId)).toHaveLength(0);

      const bus = newBus({ awaitGroups: true });
      const handled: string[] = [];
      await consume(bus, 'fixture-consumer', async (e) => {
        handled.push(e.id);
        await hit(e);
      });
      bus.groupsJoined();
      const relay = newRelay(bus);
      relay.start();
      await until('the row to be marked published', async () => (await row(eventId)).publishedAt !== null);
      // A later pass publishes nothing again.
      await relay.drainOnce();
      await new Promise((r) => setTimeout(r, 100));
      expect(handled).toEqual([eventId]);
      expect(await hits(widgetId)).toBe(1);
      expect(await inboxOf(eventId)).toHaveLength(1);
      expect(
        await db
          .select()
          .from(inboxTable)
          .where(and(eq(inboxTable.eventId, eventId), eq(inboxTable.consumer, 'fixture-consumer'))),
      ).toHaveLength(1);
    }, 90_000);
  });
});
