import { SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { activeServiceTracer } from './tracing.js';

/**
 * Spans for PostgreSQL (pg and PGlite) and Redis (ioredis) statements, recorded only inside a service's recording
 * span (see activeServiceTracer). Hand-written rather than OpenTelemetry's auto-instrumentation packages: those hook
 * `require`, which ESM imports bypass without a loader flag on every process, and we own the few call sites.
 */

const MAX_STATEMENT = 500;

function operationOf(text: string | undefined): string {
  const m = /^\s*([A-Za-z]+)/.exec(text ?? '');
  return m ? m[1].toUpperCase() : 'QUERY';
}

function startDbSpan(system: 'postgresql', text: string | undefined): Span | undefined {
  const tracer = activeServiceTracer();
  if (!tracer) return undefined;
  return tracer.startSpan(`${operationOf(text)} ${system}`, {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system.name': system, 'db.query.text': (text ?? '').slice(0, MAX_STATEMENT) },
  });
}

function settle<T>(span: Span | undefined, result: T): T {
  if (!span) return result;
  if (result && typeof (result as { then?: unknown }).then === 'function') {
    return (result as unknown as Promise<unknown>).then(
      (value) => {
        span.end();
        return value;
      },
      (err: unknown) => {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
        span.end();
        throw err;
      },
    ) as unknown as T;
  }
  span.end();
  return result;
}

let pgPatched = false;

/** Every `pg` client query (pools included) in a span. Process-wide and idempotent. */
export function instrumentPg(): void {
  if (pgPatched) return;
  pgPatched = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function tracedQuery(this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const span = startDbSpan('postgresql', typeof first === 'string' ? first : first?.text);
    if (!span) return original.apply(this, args);
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      // Callback style: pg's own Pool.query calls its client this way.
      args[args.length - 1] = (err: Error | undefined, ...rest: unknown[]) => {
        if (err) {
          span.recordException(err);
          span.setStatus({ code: SpanStatusCode.ERROR, message: err.message });
        }
        span.end();
        return (last as (...a: unknown[]) => unknown)(err, ...rest);
      };
      return original.apply(this, args);
    }
    return settle(span, original.apply(this, args));
  };
}

type Queryable = Pick<PGlite, 'query' | 'exec'>;

function traceQueryable<T extends Queryable>(target: T): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if ((prop === 'query' || prop === 'exec') && typeof value === 'function') {
        return (text: string, ...rest: unknown[]) =>
          settle(startDbSpan('postgresql', text), (value as (...a: unknown[]) => unknown).call(obj, text, ...rest));
      }
      if (prop === 'transaction' && typeof value === 'function') {
        return (fn: (tx: Queryable) => unknown) =>
          (value as (f: (tx: Queryable) => unknown) => unknown).call(obj, (tx: Queryable) => fn(traceQueryable(tx)));
      }
      return typeof value === 'function' ? value.bind(obj) : value;
    },
  });
}

/** A view of the PGlite client whose queries (transactions included) are traced; the client itself is untouched. */
export function tracePglite(client: PGlite): PGlite {
  return traceQueryable(client);
}

interface RedisLike {
  prototype: { sendCommand: (command: { name: string }, ...rest: unknown[]) => unknown };
}

/** Blocking reads wait for data by design: a span would measure idleness, not work. */
const BLOCKING = new Set(['xreadgroup', 'xread', 'blpop', 'brpop', 'bzpopmin', 'bzpopmax', 'brpoplpush', 'blmove', 'bzmpop', 'blmpop']);
const patchedRedis = new WeakSet<object>();

/** Every ioredis command in a span (class passed in so the platform does not load ioredis where it is unused). */
export function instrumentRedis(Redis: RedisLike): void {
  if (patchedRedis.has(Redis)) return;
  patchedRedis.add(Redis);
  const original = Redis.prototype.sendCommand;
  Redis.prototype.sendCommand = function tracedSendCommand(this: unknown, command: { name: string }, ...rest: unknown[]) {
    const name = String(command?.name ?? '').toLowerCase();
    const tracer = BLOCKING.has(name) ? undefined : activeServiceTracer();
    const span = tracer?.startSpan(`redis ${name}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'redis', 'db.operation.name': name },
    });
    return settle(span, original.call(this, command, ...rest));
  };
}
