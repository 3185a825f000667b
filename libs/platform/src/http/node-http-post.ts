import http from 'node:http';
import https from 'node:https';
import type { InternalPost } from '@vitrina/contracts';
import { activeTraceparent } from '../telemetry/tracing.js';

/**
 * Idle keep-alive sockets are closed after this long: well below the services' keepAliveTimeout (65 s, bootstrap.ts), so
 * the caller closes first and never writes on a socket the callee is closing.
 */
const IDLE_MS = 4_000;

/**
 * The internal calls' transport for Node services (contracts `InternalPost`): node:http with a keep-alive agent per
 * process. Node's fetch (undici, web streams, an AbortSignal per call) costs about three times its CPU per call on
 * this kind of machine, and the stock reservation is on every checkout's path. The call carries the active span's
 * `traceparent`, so the callee's span continues the caller's trace. A network error or the timeout rejects (the
 * request is destroyed); the typed clients turn that into their `...Unavailable`.
 */
export function nodeHttpPost(options: { maxSockets?: number } = {}): InternalPost {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64, timeout: IDLE_MS }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64, timeout: IDLE_MS }),
  };
  return (url, headers, body, timeoutMs) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const transport = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : undefined;
      if (!transport) {
        reject(new Error(`unsupported protocol ${target.protocol}`));
        return;
      }
      const traceparent = activeTraceparent();
      const payload = Buffer.from(body);
      const req = transport.request(
        target,
        {
          method: 'POST',
          agent: agents[target.protocol as 'http:' | 'https:'],
          headers: { ...headers, 'content-length': payload.length, ...(traceparent ? { traceparent } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            clearTimeout(timer);
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
          });
          res.on('error', fail);
        },
      );
      const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      function fail(err: Error) {
        clearTimeout(timer);
        reject(err);
      }
      req.on('error', fail);
      req.end(payload);
    });
}
