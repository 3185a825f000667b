#!/usr/bin/env node
/**
 * Registration-to-PIN-delivered latency (issue 3): registers users by e-mail through the gateway and measures, for each,
 * the time from sending `POST /api/auth/register` to the PIN appearing in messaging's dev mailbox
 * (`GET /api/dev/mailbox?to=`, polled every --poll-ms). Not a timed test; it reports numbers (docs/architecture.md §7).
 *
 *   node bench/registration-latency.mjs [--target http://127.0.0.1:3000] [--count 30] [--batch 5] [--poll-ms 10]
 *                                       [--label embedded|cluster] [--db postgres://.../vitrina]
 *
 * Two phases of --count registrations each: one at a time ("sequential"), then --batch at once ("batch xN").
 * Per registration it records, from the moment the request left (ms):
 *   answered  the register answer arrived (password hash + the transaction that writes the user, the code and the
 *             outbox rows)
 *   stored    the mailbox row's created_at (messaging's clock: the same machine), i.e. delivered, without the poll
 *   seen      the first mailbox poll that returned it (what a user waiting on the screen would see; includes up to
 *             one poll interval)
 * With --db (cluster: the PostgreSQL the cluster uses) it also reads where the time went, per event: the accounts
 * outbox row's published_at (relay -> bus), messaging's inbox processed_at (consumer transaction start), the
 * delivery's enqueued_at (job queued) and sent_at.
 *
 * Limits: accounts allows 30 codes per client IP per hour, so registrations are spread over source addresses
 * 127.0.0.2, 127.0.0.3, ... (20 each; Linux routes all of 127/8 to loopback); the gateway's per-IP rate limit must be
 * high (start the stack with RATE_LIMIT_PER_IP=1000000 RATE_LIMIT_PER_USER=1000000) because of the polling.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, platform, release } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const PER_ADDRESS = 20;

const USAGE = `Usage: node bench/registration-latency.mjs [options]
  --target <url>     gateway base URL (default http://127.0.0.1:3000; "localhost" is read as 127.0.0.1)
  --count <n>        registrations per phase (default 30)
  --batch <n>        registrations at once in the second phase (default 5)
  --poll-ms <ms>     mailbox poll interval (default 10)
  --timeout-ms <ms>  give up on one PIN after this long (default 30000)
  --label <text>     saved with the result: embedded | cluster
  --db <url>         PostgreSQL of the cluster: adds the per-stage breakdown (outbox, inbox, job)
  --out <dir>        results folder (default bench/results)
  --help`;

function fail(message, code = 2) {
  console.error(`registration-latency: ${message}`);
  process.exit(code);
}

let args;
try {
  ({ values: args } = parseArgs({
    options: {
      target: { type: 'string', default: 'http://127.0.0.1:3000' },
      count: { type: 'string', default: '30' },
      batch: { type: 'string', default: '5' },
      'poll-ms': { type: 'string', default: '10' },
      'timeout-ms': { type: 'string', default: '30000' },
      label: { type: 'string', default: '' },
      db: { type: 'string' },
      out: { type: 'string', default: join(HERE, 'results') },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }));
} catch (err) {
  fail(`${err.message}\n${USAGE}`);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const int = (name, min) => {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < min) fail(`--${name} must be an integer >= ${min}`);
  return n;
};
const count = int('count', 1);
const batch = int('batch', 1);
const pollMs = int('poll-ms', 1);
const timeoutMs = int('timeout-ms', 100);
const target = new URL(args.target);
if (target.hostname === 'localhost') target.hostname = '127.0.0.1';
if (target.protocol !== 'http:') fail('--target must be http:// (a local stack)');

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let addressCounter = 0;
/** The next client source address: 20 registrations each, to stay under accounts' 30 codes per IP per hour. */
function nextSourceAddress() {
  const n = Math.floor(addressCounter++ / PER_ADDRESS);
  // The second octet varies with the process, so a run soon after another uses fresh addresses too.
  return `127.${100 + (process.pid % 150)}.${1 + Math.floor(n / 250)}.${2 + (n % 250)}`;
}

/** One JSON request; resolves { status, body }. */
function request(method, path, body, localAddress) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      {
        host: target.hostname,
        port: target.port || 80,
        method,
        path,
        agent,
        ...(localAddress ? { localAddress } : {}),
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('request timed out')));
    if (payload) req.write(payload);
    req.end();
  });
}

const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
let seq = 0;

/** Registers one user and waits for its PIN in the mailbox. */
async function one(phase) {
  const email = `bench.${runId}.${++seq}@example.com`;
  const from = nextSourceAddress();
  const sentWall = Date.now();
  const t0 = performance.now();
  const res = await request('POST', '/api/auth/register', { full_name: 'Bench Latencia', email, password: 'Bench-Clave-2026' }, from);
  const answered = performance.now() - t0;
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  const path = `/api/dev/mailbox?to=${encodeURIComponent(email)}&limit=1`;
  for (;;) {
    const poll = await request('GET', path);
    if (poll.status !== 200)
      throw new Error(
        `mailbox answered ${poll.status}: ${JSON.stringify(poll.body).slice(0, 300)} (is DEV_MAILBOX on? RATE_LIMIT_PER_IP high?)`,
      );
    const message = poll.body.results?.[0];
    if (message && /\b\d{6}\b/.test(message.text ?? '')) {
      const seen = performance.now() - t0;
      return { phase, email, eventId: message.event_id, sentWall, answered, stored: Date.parse(message.created_at) - sentWall, seen };
    }
    if (performance.now() - t0 > timeoutMs) throw new Error(`no PIN for ${email} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const stats = (values) => ({
  n: values.length,
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: Math.max(...values),
  min: Math.min(...values),
});

// Preflight: the mailbox must be on and the gateway reachable.
try {
  const res = await request('GET', '/api/dev/mailbox?limit=1');
  if (res.status === 404) fail('GET /api/dev/mailbox answered 404: the dev mailbox is off (DEV_MAILBOX, never in production)');
  if (res.status === 429)
    fail('the gateway rate-limits this client: start the stack with RATE_LIMIT_PER_IP=1000000 RATE_LIMIT_PER_USER=1000000');
  if (res.status !== 200) fail(`GET /api/dev/mailbox answered ${res.status}`);
} catch (err) {
  fail(`${target.origin} is not answering (${err.code ?? err.message}). Is the stack running? (npm start / npm run start:cluster)`);
}

const samples = [];
console.error(
  `registration-latency: ${target.origin}, ${count} sequential, then ${count} in batches of ${batch}, polling every ${pollMs} ms`,
);
// One warm-up registration (JIT, pools), not recorded.
await one('warmup');
for (let i = 0; i < count; i++) samples.push(await one('sequential'));
const batchPhase = `batch x${batch}`;
for (let done = 0; done < count; done += batch) {
  const size = Math.min(batch, count - done);
  samples.push(...(await Promise.all(Array.from({ length: size }, () => one(batchPhase)))));
}

// Where the time went (cluster, PostgreSQL): per event id, the stamps the services left.
let breakdown;
if (args.db) {
  const client = new pg.Client({ connectionString: args.db });
  await client.connect();
  try {
    const ids = samples.map((s) => s.eventId);
    const { rows } = await client.query(
      `select o.id, o.created_at as outbox_created, o.published_at, i.processed_at as inbox_processed, d.enqueued_at, d.sent_at, m.created_at as mailbox_created
         from accounts.outbox o
         left join messaging.inbox i on i.event_id = o.id
         left join messaging.deliveries d on d.id = o.id
         left join messaging.mailbox_messages m on m.delivery_id = o.id
        where o.id = any($1)`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ms = (d) => (d ? new Date(d).getTime() : NaN);
    for (const s of samples) {
      const r = byId.get(s.eventId);
      if (!r) continue;
      s.stages = {
        published: ms(r.published_at) - s.sentWall,
        consumed: ms(r.inbox_processed) - s.sentWall,
        enqueued: ms(r.enqueued_at) - s.sentWall,
        sent: ms(r.sent_at) - s.sentWall,
      };
    }
    breakdown = {};
    for (const phase of ['sequential', batchPhase]) {
      const mine = samples.filter((s) => s.phase === phase && s.stages);
      if (mine.length === 0) continue;
      const p50 = (f) => percentile(mine.map(f).filter(Number.isFinite), 50);
      breakdown[phase] = {
        'register answered': p50((s) => s.answered),
        'outbox row published (relay -> bus)': p50((s) => s.stages.published),
        'messaging consumer started (bus -> inbox tx)': p50((s) => s.stages.consumed),
        'delivery job queued (dispatcher)': p50((s) => s.stages.enqueued),
        'sent to the mailbox (job ran)': p50((s) => s.stages.sent),
        'mailbox row stored': p50((s) => s.stored),
        'seen by the poll': p50((s) => s.seen),
      };
    }
  } finally {
    await client.end();
  }
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

const summary = {};
for (const phase of ['sequential', batchPhase]) {
  const mine = samples.filter((s) => s.phase === phase);
  summary[phase] = {
    seen: stats(mine.map((s) => s.seen)),
    stored: stats(mine.map((s) => s.stored)),
    answered: stats(mine.map((s) => s.answered)),
  };
}
const startedAt = new Date(samples[0]?.sentWall ?? Date.now()).toISOString();
const record = {
  scenario: 'registration-latency',
  label: args.label || undefined,
  target: target.origin,
  startedAt,
  options: { count, batch, pollMs },
  environment: {
    node: process.version,
    platform: `${platform()} ${release()}`,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model,
    loadavg: loadavg(),
    commit: gitCommit(),
  },
  summary,
  breakdownP50Ms: breakdown,
  samples,
};
mkdirSync(args.out, { recursive: true });
const file = join(
  args.out,
  `${startedAt.replace(/[:.]/g, '-')}-registration-latency${args.label ? `-${args.label.replace(/[^\w.-]+/g, '_')}` : ''}.json`,
);
writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);

const f = (n) => (Number.isFinite(n) ? n.toFixed(0).padStart(6) : '     -');
const lines = [
  `registration -> PIN in the mailbox, ms from sending the request${args.label ? ` (${args.label})` : ''}`,
  `phase          n     what        p50    p95    max`,
];
for (const [phase, s] of Object.entries(summary)) {
  for (const what of ['answered', 'stored', 'seen']) {
    lines.push(
      `${phase.padEnd(12)} ${String(s[what].n).padStart(3)}     ${what.padEnd(9)} ${f(s[what].p50)} ${f(s[what].p95)} ${f(s[what].max)}`,
    );
  }
}
if (breakdown) {
  for (const [phase, b] of Object.entries(breakdown)) {
    lines.push(`\nwhere the time went (${phase}, p50 ms after sending, per stage):`);
    for (const [k, v] of Object.entries(b)) lines.push(`  ${k.padEnd(46)} ${f(v)}`);
  }
}
lines.push(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
  `result ${relative(process.cwd(), file) || file}`,
);
console.log(lines.join('\n'));
agent.destroy();
