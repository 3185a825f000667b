/**
 * The whole stack on Kafka: `launcher/dist/cluster.js` (every service and the gateway as its own process, PostgreSQL,
 * BullMQ on Redis) with EVENT_BUS=kafka against librdkafka's mock cluster, every topic of libs/contracts created
 * beforehand as in infra/kafka. A diagnostic ping committed through one service's outbox reaches every service's
 * inbox over Kafka (outbox relay -> idempotent producer -> consumer groups `<service>.<topic>` -> BusTransport);
 * then SIGTERM stops the cluster cleanly (consumers leave their groups, exit 0).
 *
 * Needs DATABASE_URL and REDIS_URL (CI sets them) and the mock (gcc + librdkafka-dev); SKIP otherwise.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { ALL_TOPICS, SERVICES, SERVICE_NAMES } from '@vitrina/contracts';
import { deadLetterTopic } from '../../src/events/event-bus.js';
import { deleteRedisKeys } from '../../src/testing/redis-keys.js';
import { requireServiceUrl, servicesRequired } from '../../src/testing/test-database.js';
import { repoRoot } from '../fixtures/build-platform.js';
import { ensureKafkaMock, startKafkaMock, type KafkaMock } from './kafka-mock.js';

const databaseUrl = requireServiceUrl('DATABASE_URL', 'cluster on Kafka');
const redisUrl = requireServiceUrl('REDIS_URL', 'cluster on Kafka');
const mockAvailability = databaseUrl && redisUrl ? ensureKafkaMock() : undefined;
if (mockAvailability && !mockAvailability.available) {
  // As for DATABASE_URL and REDIS_URL: CI (REQUIRE_SERVICES=1) installs gcc and librdkafka-dev, so a missing mock fails there.
  if (servicesRequired())
    throw new Error(`cluster on Kafka: the librdkafka mock is unavailable but REQUIRE_SERVICES=1 (${mockAvailability.reason})`);
  process.stderr.write(`SKIP cluster on Kafka: ${mockAvailability.reason}\n`);
}
const available = Boolean(databaseUrl && redisUrl && mockAvailability?.available);

const CLUSTER = join(repoRoot, 'launcher/dist/cluster.js');

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePorts(bases: number[]): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const offset = 1_000 + Math.floor(Math.random() * 19_000);
    if ((await Promise.all(bases.map((b) => isFree(b + offset)))).every(Boolean)) return offset;
  }
  throw new Error('no free port range found');
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; cluster said:\n${log().slice(-4_000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

(available ? describe : describe.skip)('the cluster on Kafka (librdkafka mock)', () => {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const database = `vt_kafka_cluster_${run}`;
  const prefix = `vtkc-${run}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-kafka-cluster-'));
  let mock: KafkaMock | undefined;
  let launcher: ChildProcess | undefined;
  let exited: Promise<number | null> | undefined;
  let output = '';
  let gateway = '';

  beforeAll(async () => {
    if (!existsSync(CLUSTER)) execFileSync('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: repoRoot, stdio: 'inherit' });
    mock = await startKafkaMock();
    // As infra/kafka does for a real cluster: every topic and its dead-letter twin, before any service starts.
    await mock.createTopics(
      ALL_TOPICS.flatMap((t) => [t, deadLetterTopic(t)]),
      4,
    );
    const url = new URL(databaseUrl!);
    url.pathname = `/${database}`;
    const offset = await freePorts([3000, ...SERVICE_NAMES.map((s) => SERVICES[s].port)]);
    gateway = `http://127.0.0.1:${3000 + offset}`;
    launcher = spawn(process.execPath, [CLUSTER], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        EVENT_BUS: 'kafka',
        KAFKA_BROKERS: mock.brokers.join(','),
        KAFKA_CLIENT_ID: `vt-cluster-${run}`,
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl!,
        REDIS_PREFIX: prefix,
        PORT: String(3000 + offset),
        SERVICE_PORT_OFFSET: String(offset),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    launcher.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const child = launcher;
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    await waitFor(
      'every service to be ready',
      async () => (await fetch(`${gateway}/api/health`)).ok,
      240_000,
      () => output,
    );
  }, 300_000);

  afterAll(async () => {
    if (launcher && launcher.exitCode === null && launcher.signalCode === null) {
      launcher.kill('SIGKILL');
      await exited;
    }
    await mock?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: databaseUrl! });
    await admin.connect();
    await admin.query(`drop database if exists "${database}" with (force)`).catch(() => undefined);
    await admin.end();
    await deleteRedisKeys(redisUrl!, `${prefix}*`);
  }, 60_000);

  it('carries a ping from one service to every service over Kafka, then stops cleanly on SIGTERM', async () => {
    const sent = await fetch(`${gateway}/api/marketing/_diag/ping`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'over kafka' }),
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    const reached = new Set<string>();
    await waitFor(
      'the ping to reach every service',
      async () => {
        for (const service of SERVICE_NAMES) {
          if (reached.has(service)) continue;
          const res = await fetch(`${gateway}/api/${service}/_diag/pings/${id}`);
          if (res.ok) reached.add(service);
        }
        return reached.size === SERVICE_NAMES.length;
      },
      120_000,
      () => `${output}\nreached: ${[...reached].join(', ')}`,
    );

    launcher!.kill('SIGTERM');
    const code = await exited;
    expect({ code, stopped: /every process stopped cleanly/.test(output) }).toEqual({ code: 0, stopped: true });
  }, 240_000);
});

if (!available) it.skip('cluster on Kafka (needs DATABASE_URL, REDIS_URL and the librdkafka mock)', () => undefined);
