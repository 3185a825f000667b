import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import pg from 'pg';
import {
  activeTraceparent,
  contextFromTraceparent,
  createTelemetry,
  inSpan,
  SpanKind,
  telemetrySettingsFromEnv,
  trace,
  traceContext,
} from '../../src/telemetry/tracing.js';
import { instrumentPg, tracePglite } from '../../src/telemetry/library-instrumentation.js';
import { startOtlpCollector } from '../../src/testing/otlp-collector.js';
import { requireServiceUrl } from '../../src/testing/test-database.js';

async function eventually(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

describe('telemetry', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('reads the standard OTLP variables and is off without them', () => {
    expect(telemetrySettingsFromEnv({})).toEqual({});
    expect(telemetrySettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' })).toEqual({ tracesUrl: 'http://c:4318/v1/traces' });
    expect(telemetrySettingsFromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c/t', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x' })).toEqual(
      { tracesUrl: 'http://c/t' },
    );
    expect(telemetrySettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_TRACES_EXPORTER: 'none' })).toEqual({});
    expect(createTelemetry('off', {}).enabled).toBe(false);
  });

  it('off, still carries an incoming traceparent through the process (logs and events keep the trace id)', async () => {
    const off = createTelemetry('off', {});
    const incoming = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const seen = await inSpan(off.tracer, 'work', { parent: contextFromTraceparent(incoming) }, async (span) => ({
      traceId: span.spanContext().traceId,
      outgoing: activeTraceparent(),
    }));
    expect(seen.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(seen.outgoing).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-0[01]$/);
  });

  it('nests spans, continues a stored traceparent in another service, and records failures', async () => {
    const exporter = new InMemorySpanExporter();
    const accounts = createTelemetry('accounts', { exporter, exportDelayMs: 10 });
    const messaging = createTelemetry('messaging', { exporter, exportDelayMs: 10 });
    let stored: string | undefined;
    await inSpan(accounts.tracer, 'POST /auth/register', { kind: SpanKind.SERVER }, async () => {
      await inSpan(accounts.tracer, 'outbox add', {}, async () => {
        stored = activeTraceparent();
      });
    });
    await expect(
      inSpan(messaging.tracer, 'process accounts.user', { kind: SpanKind.CONSUMER, parent: contextFromTraceparent(stored) }, async () => {
        throw new Error('smtp down');
      }),
    ).rejects.toThrow('smtp down');
    await accounts.flush();
    await messaging.flush();
    const spans = exporter.getFinishedSpans();
    const byName = Object.fromEntries(spans.map((s) => [s.name, s]));
    const server = byName['POST /auth/register'];
    const add = byName['outbox add'];
    const consume = byName['process accounts.user'];
    expect(add.spanContext().traceId).toBe(server.spanContext().traceId);
    expect(add.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
    expect(consume.spanContext().traceId).toBe(server.spanContext().traceId);
    expect(consume.parentSpanContext?.spanId).toBe(add.spanContext().spanId);
    expect(consume.status.code).toBe(2); // ERROR
    expect(consume.resource.attributes['service.name']).toBe('vitrina-messaging');
    expect(server.resource.attributes['service.name']).toBe('vitrina-accounts');
    await accounts.shutdown();
    await messaging.shutdown();
  });

  it('traces SQL on PGlite and PostgreSQL only inside a service span, with that service as its source', async () => {
    const exporter = new InMemorySpanExporter();
    const t = createTelemetry('catalogue', { exporter, exportDelayMs: 10 });
    const dir = mkdtempSync(join(tmpdir(), 'vitrina-otel-'));
    dirs.push(dir);
    const lite = tracePglite(await PGlite.create(dir));
    await lite.query('select 1'); // outside any span: nothing recorded
    await inSpan(t.tracer, 'GET /items', { kind: SpanKind.SERVER }, async () => {
      await lite.query('select 2');
      await lite.transaction(async (tx) => {
        await tx.query('select 3');
      });
    });
    const url = requireServiceUrl('DATABASE_URL', 'telemetry on PostgreSQL');
    if (url) {
      instrumentPg();
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      await pool.query('select 4');
      await inSpan(t.tracer, 'GET /shops', { kind: SpanKind.SERVER }, async () => {
        await pool.query('select 5');
        await expect(pool.query('select * from no_such_table_for_tracing')).rejects.toThrow();
      });
      await pool.end();
    }
    await t.flush();
    const sql = exporter.getFinishedSpans().filter((s) => s.attributes['db.system.name'] === 'postgresql');
    const texts = sql.map((s) => s.attributes['db.query.text']);
    expect(texts).toEqual(expect.arrayContaining(['select 2', 'select 3']));
    expect(texts).not.toContain('select 1');
    if (url) {
      expect(texts).toEqual(expect.arrayContaining(['select 5', 'select * from no_such_table_for_tracing']));
      expect(texts).not.toContain('select 4');
      expect(sql.find((s) => s.attributes['db.query.text'] === 'select * from no_such_table_for_tracing')!.status.code).toBe(2);
    }
    for (const s of sql) expect(s.resource.attributes['service.name']).toBe('vitrina-catalogue');
    await lite.close();
    await t.shutdown();
  });

  it('exports by OTLP/HTTP to a collector', async () => {
    const collector = await startOtlpCollector();
    try {
      const t = createTelemetry('gateway', {
        ...telemetrySettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint }),
        exportDelayMs: 10,
      });
      expect(t.enabled).toBe(true);
      let traceId = '';
      await inSpan(t.tracer, 'GET /api/health', { kind: SpanKind.SERVER }, async (span) => {
        traceId = span.spanContext().traceId;
        expect(trace.getSpan(traceContext.active())).toBe(span);
      });
      await t.flush();
      await eventually(() => collector.spans.length > 0);
      expect(collector.spans).toEqual([expect.objectContaining({ service: 'vitrina-gateway', name: 'GET /api/health', traceId, kind: 2 })]);
      await t.shutdown();
    } finally {
      await collector.close();
    }
  });
});
