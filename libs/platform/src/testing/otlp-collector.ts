import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as a local OTLP collector received it, flattened. */
export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP SpanKind number: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  links: Array<{ traceId: string; spanId: string }>;
}

export interface OtlpCollector {
  /** Base URL to give as OTEL_EXPORTER_OTLP_ENDPOINT. */
  readonly endpoint: string;
  readonly spans: CollectedSpan[];
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };

/** OTLP/JSON writes ids as hex; some encoders use base64: both become lower-case hex here. */
function id(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  return /^[0-9a-f]+$/i.test(value) ? value.toLowerCase() : Buffer.from(value, 'base64').toString('hex');
}

function attrs(list: KeyValue[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) out[key] = value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
  return out;
}

/**
 * A minimal OpenTelemetry collector for tests: accepts OTLP/HTTP JSON on `POST /v1/traces` (what
 * @opentelemetry/exporter-trace-otlp-http sends) and keeps the spans in memory.
 */
export async function startOtlpCollector(): Promise<OtlpCollector> {
  const spans: CollectedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.startsWith('/v1/traces')) {
        res.writeHead(404).end();
        return;
      }
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans?: Array<{ resource?: { attributes?: KeyValue[] }; scopeSpans?: Array<{ spans?: Array<Record<string, unknown>> }> }>;
        };
        for (const rs of body.resourceSpans ?? []) {
          const name = attrs(rs.resource?.attributes)['service.name'];
          const service = typeof name === 'string' ? name : '';
          for (const ss of rs.scopeSpans ?? []) {
            for (const s of ss.spans ?? []) {
              spans.push({
                service,
                traceId: id(s.traceId),
                spanId: id(s.spanId),
                parentSpanId: id(s.parentSpanId) || undefined,
                name: String(s.name),
                kind: Number(s.kind ?? 0),
                attributes: attrs(s.attributes as KeyValue[] | undefined),
                links: ((s.links as Array<{ traceId: string; spanId: string }> | undefined) ?? []).map((l) => ({
                  traceId: id(l.traceId),
                  spanId: id(l.spanId),
                })),
              });
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
