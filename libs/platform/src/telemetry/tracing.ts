import {
  context,
  createContextKey,
  propagation,
  trace,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';

/**
 * OpenTelemetry tracing for the services (docs/architecture.md §3). Off by default: without an OTLP endpoint every
 * tracer is the API's no-op tracer, which still carries an incoming `traceparent` through the process (so trace ids
 * in logs and events stay joined up) but records and exports nothing.
 *
 * With `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) each service gets a provider of its
 * own, named `vitrina-<service>`, exporting by OTLP over HTTP in batches. One provider per service rather than the
 * global one because embedded mode runs every service in one process and each must appear as itself.
 * Context (the active span) is global: one AsyncLocalStorage context manager and the W3C propagator per process.
 */

export interface TelemetrySettings {
  /** OTLP/HTTP traces URL, e.g. http://collector:4318/v1/traces. Unset: tracing off. */
  tracesUrl?: string;
  /** An exporter of one's own (tests); wins over tracesUrl. */
  exporter?: SpanExporter;
  /** Longest wait between two exports (default 1 s). */
  exportDelayMs?: number;
}

export interface Telemetry {
  readonly enabled: boolean;
  readonly tracer: Tracer;
  /** Exports what is buffered (shutdown, tests). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

let contextInstalled = false;

/** The process-wide context manager and propagator (idempotent). */
export function installTraceContext(): void {
  if (contextInstalled) return;
  contextInstalled = true;
  const manager = new AsyncLocalStorageContextManager();
  manager.enable();
  context.setGlobalContextManager(manager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

/** Reads the OTLP settings from the standard OpenTelemetry variables. */
export function telemetrySettingsFromEnv(env: NodeJS.ProcessEnv = process.env): TelemetrySettings {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (env.OTEL_TRACES_EXPORTER?.trim() === 'none') return {};
  if (traces) return { tracesUrl: traces };
  if (base) return { tracesUrl: `${base.replace(/\/+$/, '')}/v1/traces` };
  return {};
}

export function createTelemetry(service: string, settings: TelemetrySettings): Telemetry {
  installTraceContext();
  const exporter = settings.exporter ?? (settings.tracesUrl ? new OTLPTraceExporter({ url: settings.tracesUrl }) : undefined);
  if (!exporter) {
    const tracer = trace.getTracer('vitrina');
    return { enabled: false, tracer, flush: async () => undefined, shutdown: async () => undefined };
  }
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': `vitrina-${service}`, 'service.namespace': 'vitrina' }),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: settings.exportDelayMs ?? 1_000 })],
  });
  let down = false;
  return {
    enabled: true,
    tracer: provider.getTracer('vitrina'),
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      if (down) return;
      down = true;
      await provider.shutdown();
    },
  };
}

/** W3C `traceparent` of the active span (to store with an outbox row or send upstream), if any. */
export function activeTraceparent(ctx: Context = context.active()): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent;
}

/** A context whose parent is the given `traceparent` (an incoming request's or a stored event's). */
export function contextFromTraceparent(traceparent: string | undefined, base: Context = ROOT_CONTEXT): Context {
  if (!traceparent) return base;
  return propagation.extract(base, { traceparent });
}

/** Trace id of a span, when it has a real one (a no-op span without a parent has none). */
export function traceIdOfSpan(span: Span): string | undefined {
  const ctx = span.spanContext();
  return trace.isSpanContextValid(ctx) ? ctx.traceId : undefined;
}

/**
 * Runs `fn` in a new span, child of the active context (or `parent`), ending it when `fn` settles and marking it
 * failed when `fn` throws.
 */
export async function inSpan<T>(
  tracer: Tracer,
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context; links?: Link[] },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer.startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, links: options.links },
    parent,
  );
  try {
    return await context.with(withServiceTracer(trace.setSpan(parent, span), tracer), () => fn(span));
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
    throw err;
  } finally {
    span.end();
  }
}

const SERVICE_TRACER = createContextKey('vitrina.service-tracer');

/** The context with the service's tracer remembered, for the instrumentation of shared libraries (SQL, Redis). */
export function withServiceTracer(ctx: Context, tracer: Tracer): Context {
  return ctx.setValue(SERVICE_TRACER, tracer);
}

/**
 * The tracer of the service whose span is active, when that span records. Library instrumentation (SQL, Redis) is
 * process-wide but records only inside a service's recording span, with that service's tracer: so embedded mode
 * attributes each statement to its service, and background polling (relays, job workers) creates no root spans.
 */
export function activeServiceTracer(): Tracer | undefined {
  const ctx = context.active();
  const span = trace.getSpan(ctx);
  if (!span || !span.isRecording()) return undefined;
  return ctx.getValue(SERVICE_TRACER) as Tracer | undefined;
}

export { SpanKind, SpanStatusCode, context as traceContext, trace };
