import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Inject, type INestMicroservice } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import type { EventEnvelope } from '@vitrina/contracts';
import { Redis } from 'ioredis';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database.js';
import { BusExceptionFilter, BusTransport } from '../../src/events/bus.transport.js';
import type { EventBus } from '../../src/events/event-bus.js';
import { MemoryEventBus } from '../../src/events/memory-event-bus.js';
import { RedisEventBus } from '../../src/events/redis-event-bus.js';
import { currentContext } from '../../src/logging/context.js';
import { createLogger } from '../../src/logging/logger.js';
import { Inbox } from '../../src/outbox/inbox.js';
import { Outbox } from '../../src/outbox/outbox.js';
import { OutboxRelay } from '../../src/outbox/relay.js';
import { TransactionRunner } from '../../src/outbox/transaction-runner.js';
import { requireServiceUrl, type TestDatabase } from '../../src/testing/test-database.js';
import { makeEvent } from '../events/bus.contract.js';
import { createFixtureDatabase, fixtureDb } from '../fixtures/fixture-database.js';
import { inbox as inboxTable, outbox as outboxTable, schema, widgets, type FixtureSchema } from '../fixtures/schema.js';

const GROUP = 'fixture-consumer';
const RUNNER = Symbol('runner');

/** Counts deliveries and what the inbox decided for each (true = applied, false = duplicate dropped). */
class CountingInbox extends Inbox {
  readonly decisions: boolean[] = [];
  override async process(consumer: string, event: EventEnvelope, apply: () => Promise<void>): Promise<boolean> {
    const applied = await super.process(consumer, event, apply);
    this.decisions.push(applied);
    return applied;
  }
}

const state = { handled: 0, failuresLeft: 0, traces: [] as Array<string | undefined> };

@Controller()
class WidgetEvents {
  private readonly outbox = new Outbox(schema);
  constructor(@Inject(RUNNER) private readonly runner: TransactionRunner<FixtureSchema>) {}

  @EventPattern('fixture.widget')
  async onWidget(@Payload() event: EventEnvelope<{ widgetId: string }>): Promise<void> {
    state.handled++;
    state.traces.push(currentContext()?.traceId);
    // Joins the inbox transaction: the change, the inbox row and the follow-up event commit together.
    await this.runner.run(async (tx) => {
      await tx
        .update(widgets)
        .set({ hits: sql`${widgets.hits} + 1` })
        .where(eq(widgets.id, event.data.widgetId));
      await this.outbox.add(tx, { type: 'fixture.audit.widget-hit', key: event.data.widgetId, data: { cause: event.id } });
    });
    if (state.failuresLeft > 0) {
      state.failuresLeft--;
      throw new Error('handler failed after writing (its transaction must roll back)');
    }
  }
}

const until = async (what: string, cond: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

const redisUrl = requireServiceUrl('REDIS_URL', 'inbox + BusTransport on the redis bus');
const redisPrefix = `vt-inbox-${Date.now().toString(36)}`;

const buses: Array<[string, () => Promise<EventBus>]> = [
  ['memory', async () => new MemoryEventBus({ maxAttempts: 5, baseDelayMs: 5, closeGraceMs: 100 })],
];
if (redisUrl) {
  buses.push([
    'redis',
    () =>
      RedisEventBus.connect({
        url: redisUrl,
        prefix: redisPrefix,
        partitions: 2,
        maxAttempts: 5,
        baseDelayMs: 5,
        leaseMs: 1000,
        renewMs: 100,
        claimMinIdleMs: 200,
        blockMs: 300,
        closeGraceMs: 100,
      }),
  ]);
}

describe('inbox: idempotent consumption through BusTransport (real database)', () => {
  let testDb: TestDatabase;
  let db: Db<FixtureSchema>;
  let runner: TransactionRunner<FixtureSchema>;
  let app: INestMicroservice | undefined;
  let bus: EventBus | undefined;
  let inbox: CountingInbox;

  beforeAll(async () => {
    testDb = await createFixtureDatabase('inbox');
    db = fixtureDb(testDb.database);
    runner = new TransactionRunner(db);
  }, 60_000);
  afterEach(async () => {
    await app?.close();
    await bus?.close();
    app = undefined;
    bus = undefined;
    state.handled = 0;
    state.failuresLeft = 0;
    state.traces = [];
  });
  afterAll(async () => {
    await testDb?.destroy();
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${redisPrefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });

  async function startConsumer(makeBus: () => Promise<EventBus>): Promise<EventBus> {
    bus = await makeBus();
    inbox = new CountingInbox(schema, runner);
    const moduleRef = await Test.createTestingModule({
      controllers: [WidgetEvents],
      providers: [{ provide: RUNNER, useValue: runner }],
    }).compile();
    app = moduleRef.createNestMicroservice({ strategy: new BusTransport({ bus, group: GROUP, inbox }), logger: false });
    app.useGlobalFilters(new BusExceptionFilter());
    await app.listen();
    return bus;
  }

  const widget = async (id: string) => {
    await db.insert(widgets).values({ id, name: id }).onConflictDoNothing();
    return id;
  };
  const hits = async (id: string) => (await db.select().from(widgets).where(eq(widgets.id, id)))[0].hits;
  const inboxRows = (eventId: string) =>
    db
      .select()
      .from(inboxTable)
      .where(and(eq(inboxTable.eventId, eventId), eq(inboxTable.consumer, GROUP)));
  const auditEvents = (eventId: string) =>
    db
      .select()
      .from(outboxTable)
      .where(sql`${outboxTable.envelope}->'data'->>'cause' = ${eventId}`);

  it.each(buses)('the same event delivered three times changes state once (%s bus)', async (_name, makeBus) => {
    const b = await startConsumer(makeBus);
    const id = await widget(`w-dup-${_name}`);
    const event = makeEvent('fixture.widget', id, 0, { data: { widgetId: id } });
    for (let i = 0; i < 3; i++) await b.publish('fixture.widget', [event]);
    await until('three deliveries', () => inbox.decisions.length === 3);
    expect(inbox.decisions).toEqual([true, false, false]);
    expect(state.handled).toBe(1);
    expect(await hits(id)).toBe(1);
    expect(await inboxRows(event.id)).toHaveLength(1);
    expect(await auditEvents(event.id)).toHaveLength(1);
    expect(state.traces).toEqual([event.traceId]);
  });

  it.each(buses)('a handler that fails is retried; its failed attempts leave no trace (%s bus)', async (_name, makeBus) => {
    const b = await startConsumer(makeBus);
    const id = await widget(`w-retry-${_name}`);
    state.failuresLeft = 2;
    const event = makeEvent('fixture.widget', id, 0, { data: { widgetId: id } });
    await b.publish('fixture.widget', [event]);
    await until('the successful attempt', () => inbox.decisions.length === 1);
    expect(state.handled).toBe(3);
    expect(await hits(id)).toBe(1);
    expect(await inboxRows(event.id)).toHaveLength(1);
    expect(await auditEvents(event.id)).toHaveLength(1);
  });

  it('end to end: command -> outbox -> relay -> memory bus -> inbox -> handler transaction (no deadlock on PGlite)', async () => {
    const b = await startConsumer(buses[0][1]);
    const relay = new OutboxRelay({
      db,
      tables: schema,
      bus: b,
      logger: createLogger('relay', 'silent'),
      lockName: 'fixture-e2e',
      pollMs: 50,
    });
    runner.onCommit(() => relay.kick());
    relay.start();
    try {
      const id = await widget('w-e2e');
      const [event] = await runner.run((tx) =>
        new Outbox(schema).add(tx, { type: 'fixture.widget.created', key: id, data: { widgetId: id } }),
      );
      await until('the handler to commit', async () => (await hits(id)) === 1);
      expect(await inboxRows(event.id)).toHaveLength(1);
      // The relay publishes the handler's own follow-up event too, and nothing stays pending.
      await until(
        'the outbox to drain',
        async () =>
          (
            await db
              .select()
              .from(outboxTable)
              .where(sql`${outboxTable.publishedAt} is null`)
          ).length === 0,
      );
    } finally {
      await relay.stop();
    }
  });
});
