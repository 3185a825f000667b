import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { SERVICES, SERVICE_NAMES, serviceUrlVariable, type ServiceName } from '@vitrina/contracts';
import {
  ConfigError,
  DEFAULT_REDIS_PREFIX,
  env,
  loadAuthKeys,
  parseEnv,
  redisPrefixSchema,
  shutdownEnvShape,
  withRedisPrefixAlias,
} from '@vitrina/platform';
import { z } from 'zod';
import { REPO_ROOT } from './paths.js';

/**
 * Distributed mode on one machine (`npm run start:cluster`, docs/architecture.md §2): every service is its
 * own OS process (`node services/<name>/dist/main.js`) on PostgreSQL (one schema per service),
 * Redis Streams or Kafka for events and BullMQ for jobs; the gateway is a process too.
 *
 * Variables read here: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/vitrina, created if
 * missing), REDIS_URL (default redis://127.0.0.1:6379), EVENT_BUS (redis | kafka, default redis),
 * KAFKA_BROKERS (with EVENT_BUS=kafka), PORT (gateway, default 3000), SERVICE_PORT_OFFSET,
 * CLUSTER_INSTANCES (e.g. `catalogue:2,store:2`: extra instances of a service side by side),
 * DATA_DIR (keys; default .data/cluster), REDIS_PREFIX (start of every Redis key the stack writes, default
 * `vitrina`: give each stack sharing one Redis database its own), SHUTDOWN_TIMEOUT_MS (each process's graceful
 * stop). Everything else is passed through to the services.
 *
 * SIGTERM/SIGINT: the gateway stops first (it drains the requests it is forwarding), then every service (each
 * drains, stops its consumers, relay and workers, closes bus, queue and database); the launcher exits 0 once all
 * exited 0. A second signal is forwarded (the children stop at once) and the launcher exits 1, as it does when a
 * child fails to stop cleanly or they are still running after 2 × SHUTDOWN_TIMEOUT_MS + 5 s (then SIGKILLed).
 */
const cfg = (() => {
  try {
    return parseEnv(
      {
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
        REDIS_PREFIX: redisPrefixSchema.default(DEFAULT_REDIS_PREFIX),
        ...shutdownEnvShape,
      },
      withRedisPrefixAlias(process.env),
    );
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
let gatewayChild: ChildProcess | undefined;
let stopping = false;
/** Children that did not stop cleanly during the shutdown. */
const unclean: string[] = [];

function launch(label: string, script: string, extraEnv: Record<string, string | undefined>): ChildProcess {
  const child = spawn(process.execPath, [script], {
    cwd: REPO_ROOT,
    env: withoutUnset({ ...process.env, ...extraEnv }),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl-C in a terminal reaches the launcher only, which stops the children in order
    // (one signal each; a second signal would make them stop at once).
    detached: true,
  });
  children.add(child);
  if (label === 'gateway') gatewayChild = child;
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
    else if (code !== 0) {
      unclean.push(`${label} (code ${code}, signal ${signal})`);
    }
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
  // The private key is only for accounts, the one signer (infra/README.md); every other process verifies with the
  // public key. A private key inherited from the launcher's own environment is withheld from them too.
  const common: Record<string, string | undefined> = {
    DATABASE_URL: cfg.DATABASE_URL,
    REDIS_URL: cfg.REDIS_URL,
    REDIS_PREFIX: cfg.REDIS_PREFIX,
    REDIS_BUS_PREFIX: undefined,
    EVENT_BUS: cfg.EVENT_BUS,
    JOB_QUEUE: 'bullmq',
    DATA_DIR: dataDir,
    AUTH_PUBLIC_KEY: publicPem,
    AUTH_PRIVATE_KEY: undefined,
    ...(cfg.KAFKA_BROKERS ? { KAFKA_BROKERS: cfg.KAFKA_BROKERS } : {}),
  };
  const signer = { AUTH_PRIVATE_KEY: privatePem };
  const portOf = (name: ServiceName, i: number) => SERVICES[name].port + cfg.SERVICE_PORT_OFFSET + i * 100;
  // Every service's instances (comma-separated), known before any starts: a service may need its own address too
  // (cart-checkout's sandbox sends its webhooks to it; without it they went to the default port, wrong with an offset).
  const urls: Record<string, string> = Object.fromEntries(
    SERVICE_NAMES.map((name) => [
      serviceUrlVariable(name),
      Array.from({ length: instancesOf(name) }, (_, i) => `http://127.0.0.1:${portOf(name, i)}`).join(','),
    ]),
  );
  for (const name of SERVICE_NAMES) {
    for (let i = 0; i < instancesOf(name); i++) {
      const port = portOf(name, i);
      launch(i === 0 ? name : `${name}#${i + 1}`, resolve(REPO_ROOT, `services/${name}/dist/main.js`), {
        ...common,
        ...(name === 'accounts' ? signer : {}),
        // cart-checkout reserves stock through the catalogue's internal endpoint (its instances, comma-separated), and
        // its sandbox provider sends webhooks to cart-checkout's own address
        ...(name === 'cart-checkout'
          ? {
              [serviceUrlVariable('catalogue')]: urls[serviceUrlVariable('catalogue')],
              [serviceUrlVariable('cart-checkout')]: urls[serviceUrlVariable('cart-checkout')],
            }
          : {}),
        // orders places pay-later checkouts through cart-checkout's internal endpoint, and reads an item's return terms
        // from the catalogue when a return is requested
        ...(name === 'orders'
          ? {
              [serviceUrlVariable('cart-checkout')]: urls[serviceUrlVariable('cart-checkout')],
              [serviceUrlVariable('catalogue')]: urls[serviceUrlVariable('catalogue')],
            }
          : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
      });
    }
  }
  launch('gateway', resolve(REPO_ROOT, 'services/gateway/dist/main.js'), { ...common, ...urls, PORT: String(cfg.PORT) });
  const url = `http://localhost:${cfg.PORT}`;
  if (await waitHealthy(`${url}/api/health`, 90_000)) {
    console.log(
      `\nVitrina cluster is running: ${url} (PostgreSQL ${databaseLocation(cfg.DATABASE_URL)}, events on ${cfg.EVENT_BUS}, jobs on BullMQ)\n`,
    );
  } else {
    console.error(`The cluster did not become healthy at ${url}/api/health within 90 s`);
  }
}

/** Where the database is: `host:port`, or the Unix socket's folder for a `?host=/run/postgresql` URL. */
function databaseLocation(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const socketDir = url.searchParams.get('host');
  return socketDir?.startsWith('/') ? `socket ${socketDir}` : url.host;
}

function withoutUnset(vars: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(vars).filter((e): e is [string, string] => e[1] !== undefined));
}

/** Resolves true once every child in `list` has exited, false after `ms`. */
async function exitedWithin(list: ChildProcess[], ms: number): Promise<boolean> {
  const exits = list.map((c) =>
    c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => c.once('exit', () => resolve())),
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, ms))));
  const result = await Promise.race([Promise.all(exits).then(() => true as const), timeout]);
  clearTimeout(timer);
  return result;
}

function finish(code: number, message: string): never {
  (code === 0 ? console.log : console.error)(`[cluster] ${message}`);
  process.exit(code);
}

/** The graceful stop: gateway first, then the services; see the comment at the top. */
async function stopAll(signal: NodeJS.Signals): Promise<void> {
  stopping = true;
  console.log(`[cluster] ${signal}: stopping the gateway, then the services (SHUTDOWN_TIMEOUT_MS ${cfg.SHUTDOWN_TIMEOUT_MS} ms each)`);
  const bound = 2 * cfg.SHUTDOWN_TIMEOUT_MS + 5_000;
  const deadline = Date.now() + bound;
  if (gatewayChild && children.has(gatewayChild)) {
    gatewayChild.kill('SIGTERM');
    await exitedWithin([gatewayChild], deadline - Date.now());
  }
  for (const c of children) c.kill('SIGTERM');
  if (!(await exitedWithin([...children], deadline - Date.now()))) {
    const left = [...children];
    for (const c of left) c.kill('SIGKILL');
    finish(1, `${left.length} process(es) still running ${bound} ms after ${signal}: killed them; exiting with 1`);
  }
  if (unclean.length > 0) finish(1, `stopped; not cleanly: ${unclean.join(', ')}; exiting with 1`);
  finish(0, 'every process stopped cleanly');
}

let firstSignal: { signal: NodeJS.Signals; at: number } | undefined;
function onSignal(signal: NodeJS.Signals): void {
  if (!firstSignal) {
    firstSignal = { signal, at: Date.now() };
    void stopAll(signal);
    return;
  }
  // Ctrl-C under `npm run start:cluster` arrives twice at once (terminal and npm): the same request.
  if (signal === firstSignal.signal && Date.now() - firstSignal.at < 1_000) return;
  console.error(`[cluster] second signal (${signal}): the processes stop at once; exiting with 1`);
  const left = [...children];
  for (const c of left) c.kill('SIGTERM');
  void exitedWithin(left, 5_000).then(() => {
    for (const c of children) c.kill('SIGKILL');
    process.exit(1);
  });
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));
// The children live in their own process groups: if the launcher dies of an error, they must not outlive it.
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

await main();
