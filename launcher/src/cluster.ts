import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { SERVICES, SERVICE_NAMES, serviceUrlVariable, type ServiceName } from '@vitrina/contracts';
import { ConfigError, env, loadAuthKeys, parseEnv } from '@vitrina/platform';
import { z } from 'zod';
import { REPO_ROOT } from './paths.js';

/**
 * Distributed mode on one machine (`npm run start:cluster`, ARCHITECTURE §2): every service is its
 * own OS process (`node services/<name>/dist/main.js`) on PostgreSQL (one schema per service),
 * Redis Streams or Kafka for events and BullMQ for jobs; the gateway is a process too.
 *
 * Variables read here: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/vitrina, created if
 * missing), REDIS_URL (default redis://127.0.0.1:6379), EVENT_BUS (redis | kafka, default redis),
 * KAFKA_BROKERS (with EVENT_BUS=kafka), PORT (gateway, default 3000), SERVICE_PORT_OFFSET,
 * CLUSTER_INSTANCES (e.g. `catalogue:2,store:2`: extra instances of a service side by side),
 * DATA_DIR (keys; default .data/cluster). Everything else is passed through to the services.
 */
const cfg = (() => {
  try {
    return parseEnv({
      DATABASE_URL: env.url(['postgres', 'postgresql']).default('postgres://postgres@127.0.0.1:5432/vitrina'),
      REDIS_URL: env.url(['redis', 'rediss']).default('redis://127.0.0.1:6379'),
      EVENT_BUS: z.enum(['redis', 'kafka']).default('redis'),
      KAFKA_BROKERS: z.string().optional(),
      PORT: env.int(3000, 1, 65535),
      SERVICE_PORT_OFFSET: env.int(0, 0, 20000),
      CLUSTER_INSTANCES: z
        .string()
        .regex(/^([a-z-]+:\d+)(,[a-z-]+:\d+)*$/, 'must look like catalogue:2,store:2')
        .optional(),
      DATA_DIR: z.string().default('.data/cluster'),
    });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
})();

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1)) || 'postgres';
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

function instancesOf(name: ServiceName): number {
  const entry = cfg.CLUSTER_INSTANCES?.split(',').find((e) => e.startsWith(`${name}:`));
  return entry ? Math.max(1, Number(entry.split(':')[1])) : 1;
}

const children = new Set<ChildProcess>();
let stopping = false;

function launch(label: string, script: string, extraEnv: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((l) => `[${label}] ${l}`)
      .join('\n') + '\n';
  child.stdout?.on('data', (c: Buffer) => process.stdout.write(prefix(c)));
  child.stderr?.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) console.error(`[${label}] exited (code ${code}, signal ${signal})`);
  });
  return child;
}

async function waitHealthy(url: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

async function main(): Promise<void> {
  await ensureDatabase(cfg.DATABASE_URL);
  const dataDir = resolve(REPO_ROOT, cfg.DATA_DIR);
  // One key pair for the whole cluster, generated once, handed to every process as configuration.
  await loadAuthKeys({ dataDir, allowGenerate: true });
  const publicPem = readFileSync(resolve(dataDir, 'keys/auth-ed25519.pub.pem'), 'utf8');
  const privatePem = readFileSync(resolve(dataDir, 'keys/auth-ed25519.pem'), 'utf8');
  const common: Record<string, string> = {
    DATABASE_URL: cfg.DATABASE_URL,
    REDIS_URL: cfg.REDIS_URL,
    EVENT_BUS: cfg.EVENT_BUS,
    JOB_QUEUE: 'bullmq',
    DATA_DIR: dataDir,
    AUTH_PUBLIC_KEY: publicPem,
    AUTH_PRIVATE_KEY: privatePem,
    ...(cfg.KAFKA_BROKERS ? { KAFKA_BROKERS: cfg.KAFKA_BROKERS } : {}),
  };
  const urls: Record<string, string> = {};
  for (const name of SERVICE_NAMES) {
    const list: string[] = [];
    for (let i = 0; i < instancesOf(name); i++) {
      const port = SERVICES[name].port + cfg.SERVICE_PORT_OFFSET + i * 100;
      launch(i === 0 ? name : `${name}#${i + 1}`, resolve(REPO_ROOT, `services/${name}/dist/main.js`), { ...common, PORT: String(port), HOST: '127.0.0.1' });
      list.push(`http://127.0.0.1:${port}`);
    }
    urls[serviceUrlVariable(name)] = list.join(',');
  }
  launch('gateway', resolve(REPO_ROOT, 'services/gateway/dist/main.js'), { ...common, ...urls, PORT: String(cfg.PORT) });
  const url = `http://localhost:${cfg.PORT}`;
  if (await waitHealthy(`${url}/api/health`, 90_000)) {
    console.log(`\nVitrina cluster is running: ${url} (PostgreSQL ${new URL(cfg.DATABASE_URL).host}, events on ${cfg.EVENT_BUS}, jobs on BullMQ)\n`);
  } else {
    console.error(`The cluster did not become healthy at ${url}/api/health within 90 s`);
  }
}

async function stopAll(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  const deadline = Date.now() + 15_000;
  while (children.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const c of children) c.kill('SIGKILL');
  process.exit(signal === 'SIGINT' ? 0 : 0);
}
process.once('SIGINT', () => void stopAll('SIGINT'));
process.once('SIGTERM', () => void stopAll('SIGTERM'));

await main();
