/**
 * Issue 9 item 6: two stacks on one Redis database. Two real clusters (`launcher/dist/cluster.js`: every service and
 * the gateway as its own process, PostgreSQL, Redis Streams, BullMQ) share one Redis logical database and differ
 * only in REDIS_PREFIX. Before REDIS_PREFIX covered every key, their BullMQ queues (`bull:vitrina-messaging`) and
 * rate-limit counters (`vitrina:gateway:rl:`) were one, so one stack's worker took the other's PIN deliveries.
 *
 * It checks, through each gateway as a client would: every registration's PIN reaches its own stack's mailbox and
 * never the other's (bus, then BullMQ job, then mailbox); one stack's exhausted rate limit leaves the other's alone;
 * every key in that Redis database is under one of the prefixes (nothing written outside them: bus, BullMQ and
 * rate-limit keys each found under both); only the accounts process holds AUTH_PRIVATE_KEY. Then SIGTERM: each
 * launcher stops its gateway and services (a request held in flight at a service still completes) and exits 0.
 *
 * Needs DATABASE_URL and REDIS_URL (CI sets them; SKIP otherwise, an error with REQUIRE_SERVICES=1). It uses the
 * Redis logical database REDIS_TWO_STACKS_DB (default 12) and never empties it: every run's prefixes start with
 * `vt2s-`, so runs beside each other only see each other's keys under that family.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SERVICES } from '@vitrina/contracts';
import { requireServiceUrl } from '@vitrina/platform/testing';
import {
  ensureBuilt,
  freeOffset,
  freePort,
  holdRequest,
  refused,
  scratch,
  spawnNode,
  waitHealthy,
  waitUntil,
  type Scratch,
  type Spawned,
} from './support/processes.js';

const CLUSTER = 'launcher/dist/cluster.js';
const FAMILY = 'vt2s-';
const REDIS_DB = Number(process.env.REDIS_TWO_STACKS_DB ?? 12);
/** Per client IP and minute, in both stacks: above what the mailbox polls spend in a minute (one a second). */
const RATE_LIMIT = 150;
const USERS_PER_STACK = 3;
const PASSWORD = 'Dos-Pilas-2026';

const databaseUrl = requireServiceUrl('DATABASE_URL', 'two stacks on one Redis database');
const redisBase = requireServiceUrl('REDIS_URL', 'two stacks on one Redis database');
const available = Boolean(databaseUrl && redisBase);

function sharedRedisUrl(): string {
  const url = new URL(redisBase!);
  url.pathname = `/${REDIS_DB}`;
  return url.toString();
}

interface Stack {
  name: string;
  prefix: string;
  url: string;
  marketingPort: number;
  database: string;
  scratch: Scratch;
  launcher: Spawned;
  children: number[];
}

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function environOf(pid: number): Record<string, string> {
  const raw = readFileSync(`/proc/${pid}/environ`, 'utf8');
  return Object.fromEntries(
    raw
      .split('\0')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
}

async function startStack(name: string, run: string): Promise<Stack> {
  const s = await scratch(`two-stacks-${name}`, false);
  const database = `vt_2s_${run}_${name}`;
  const url = new URL(databaseUrl!);
  url.pathname = `/${database}`;
  const port = await freePort();
  const offset = await freeOffset(Object.values(SERVICES).map((x) => x.port));
  const prefix = `${FAMILY}${run}-${name}`;
  const launcher = spawnNode(CLUSTER, {
    DATABASE_URL: url.toString(),
    REDIS_URL: sharedRedisUrl(),
    REDIS_PREFIX: prefix,
    REDIS_BUS_PREFIX: undefined,
    EVENT_BUS: 'redis',
    KAFKA_BROKERS: undefined,
    PORT: String(port),
    SERVICE_PORT_OFFSET: String(offset),
    CLUSTER_INSTANCES: undefined,
    DATA_DIR: s.dataDir,
    RATE_LIMIT_PER_IP: String(RATE_LIMIT),
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
  });
  const stack: Stack = {
    name,
    prefix,
    url: `http://127.0.0.1:${port}`,
    marketingPort: SERVICES.marketing.port + offset,
    database,
    scratch: s,
    launcher,
    children: [],
  };
  return stack;
}

async function json(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function mailboxCount(stack: Stack, to: string): Promise<number> {
  const { status, body } = await json(`${stack.url}/api/dev/mailbox?to=${encodeURIComponent(to)}&limit=5`);
  if (status !== 200) throw new Error(`mailbox of ${stack.name} answered ${status}`);
  return (body as { results: unknown[] }).results.length;
}

async function scanAll(redis: Redis): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

(available ? describe : describe.skip)('two clusters on one Redis database, told apart by REDIS_PREFIX', () => {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const stacks: Stack[] = [];
  let redis: Redis;

  beforeAll(async () => {
    ensureBuilt(CLUSTER, 'services/gateway/dist/main.js', 'services/messaging/dist/main.js');
    redis = new Redis(sharedRedisUrl(), { maxRetriesPerRequest: 1 });
    stacks.push(await startStack('a', run), await startStack('b', run));
    await Promise.all(stacks.map((s) => waitHealthy(`${s.url}/api/health`, s.launcher, 300_000)));
    for (const s of stacks) s.children = childrenOf(s.launcher.child.pid!);
  }, 330_000);

  afterAll(async () => {
    for (const s of stacks) {
      await s.launcher.kill();
      for (const pid of s.children) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* gone already */
        }
      }
    }
    if (redis) {
      for (const s of stacks) {
        const mine = (await scanAll(redis)).filter((k) => k.startsWith(`${s.prefix}:`));
        for (let i = 0; i < mine.length; i += 500) await redis.del(...mine.slice(i, i + 500));
      }
      await redis.quit();
    }
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    for (const s of stacks) await admin.query(`drop database if exists "${s.database}" with (force)`).catch(() => undefined);
    await admin.end();
    for (const s of stacks) await s.scratch.cleanup();
  }, 120_000);

  it('gives AUTH_PRIVATE_KEY to the accounts process only', () => {
    for (const s of stacks) {
      const seen = s.children.map((pid) => {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
        const env = environOf(pid);
        return {
          service: /services\/([a-z-]+)\/dist\/main\.js/.exec(cmd)?.[1],
          hasPrivateKey: 'AUTH_PRIVATE_KEY' in env,
          prefix: env.REDIS_PREFIX,
        };
      });
      expect(seen).toHaveLength(8);
      for (const p of seen) expect(p).toEqual({ service: p.service, hasPrivateKey: p.service === 'accounts', prefix: s.prefix });
    }
  });

  it("delivers every stack's PINs to its own mailbox only", async () => {
    const emails = new Map<Stack, string[]>();
    for (const s of stacks) {
      const list: string[] = [];
      for (let i = 0; i < USERS_PER_STACK; i++) {
        const email = `pila.${s.name}.${i}.${run}@example.com`;
        const res = await json(`${s.url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ full_name: `Pila ${s.name.toUpperCase()} ${i}`, email, password: PASSWORD }),
        });
        expect(res.status).toBe(201);
        list.push(email);
      }
      emails.set(s, list);
    }
    for (const s of stacks) {
      for (const email of emails.get(s)!) {
        // One look a second: the polls count against the stack's per-IP limit, which the next test needs unspent.
        await waitUntil(
          async () => ((await mailboxCount(s, email)) > 0 ? true : undefined),
          `the PIN of ${email} in stack ${s.name}'s mailbox`,
          120_000,
          1_000,
        );
      }
    }
    for (const s of stacks) {
      const other = stacks.find((o) => o !== s)!;
      for (const email of emails.get(s)!) {
        expect({ email, inOwn: await mailboxCount(s, email), inOther: await mailboxCount(other, email) }).toEqual({
          email,
          inOwn: 1,
          inOther: 0,
        });
      }
    }
  }, 300_000);

  it("keeps each stack's rate limits apart", async () => {
    const [a, b] = stacks as [Stack, Stack];
    let status = 0;
    for (let i = 0; i <= RATE_LIMIT && status !== 429; i++) status = (await fetch(`${a.url}/api/marketing/_ping`)).status;
    expect(status).toBe(429);
    expect((await fetch(`${b.url}/api/marketing/_ping`)).status).toBe(200);
  }, 120_000);

  it('writes every Redis key under its REDIS_PREFIX: bus streams, BullMQ queues and rate limits alike', async () => {
    const keys = await scanAll(redis);
    expect(keys.filter((k) => !k.startsWith(FAMILY))).toEqual([]);
    for (const s of stacks) {
      const mine = keys.filter((k) => k.startsWith(`${s.prefix}:`));
      expect(mine.some((k) => k.startsWith(`${s.prefix}:accounts.user:p`))).toBe(true);
      expect(mine.some((k) => k.startsWith(`${s.prefix}:jobs:vitrina-messaging:`))).toBe(true);
      expect(mine.some((k) => k.startsWith(`${s.prefix}:gateway:rl:ip:`))).toBe(true);
    }
  });

  it('stops each cluster on SIGTERM: a request in flight completes, every process stops cleanly, the launcher exits 0', async () => {
    const [a, b] = stacks as [Stack, Stack];
    const held = holdRequest(a.marketingPort, '/marketing/_diag/ping', { note: 'in flight at SIGTERM' });
    await held.accepted;
    a.launcher.child.kill('SIGTERM');
    b.launcher.child.kill('SIGTERM');
    await waitUntil(async () => ((await refused(`${a.url}/api/health`)) ? true : undefined), "stack a's gateway to turn requests away");
    held.finish();
    expect((await held.response).status).toBe(201);
    for (const s of [a, b]) {
      expect(await s.launcher.exited).toEqual({ code: 0, signal: null });
      const log = s.launcher.log();
      expect(log).toContain('[cluster] every process stopped cleanly');
      expect(log.match(/"msg":"stopped cleanly"/g)?.length).toBe(8);
      expect(log.match(/"msg":"runtime closed"/g)?.length).toBe(7);
    }
  }, 120_000);
});
