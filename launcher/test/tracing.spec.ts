/**
 * One registration is one trace (issue 10 §2): the real embedded launcher with OTEL_EXPORTER_OTLP_ENDPOINT pointed at
 * a local OTLP collector; a registration through the gateway yields, under one trace id, the gateway's server and
 * client spans, accounts' server span with its SQL and its outbox write, and messaging's consumer span for the
 * `accounts.user` event that outbox row carried — child of the outbox span and linked to it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOtlpCollector, type CollectedSpan, type OtlpCollector } from '../../libs/platform/src/testing/otlp-collector.js';
import { ensureBuilt, freeOffset, scratch, spawnNode, waitHealthy, waitUntil, type Scratch, type Spawned } from './support/processes.js';

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

describe('tracing across the gateway, a service, the outbox and a consumer', () => {
  let collector: OtlpCollector;
  let dir: Scratch;
  let stack: Spawned;
  let base: string;

  beforeAll(async () => {
    ensureBuilt('launcher/dist/embedded.js');
    collector = await startOtlpCollector();
    dir = await scratch('tracing', false);
    const offset = await freeOffset([3000, 3101, 3102, 3103, 3104, 3105, 3106, 3107]);
    base = `http://127.0.0.1:${3000 + offset}`;
    stack = spawnNode('launcher/dist/embedded.js', {
      DATA_DIR: dir.dataDir,
      PORT: String(3000 + offset),
      SERVICE_PORT_OFFSET: String(offset),
      SEED_DEMO: 'false',
      DATABASE_URL: undefined,
      EVENT_BUS: undefined,
      JOB_QUEUE: undefined,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
      LOG_LEVEL: 'warn',
    });
    await waitHealthy(`${base}/api/health`, stack);
  }, 240_000);

  afterAll(async () => {
    if (stack) {
      stack.child.kill('SIGTERM');
      await Promise.race([stack.exited, new Promise((r) => setTimeout(r, 20_000))]);
      await stack.kill();
    }
    await collector?.close();
    await dir?.cleanup();
  });

  it('a registration: gateway -> accounts -> outbox -> messaging in one trace', async () => {
    const email = `traza.${Date.now()}@example.com`;
    const res = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ full_name: 'Tere Traza', email, password: 'Secreto-2026' }),
    });
    expect(res.status).toBe(201);

    const inTrace = (traceId: string) => collector.spans.filter((s) => s.traceId === traceId);
    const gatewayServer = await waitUntil(
      async () =>
        collector.spans.find(
          (s) =>
            s.service === 'vitrina-gateway' &&
            s.kind === SERVER &&
            s.name.startsWith('POST') &&
            s.attributes['url.path'] === '/api/auth/register',
        ),
      'the gateway server span',
      60_000,
    );
    const { traceId } = gatewayServer;
    // The consumer span arrives last: it is exported after messaging handled the event.
    const consumer = await waitUntil(
      async () =>
        inTrace(traceId).find((s) => s.service === 'vitrina-messaging' && s.kind === CONSUMER && s.name === 'process accounts.user'),
      'the messaging consumer span in the same trace',
      60_000,
    );
    const spans = inTrace(traceId);
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const one = (what: string, pick: (s: CollectedSpan) => boolean) => {
      const found = spans.find(pick);
      if (!found) throw new Error(`no ${what} in the trace: ${spans.map((s) => `${s.service} ${s.name}`).join('; ')}`);
      return found;
    };
    const gatewayClient = one('gateway client span', (s) => s.service === 'vitrina-gateway' && s.kind === CLIENT);
    const accountsServer = one(
      'accounts server span',
      (s) => s.service === 'vitrina-accounts' && s.kind === SERVER && s.name === 'POST /auth/register',
    );
    const outbox = one(
      'outbox span',
      (s) => s.service === 'vitrina-accounts' && s.name.startsWith('outbox ') && s.name.includes('accounts.user.'),
    );
    const sql = spans.filter((s) => s.service === 'vitrina-accounts' && s.attributes['db.system.name'] === 'postgresql');

    expect(gatewayClient.parentSpanId).toBe(gatewayServer.spanId);
    expect(accountsServer.parentSpanId).toBe(gatewayClient.spanId);
    // The outbox write happens inside the request (possibly below a handler span of its own).
    let up: CollectedSpan | undefined = outbox;
    while (up && up.spanId !== accountsServer.spanId) up = up.parentSpanId ? byId.get(up.parentSpanId) : undefined;
    expect(up?.spanId).toBe(accountsServer.spanId);
    expect(sql.length).toBeGreaterThan(0);
    expect(consumer.parentSpanId).toBe(outbox.spanId);
    expect(consumer.links).toEqual([{ traceId, spanId: outbox.spanId }]);
  }, 180_000);
});
