import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Span } from '@opentelemetry/api';
import {
  contextFromTraceparent,
  SpanKind,
  SpanStatusCode,
  trace,
  traceContext,
  traceIdOfSpan,
  withServiceTracer,
  type Telemetry,
} from '../telemetry/tracing.js';
import type { Logger } from 'pino';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { runWithContext } from '../logging/context.js';

/** Requests slower than this are logged at info even when they succeed. */
export const SLOW_REQUEST_MS = 1_000;

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Request id: the caller's `x-request-id` when well-formed (the gateway sets it), else a new one. */
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const h = req.headers['x-request-id'];
  return typeof h === 'string' && SAFE_ID.test(h) ? h : randomUUID();
}

/** Trace id from W3C `traceparent` or `x-trace-id`, else the request id. */
function traceIdOf(req: FastifyRequest): string {
  const tp = req.headers.traceparent;
  if (typeof tp === 'string') {
    const parts = tp.split('-');
    if (parts.length === 4 && /^[0-9a-f]{32}$/.test(parts[1])) return parts[1];
  }
  const t = req.headers['x-trace-id'];
  return typeof t === 'string' && SAFE_ID.test(t) ? t : req.id;
}

/**
 * Per-request context (request and trace ids in every log line and outgoing event), access logs,
 * and Prometheus metrics on `/metrics` from a registry of the service's own.
 */
export function installObservability(app: FastifyInstance, service: string, logger: Logger, telemetry?: Telemetry): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const errors = new Counter({ name: 'http_server_errors_total', help: '5xx answers', labelNames: ['route'], registers: [registry] });

  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header('x-request-id', req.id);
    if (!telemetry?.enabled) {
      runWithContext({ requestId: req.id, traceId: traceIdOf(req) }, done);
      return;
    }
    // A server span continuing the caller's trace (the gateway's, or the client's `traceparent`).
    const tp = req.headers.traceparent;
    const parent = contextFromTraceparent(typeof tp === 'string' ? tp : undefined);
    const route = req.routeOptions?.url ?? 'unmatched';
    const span = telemetry.tracer.startSpan(
      `${req.method} ${route}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'http.route': route, 'url.path': req.url.split('?')[0] } },
      parent,
    );
    spans.set(req, span);
    const ctx = withServiceTracer(trace.setSpan(parent, span), telemetry.tracer);
    traceContext.with(ctx, () => runWithContext({ requestId: req.id, traceId: traceIdOfSpan(span) ?? traceIdOf(req) }, done));
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions?.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    duration.observe({ method: req.method, route, status: String(reply.statusCode) }, seconds);
    if (reply.statusCode >= 500) errors.inc({ route });
    const span = spans.get(req);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    if (route !== '/metrics' && !route.startsWith('/health')) {
      // Every request at debug; at info only what someone should look at: failures and slow answers. A line per
      // request costs more than a cached listing page does to answer (bench/README.md), and /metrics counts them all.
      const notable = reply.statusCode >= 400 || reply.elapsedTime >= SLOW_REQUEST_MS;
      if (notable || logger.isLevelEnabled('debug')) {
        logger[notable ? 'info' : 'debug'](
          { method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
          'request',
        );
      }
    }
    done();
  });
  app.get('/metrics', async (_req, reply) => {
    void reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
