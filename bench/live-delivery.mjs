#!/usr/bin/env node
/**
 * Live delivery of inbox messages (issue 15 'Done when': p99 ≤ 250 ms to an open page with 1,000 open connections).
 *
 *   node bench/live-delivery.mjs [--target http://localhost:3000] [--connections 1000] [--messages 1000] [--rate 100]
 *                                [--label cluster]
 *
 * Against a running stack started with SEED_BENCH_SHOPPERS=50 and the benchmark rate limits
 * (RATE_LIMIT_PER_IP=100000000 RATE_LIMIT_PER_USER=100000000). The preflight builds the inbox world
 * (bench/inbox-world.mjs), then opens `--connections` live streams (`GET /api/conversation/{me}:{me}/live` through the
 * gateway, read with fetch as the web reads them), spread evenly over the 50 bench shoppers: each shopper has
 * connections / 50 pages open. Then the 10 bench suppliers send `--messages` messages at `--rate` per second, message m
 * to shopper m mod 50, over keep-alive connections (Node's fetch: one socket per stream, its own pool). A message's latency, on each of its shopper's open streams, is
 * from just before its POST left to the moment its `message` event was read from that stream: the send itself
 * (validation, the transaction, the commit) plus the fan-out (in cluster mode: Redis pub/sub to the instance holding the
 * stream) plus the gateway's hop. Reports p50/p95/p99/max over every (message, stream) pair, and how many never arrived
 * within 10 s of the last send. Writes bench/results/<time>-live-delivery[-label].json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { inboxWorld } from './inbox-world.mjs';
import { signIn as signInAs } from './support.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    target: { type: 'string', default: 'http://localhost:3000' },
    connections: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '100' },
    label: { type: 'string', default: '' },
  },
});
const target = args.target;
const CONNECTIONS = Number(args.connections);
const MESSAGES = Number(args.messages);
const RATE = Number(args.rate);
const SHOPPERS = Number(process.env.SEED_BENCH_SHOPPERS || 50);

function fail(message) {
  console.error(`live-delivery: ${message}`);
  process.exit(2);
}

const signIn = (base, email) => signInAs(base, email, fail);

const world = await inboxWorld(target, { signIn, fail, shoppers: SHOPPERS });

/** sentAt by marker; arrivals[marker] = list of latencies (ms). */
const sentAt = new Map();
const latencies = [];
const received = new Map();
const controllers = [];

async function openStream(shopper) {
  const controller = new AbortController();
  controllers.push(controller);
  const res = await fetch(new URL(`/api/conversation/${shopper.id}:${shopper.id}/live`, target), {
    headers: { authorization: `Bearer ${shopper.token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!res.ok || !res.body) fail(`GET live answered ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!/^event: message$/m.test(frame)) continue;
          const data = frame
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trimStart())
            .join('\n');
          const marker = /\[(m\d+)\]/.exec(JSON.parse(data).message?.body ?? '')?.[1];
          const t0 = marker && sentAt.get(marker);
          if (!t0) continue;
          latencies.push(performance.now() - t0);
          received.set(marker, (received.get(marker) ?? 0) + 1);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
}

console.error(`live-delivery: opening ${CONNECTIONS} live streams over ${world.shoppers.length} shoppers`);
const opening = performance.now();
const perShopper = Math.ceil(CONNECTIONS / world.shoppers.length);
const opens = [];
for (let c = 0; c < CONNECTIONS; c++) {
  opens.push(openStream(world.shoppers[c % world.shoppers.length]));
  if (opens.length % 100 === 0) await Promise.all(opens.slice(-100));
}
await Promise.all(opens);
const openMs = performance.now() - opening;
console.error(`live-delivery: ${CONNECTIONS} streams open in ${Math.round(openMs)} ms; sending ${MESSAGES} messages at ${RATE}/s`);
await new Promise((r) => setTimeout(r, 2000));

const started = performance.now();
const sends = [];
let sendErrors = 0;
for (let m = 0; m < MESSAGES; m++) {
  const due = started + (m * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const shopperIndex = m % world.shoppers.length;
  const supplierIndex = Math.floor(m / world.shoppers.length) % world.suppliers.length;
  const supplier = world.suppliers[supplierIndex];
  const conversation = world.shoppers[shopperIndex].conversations[supplierIndex];
  const marker = `m${m}`;
  sentAt.set(marker, performance.now());
  sends.push(
    fetch(new URL(`/api/messages/${supplier.id}:${supplier.id}/messages/${conversation}`, target), {
      method: 'POST',
      headers: { authorization: `Bearer ${supplier.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: `Claro, te lo enviamos hoy [${marker}]` }),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        if (!res.ok) sendErrors++;
      })
      .catch(() => sendErrors++),
  );
}
await Promise.all(sends);
const sendSeconds = (performance.now() - started) / 1000;
const expected = MESSAGES * perShopper;
const deadline = performance.now() + 10_000;
while (latencies.length < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
for (const c of controllers) c.abort();

latencies.sort((a, b) => a - b);
const pct = (p) =>
  latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]) : null;
const summary = {
  scenario: 'live-delivery',
  label: args.label || undefined,
  target,
  connections: CONNECTIONS,
  streamsPerShopper: perShopper,
  messages: MESSAGES,
  rate: RATE,
  achievedRate: Math.round(MESSAGES / sendSeconds),
  sendErrors,
  deliveries: latencies.length,
  expectedDeliveries: expected,
  missing: expected - latencies.length,
  openMs: Math.round(openMs),
  latencyMs: { p50: pct(50), p95: pct(95), p99: pct(99), max: latencies.length ? Math.round(latencies.at(-1)) : null },
  machine: { cpus: availableParallelism(), model: cpus()[0]?.model, loadavg: loadavg().map((l) => Math.round(l * 100) / 100) },
  at: new Date().toISOString(),
};
const dir = join(HERE, 'results');
mkdirSync(dir, { recursive: true });
const file = join(dir, `${summary.at.replace(/[:.]/g, '-')}-live-delivery${args.label ? `-${args.label}` : ''}.json`);
writeFileSync(file, JSON.stringify(summary, null, 2));
console.log(JSON.stringify(summary, null, 2));
process.exit(0);
