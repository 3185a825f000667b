import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** RFC 9110 §7.6.1: connection-specific headers never cross a proxy (plus the legacy ones clients still send). */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
];

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

type Headers = IncomingHttpHeaders;

/** Removes hop-by-hop headers and every header the Connection header names. Mutates and returns `headers`. */
export function stripHopByHop(headers: Headers): Headers {
  const listed = typeof headers.connection === 'string' ? headers.connection.split(',').map((h) => h.trim().toLowerCase()) : [];
  for (const name of [...HOP_BY_HOP, ...listed]) delete headers[name];
  return headers;
}

/**
 * The headers sent upstream: hop-by-hop removed; `x-request-id` is the gateway's id for this request;
 * trace headers forwarded only when well-formed; `x-forwarded-*` describe the public request. A client's
 * own X-Forwarded-For counts only as far as TRUST_PROXY trusts it (`request.ips`); `Forwarded` is dropped.
 */
export function upstreamRequestHeaders(request: FastifyRequest, headers: Headers): Headers {
  stripHopByHop(headers);
  // `Expect: 100-continue` was answered by the gateway's own server before it read the body; the body now goes
  // upstream whole, and undici refuses to send the header at all (the call failed: 502).
  delete headers.expect;
  headers['x-request-id'] = request.id;
  if (headers.traceparent !== undefined && (typeof headers.traceparent !== 'string' || !TRACEPARENT.test(headers.traceparent))) {
    delete headers.traceparent;
    delete headers.tracestate;
  }
  const traceId = headers['x-trace-id'];
  if (traceId !== undefined && (typeof traceId !== 'string' || !SAFE_ID.test(traceId))) delete headers['x-trace-id'];
  delete headers.forwarded;
  // request.ips: the socket peer first, then each trusted proxy's claim; the client ends up leftmost.
  const chain = request.ips && request.ips.length > 0 ? [...request.ips].reverse() : [request.ip];
  headers['x-forwarded-for'] = chain.join(', ');
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-forwarded-host'] = request.host;
  return headers;
}

/** The upstream's response headers as the client gets them. */
export function clientResponseHeaders(headers: Headers, request: FastifyRequest): Headers {
  stripHopByHop(headers);
  headers['x-request-id'] = request.id;
  return headers;
}
