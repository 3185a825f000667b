import { activeTraceparent, SpanKind, SpanStatusCode, trace, traceContext, type Telemetry } from '@vitrina/platform';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { ErrorCodes, ROUTE_TABLE, type ServiceName } from '@vitrina/contracts';
import type { Logger } from 'pino';
import { GatewayErrorCodes, GatewayHttpError, sendError } from '../http/gateway-errors.js';
import { DISCARD_MAX_BYTES, PayloadTooLargeError, bodyLimitForGroup, discardRest, limitBody } from './body-limit.js';
import { clientResponseHeaders, upstreamRequestHeaders } from './forwarded-headers.js';
import type { Upstreams } from './upstreams.js';

export interface ApiProxyOptions {
  upstreams: Upstreams;
  /** Default request body limit; upload groups allow more (body-limit.ts). */
  bodyLimitBytes: number;
  /** Longest wait for an upstream's response headers, and between two chunks of its body. */
  timeoutMs: number;
  logger: Logger;
  onUpstreamError?: (service: ServiceName, kind: UpstreamFailure) => void;
  /** The gateway's tracer: each proxied call is a client span whose context the service continues. */
  telemetry?: Telemetry;
}

export type UpstreamFailure = 'unavailable' | 'timeout' | 'payload_too_large' | 'client_closed' | 'bad_response';

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const API_PREFIX = '/api';
/** Retried once on a fresh connection when a kept-alive socket turns out to be closed (never after a response started). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
const STALE_SOCKET = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);
/** How an upload the upstream stopped reading fails. */
const UPLOAD_CUT = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH']);
const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'FST_REPLY_FROM_GATEWAY_TIMEOUT', 'FST_REPLY_FROM_TIMEOUT']);

type GroupParams = { group: string };

/**
 * `/api/{group}/{rest}` -> `{instance of the group's service}/{group}/{rest}?{query}`, every method,
 * through @fastify/reply-from over the undici pools of `Upstreams`. Bodies stream both ways (nothing is
 * parsed or buffered here), counted against the group's limit on the way in.
 *
 * Register inside an encapsulated scope: it replaces the scope's content-type parsers.
 */
export async function installApiProxy(app: FastifyInstance, options: ApiProxyOptions): Promise<void> {
  const { upstreams, timeoutMs, logger } = options;
  await app.register(replyFrom, {
    undici: upstreams.dispatcher as never,
    disableRequestLogging: true,
  });

  // Bodies pass through untouched, whatever their type: the services parse and validate them.
  const bodies = new WeakMap<FastifyRequest, { ended: boolean }>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    const limit = bodyLimitForGroup((request.params as GroupParams).group, options.bodyLimitBytes);
    const body = limitBody(payload, limit);
    const state = { ended: false };
    body.once('end', () => (state.ended = true));
    bodies.set(request, state);
    done(null, body);
  });

  const serviceOf = new WeakMap<FastifyRequest, ServiceName>();
  app.addHook('onRequest', async (request) => {
    const { group } = request.params as GroupParams;
    const service = ROUTE_TABLE.get(group);
    if (!service) throw new GatewayHttpError(404, ErrorCodes.notFound, `There is no API group "${group.slice(0, 64)}"`);
    const limit = bodyLimitForGroup(group, options.bodyLimitBytes);
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      // Refused before a byte goes upstream, here rather than in the body parser (Fastify closes the connection on
      // a parser's error). The rest is read and dropped (discardRest) so the client reads the 413; a body too large
      // even for that is not read at all, and the connection closes.
      const drain = declared - limit <= DISCARD_MAX_BYTES;
      if (drain) discardRest(request.raw);
      const message = new PayloadTooLargeError(limit).message;
      throw new GatewayHttpError(413, ErrorCodes.payloadTooLarge, message, drain ? {} : { connection: 'close' });
    }
    serviceOf.set(request, service);
  });

  const proxy = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const service = serviceOf.get(request)!;
    const origin = upstreams.instances(service).pick();
    // The raw URL keeps the caller's encoding; `/api/catalogue/x?y` -> `/catalogue/x?y`.
    const target = `${origin}${request.url.slice(API_PREFIX.length)}`;
    const span = options.telemetry?.enabled
      ? options.telemetry.tracer.startSpan(`${request.method} ${service}`, {
          kind: SpanKind.CLIENT,
          attributes: { 'http.request.method': request.method, 'server.address': origin, 'vitrina.service': service },
        })
      : undefined;
    const endSpan = (status?: number) => {
      if (!span) return;
      if (status !== undefined) span.setAttribute('http.response.status_code', status);
      if (status === undefined || status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    try {
      return reply.from(target, {
        timeout: timeoutMs,
        rewriteRequestHeaders: (req, headers) => {
          const out = upstreamRequestHeaders(req as FastifyRequest, headers);
          const traceparent = span ? activeTraceparent(trace.setSpan(traceContext.active(), span)) : undefined;
          if (traceparent) {
            out.traceparent = traceparent;
            delete out.tracestate;
          }
          return out;
        },
        rewriteHeaders: (headers, req) => clientResponseHeaders(headers, req as FastifyRequest),
        // Failover between instances happens below (Upstreams); here only a stale kept-alive socket is retried.
        retryDelay: ({ err, req, attempt }) =>
          err && attempt === 0 && IDEMPOTENT.has(req.method) && STALE_SOCKET.has(codeOf(err)) ? 1 : null,
        onResponse: (_req, rep, res) => {
          endSpan((res as unknown as UpstreamResponse).statusCode);
          forwardResponse(rep as FastifyReply, res as unknown as UpstreamResponse, service);
        },
        onError: (rep, { error }) => {
          endSpan();
          // A service refusing a body it finds too large answers 413 and closes the connection; when that close
          // reaches us before its answer does, the upload fails with a reset while the body is still streaming.
          // Gateway and services share one limit table, so that is the only reason a service drops a body mid-way:
          // 413, never 502.
          const body = bodies.get(request);
          const kind = body && !body.ended && UPLOAD_CUT.has(codeOf(causeOf(error))) ? 'payload_too_large' : classify(error);
          options.onUpstreamError?.(service, kind);
          if (kind !== 'payload_too_large' && kind !== 'client_closed')
            logger.warn({ service, err: causeOf(error), requestId: request.id }, 'upstream request failed');
          answerFailure(rep as FastifyReply, service, kind, timeoutMs);
        },
      });
    } catch {
      // reply-from refuses targets it considers unsafe (dot segments) before sending anything.
      return sendError(reply, 400, GatewayErrorCodes.badRequest, 'The request path is not valid');
    }
  };

  for (const url of ['/api/:group', '/api/:group/*']) {
    app.route({ method: METHODS, url, exposeHeadRoute: false, handler: proxy });
  }
}

interface UpstreamResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  stream: Readable;
}

/**
 * Streams the upstream answer to the client. Services answer errors as `{ code, message }` JSON; a 5xx that
 * is not JSON (a crashed process behind a proxy, an HTML error page) is replaced so nothing internal leaks.
 */
function forwardResponse(reply: FastifyReply, res: UpstreamResponse, service: ServiceName): void {
  if (res.statusCode === 413 && !reply.request.raw.complete) {
    // The service refused a body the client is still sending (and closes its own connection): reply-from would close
    // the client's connection too, which can reset the answer away; the rest is read and dropped instead (discardRest).
    // Other early answers keep reply-from's close: the service may still be reading that body.
    reply.removeHeader('connection');
    discardRest(reply.request.raw);
  }
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode >= 500 && !type.includes('json')) {
    res.stream.resume();
    for (const name of ['content-length', 'content-encoding', 'content-type', 'etag', 'last-modified']) reply.removeHeader(name);
    void sendError(
      reply,
      res.statusCode,
      res.statusCode === 504 ? GatewayErrorCodes.upstreamTimeout : ErrorCodes.serviceUnavailable,
      `The ${service} service failed to answer`,
    );
    return;
  }
  void reply.send(res.stream);
}

function answerFailure(reply: FastifyReply, service: ServiceName, kind: UpstreamFailure, timeoutMs: number): void {
  switch (kind) {
    case 'payload_too_large':
      // What the client has not sent yet is read and dropped, so it reads this answer (discardRest).
      discardRest(reply.request.raw);
      void sendError(reply, 413, ErrorCodes.payloadTooLarge, 'The request body is larger than allowed');
      return;
    case 'timeout':
      void sendError(reply, 504, GatewayErrorCodes.upstreamTimeout, `The ${service} service did not answer within ${timeoutMs} ms`);
      return;
    case 'client_closed':
      void sendError(reply, 400, GatewayErrorCodes.badRequest, 'The request was closed before its body was complete');
      return;
    case 'bad_response':
    case 'unavailable':
      void sendError(reply, 502, ErrorCodes.serviceUnavailable, `The ${service} service is unavailable; try again shortly`);
  }
}

function classify(error: Error): UpstreamFailure {
  const cause = causeOf(error);
  if (cause instanceof PayloadTooLargeError) return 'payload_too_large';
  if (codeOf(cause) === 'ECONNABORTED') return 'client_closed';
  if (TIMEOUTS.has(codeOf(error)) || TIMEOUTS.has(codeOf(cause))) return 'timeout';
  return 'unavailable';
}

function causeOf(error: Error): unknown {
  return (error as { cause?: unknown }).cause ?? error;
}

function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : '';
}
