import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Inject, Injectable, Module, Post, type OnModuleInit } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { eq, sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { Registry } from 'prom-client';
import type { EventEnvelope } from '@vitrina/contracts';
import { createServiceApp, type ServiceApp } from '../../src/http/bootstrap.js';
import type { Db } from '../../src/db/database.js';
import type { JobQueue } from '../../src/jobs/job-queue.js';
import { Outbox } from '../../src/outbox/outbox.js';
import { platformTables } from '../../src/outbox/tables.js';
import { TransactionRunner } from '../../src/outbox/transaction-runner.js';
import { OutboxRelayEvents } from '../../src/outbox/relay.js';
import { PlatformModule } from '../../src/runtime/platform.module.js';
import type { Runtime } from '../../src/runtime/runtime.js';
import { DB, JOB_QUEUE } from '../../src/runtime/tokens.js';
import { deleteRedisKeys } from '../../src/testing/redis-keys.js';
import { createTestDatabase, requireServiceUrl, type TestDatabase } from '../../src/testing/test-database.js';
import { createTestRuntime } from '../../src/testing/test-runtime.js';
import { installPlatformMetrics } from '../../src/telemetry/metrics.js';

// The marketing service's real migrations give this test app its platform tables.
const tables = platformTables('marketing');

@Controller('marketing/metrics-test')
class WriteController {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
  ) {}

  /** A write: one outbox row per event type given, committed with the request. */
  @Post('write')
  async write(): Promise<{ ids: string[] }> {
    const events = await this.tx.run((tx) => this.outbox.add(tx, { type: 'mtest.thing.created', key: 'k1', data: {} }));
    return { ids: events.map((e) => e.id) };
  }

  @Post('fail')
  async fail(): Promise<{ ids: string[] }> {
    const events = await this.tx.run((tx) => this.outbox.add(tx, { type: 'mtest.fail.happened', key: 'k2', data: {} }));
    return { ids: events.map((e) => e.id) };
  }
}

@Controller()
class FailingConsumer {
  @EventPattern('mtest.fail')
  async onFail(_event: EventEnvelope): Promise<void> {
    throw new Error('this handler always fails');
  }
}

@Injectable()
class FailingJobs implements OnModuleInit {
  constructor(@Inject(JOB_QUEUE) private readonly jobs: JobQueue) {}
  onModuleInit(): void {
    this.jobs.process('mtest.boom', async () => {
      throw new Error('this job always fails');
    });
  }
}

@Module({
  imports: [
    PlatformModule.forService({
      name: 'marketing',
      schema: { ...tables },
      tables,
      migrationsFolder: fileURLToPath(new URL('../../../../services/marketing/drizzle', import.meta.url)),
    }),
  ],
  controllers: [WriteController, FailingConsumer],
  providers: [FailingJobs],
})
class MetricsTestModule {}

/** The value of one series of a Prometheus text exposition, or undefined when absent. */
function series(body: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of body.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => labelText.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

async function eventually(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for: ${what}`);
}

const scrape = async (svc: ServiceApp) => (await svc.app.inject({ method: 'GET', url: '/metrics' })).body;

describe('event-system metrics of a service (memory bus, local jobs)', () => {
  let tdb: TestDatabase;
  let runtime: Runtime;
  let svc: ServiceApp;

  beforeAll(async () => {
    tdb = await createTestDatabase('metrics');
    runtime = await createTestRuntime(tdb, { EVENT_MAX_ATTEMPTS: '2' });
    svc = await createServiceApp({ name: 'marketing', module: MetricsTestModule }, runtime);
    await svc.app.getHttpAdapter().getInstance().ready();
  }, 60_000);
  afterAll(async () => {
    await svc?.app.close();
    await runtime?.close();
    await tdb?.destroy();
  });

  it('counts a failing handler’s retries and its dead-lettered event per topic and group', async () => {
    expect((await svc.app.inject({ method: 'POST', url: '/marketing/metrics-test/fail' })).statusCode).toBe(201);
    await eventually(
      async () => series(await scrape(svc), 'vitrina_events_dead_lettered_total', { topic: 'mtest.fail', group: 'marketing' }) === 1,
      'dead-lettered 1',
    );
    const body = await scrape(svc);
    // EVENT_MAX_ATTEMPTS=2: one failure retried, the second dead-lettered.
    expect(series(body, 'vitrina_event_handler_retries_total', { topic: 'mtest.fail', group: 'marketing', service: 'marketing' })).toBe(1);
  }, 90_000);

  it('reports rows held back in the outbox as backlog, with the oldest one’s age', async () => {
    const db = svc.app.get<Db>(DB, { strict: false });
    // A row backing off after failed publishes, written two minutes ago (held back: not due for an hour).
    await db.insert(tables.outbox).values({
      id: `held-${Date.now()}`,
      topic: 'mtest.held',
      key: 'k',
      envelope: {},
      createdAt: sql`now() - interval '120 seconds'`,
      nextAttemptAt: sql`now() + interval '1 hour'`,
      attempts: 3,
    });
    const body = await scrape(svc);
    expect(series(body, 'vitrina_outbox_backlog')).toBeGreaterThanOrEqual(1);
    expect(series(body, 'vitrina_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(120);
    expect(series(body, 'vitrina_outbox_publish_failures_total')).toBeUndefined(); // none happened: no series yet
  });

  it('reads the outbox once per scrape, and again for every scrape, however close they follow each other', async () => {
    const db = svc.app.get<Db>(DB, { strict: false });
    const jobs = svc.app.get<JobQueue>(JOB_QUEUE, { strict: false });
    // The real database, with its statements counted.
    let statements = 0;
    const counted = new Proxy(db, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (prop !== 'execute' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          statements++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const registry = new Registry();
    installPlatformMetrics(registry, {
      db: counted,
      tables,
      jobs,
      relay: new OutboxRelayEvents(),
      readiness: async () => ({ status: 'ok', checks: {} }),
    });
    const first = await registry.metrics();
    expect(statements).toBe(1); // both outbox gauges from one statement
    // The next scrape follows without any I/O in between: it must not be answered from the previous one.
    const id = `late-${Date.now()}`;
    const second = await registry.metrics();
    expect(statements).toBe(2);
    expect(series(second, 'vitrina_outbox_backlog')).toBe(series(first, 'vitrina_outbox_backlog'));
    await db
      .insert(tables.outbox)
      .values({ id, topic: 'mtest.late', key: 'k', envelope: {}, nextAttemptAt: sql`now() + interval '1 hour'` });
    const third = await registry.metrics();
    expect(statements).toBe(3);
    expect(series(third, 'vitrina_outbox_backlog')).toBe(series(second, 'vitrina_outbox_backlog')! + 1);
    await db.delete(tables.outbox).where(eq(tables.outbox.id, id));
  });

  it('counts a failing job’s attempts by name and reports the queue depth by state', async () => {
    const jobs = svc.app.get<JobQueue>(JOB_QUEUE, { strict: false });
    await jobs.add('mtest.boom', {}, { attempts: 2, backoffMs: 10 });
    await jobs.add('mtest.later', {}, { delayMs: 3_600_000 });
    await jobs.add('mtest.nobody', {}); // no processor here: waits
    await eventually(
      async () => series(await scrape(svc), 'vitrina_job_failures_total', { job: 'mtest.boom', outcome: 'failed' }) === 1,
      'job failed',
    );
    const body = await scrape(svc);
    expect(series(body, 'vitrina_job_failures_total', { job: 'mtest.boom', outcome: 'retry' })).toBe(1);
    expect(series(body, 'vitrina_job_queue_depth', { state: 'delayed' })).toBeGreaterThanOrEqual(1);
    expect(series(body, 'vitrina_job_queue_depth', { state: 'waiting' })).toBeGreaterThanOrEqual(1);
    expect(series(body, 'vitrina_job_queue_depth', { state: 'active' })).toBe(0);
  }, 90_000);

  it('reports every dependency up and the service not degraded', async () => {
    const body = await scrape(svc);
    for (const dependency of ['db', 'bus', 'queue']) expect(series(body, 'vitrina_dependency_up', { dependency })).toBe(1);
    expect(series(body, 'vitrina_degraded')).toBe(0);
    const ready = await svc.app.inject({ method: 'GET', url: '/health/ready' });
    expect([ready.statusCode, ready.json().status]).toEqual([200, 'ok']);
  });
});

/**
 * A TCP relay to the real Redis that the test can cut and restore on the same port: "the bus goes down" for this
 * service only, without stopping a Redis other suites use.
 */
class Cuttable {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = createConnection(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const redisUrl = requireServiceUrl('REDIS_URL', 'readiness with the Redis bus down');

(redisUrl ? describe : describe.skip)('readiness with the Redis bus down', () => {
  let tdb: TestDatabase;
  let runtime: Runtime;
  let svc: ServiceApp;
  let relay: Cuttable;
  const prefix = `vt-ready-${process.pid}-${Date.now().toString(36)}`;

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    relay = new Cuttable({ host: target.hostname, port: Number(target.port || 6379) });
    await relay.up();
    const via = new URL(redisUrl!);
    via.hostname = '127.0.0.1';
    via.port = String(relay.port);
    tdb = await createTestDatabase('ready-degraded');
    runtime = await createTestRuntime(tdb, {
      EVENT_BUS: 'redis',
      REDIS_URL: via.toString(),
      REDIS_PREFIX: prefix,
    });
    svc = await createServiceApp({ name: 'marketing', module: MetricsTestModule }, runtime);
    await svc.app.getHttpAdapter().getInstance().ready();
  }, 60_000);
  afterAll(async () => {
    await relay?.up().catch(() => undefined);
    // Bounded: in one run out of several, closing after the outage (the Redis subscriptions had lost their partition
    // leases) did not finish within a minute; the suite must end either way.
    const bounded = (p: Promise<unknown> | undefined) => Promise.race([p, new Promise((r) => setTimeout(r, 15_000).unref())]);
    await bounded(svc?.app.close());
    await bounded(runtime?.close());
    await tdb?.destroy();
    await relay?.down();
    await deleteRedisKeys(redisUrl!, `${prefix}:*`);
  }, 60_000);

  it('stays ready (200, degraded) while the bus is down, commits writes to the outbox, and publishes them once it is back', async () => {
    const ready = async () => {
      const res = await svc.app.inject({ method: 'GET', url: '/health/ready' });
      return { code: res.statusCode, body: res.json<{ status: string; checks: Record<string, string> }>() };
    };
    expect((await ready()).body.status).toBe('ok');

    await relay.down();
    const degraded = await ready();
    expect(degraded.code).toBe(200);
    expect(degraded.body.status).toBe('degraded');
    expect(degraded.body.checks.db).toBe('ok');
    expect(degraded.body.checks.bus).toMatch(/^down/);

    const write = await svc.app.inject({ method: 'POST', url: '/marketing/metrics-test/write' });
    expect(write.statusCode).toBe(201);
    const [id] = write.json<{ ids: string[] }>().ids;
    const db = svc.app.get<Db>(DB, { strict: false });
    const row = async () => (await db.select().from(tables.outbox).where(eq(tables.outbox.id, id)))[0];
    expect((await row())?.publishedAt).toBeNull();

    let body = await scrape(svc);
    expect(series(body, 'vitrina_degraded')).toBe(1);
    expect(series(body, 'vitrina_dependency_up', { dependency: 'bus' })).toBe(0);
    expect(series(body, 'vitrina_dependency_up', { dependency: 'db' })).toBe(1);
    expect(series(body, 'vitrina_outbox_backlog')).toBeGreaterThanOrEqual(1);
    // The relay's publish fails once the client gives up on the command (ioredis retries it for a while first).
    await eventually(
      async () => (series(await scrape(svc), 'vitrina_outbox_publish_failures_total', { topic: 'mtest.thing' }) ?? 0) >= 1,
      'a failed publish',
      90_000,
    );

    await relay.up();
    await eventually(async () => (await row())?.publishedAt != null, 'the row published once the bus is back', 120_000);
    expect((await ready()).body.status).toBe('ok');
    body = await scrape(svc);
    expect(series(body, 'vitrina_degraded')).toBe(0);
  }, 240_000);
});
