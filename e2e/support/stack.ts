import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { deleteRedisKeys } from '@vitrina/platform/testing';

const ROOT = resolve(import.meta.dirname, '../..');

export interface Stack {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`stack exited early (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`stack not healthy at ${url} after ${timeoutMs} ms:\n${log()}`);
}

function start(script: string, env: Record<string, string>, port: number, cleanup: () => Promise<void>): Promise<Stack> {
  const child = spawn(process.execPath, [resolve(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr.on('data', (c: Buffer) => (log += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stack: Stack = {
    url,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise<void>((r) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL');
            r();
          }, 20_000);
          child.once('exit', () => {
            clearTimeout(t);
            r();
          });
        });
      }
      await cleanup();
    },
  };
  // Booting every service (migrations, demo seed) takes 2-3 minutes when the shared machine is busy.
  return waitFor(`${url}/api/health`, child, () => log, 240_000).then(
    () => stack,
    async (err) => {
      await stack.stop();
      throw err;
    },
  );
}

/**
 * `npm start` as a newcomer runs it, on its own ports and a fresh data folder; `extraEnv` adds variables a spec
 * needs (e.g. a short CHECKOUT_TTL_SECONDS).
 */
export async function startEmbedded(port = 3300, dataDir?: string, extraEnv: Record<string, string> = {}): Promise<Stack> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'vitrina-e2e-'));
  return start(
    'launcher/dist/embedded.js',
    { DATA_DIR: dir, SERVICE_PORT_OFFSET: String(port - 3000 + 1000), DATABASE_URL: '', EVENT_BUS: '', JOB_QUEUE: '', ...extraEnv },
    port,
    async () => {
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  );
}

/** `npm run start:cluster` on a fresh PostgreSQL database and Redis Streams. */
export async function startCluster(port = 3400, extraEnv: Record<string, string> = {}): Promise<Stack> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `vt_cluster_${Date.now().toString(36)}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-cluster-'));
  return start(
    'launcher/dist/cluster.js',
    {
      DATABASE_URL: url.toString(),
      EVENT_BUS: 'redis',
      REDIS_PREFIX: name,
      DATA_DIR: dir,
      SERVICE_PORT_OFFSET: String(port - 3000 + 2000),
      ...extraEnv,
    },
    port,
    async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
      await c.end();
      // The streams, groups and leases the stack kept in Redis under its prefix.
      const redisUrl = extraEnv.REDIS_URL ?? process.env.REDIS_URL;
      if (redisUrl) await deleteRedisKeys(redisUrl, `${name}*`).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  );
}

export function servicesRequired(): boolean {
  return process.env.REQUIRE_SERVICES === '1';
}
