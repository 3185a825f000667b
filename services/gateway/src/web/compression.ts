import { constants } from 'node:zlib';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * Compression of what the gateway sends (issue 10 §3 'Nothing is compressed'): API JSON, pages, sitemaps.
 * Static files are not compressed here: the web build writes `.br` and `.gz` beside each file and
 * @fastify/static sends those (web-app.ts), which already carry Content-Encoding, so this leaves them alone,
 * as it leaves any upstream answer that comes compressed.
 *
 * - Types: JSON (`application/json`, `application/problem+json`), text (HTML, plain, CSS), XML and JavaScript;
 *   never `text/event-stream` (a server-sent event must reach the client when it is sent, not when a
 *   compressor's buffer fills) nor binary (`application/octet-stream`, images, uploads).
 * - Size: answers below `thresholdBytes` go as they are (the headers would cost more than the saving). A body
 *   whose size is known up front is measured, streamed ones included (a proxied JSON answer with a small
 *   Content-Length); a stream of unknown length is compressed as it flows.
 * - br or gzip, by the client's Accept-Encoding; brotli at quality 4 (near gzip's speed, smaller output), since
 *   this runs per request. `Vary: Accept-Encoding` on every answer that was compressed.
 * - Request bodies are never decompressed here: the proxy passes them to the services untouched.
 */
export const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|^application\/(?:[\w.-]+\+)?(?:json|xml)\s*(?:;|$)|^application\/(?:x-)?javascript|^image\/svg\+xml/i;

export interface CompressionOptions {
  /** Smallest body compressed, in bytes; default 1024. */
  thresholdBytes?: number;
}

/** Register on the root instance before any route (it hooks every route added after it). */
export async function installCompression(app: FastifyInstance, options: CompressionOptions = {}): Promise<void> {
  const threshold = options.thresholdBytes ?? 1024;
  // Runs before the plugin's own onSend (route-level hooks run last): a streamed body known to be small is
  // read into a buffer (at most `threshold` bytes), which the plugin then measures and sends as it is.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!isNodeStream(payload) || reply.hasHeader('content-encoding')) return payload;
    const length = Number(reply.getHeader('content-length'));
    if (!Number.isFinite(length) || length >= threshold) return payload;
    if (!COMPRESSIBLE_TYPES.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    return Buffer.concat(chunks);
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold,
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

function isNodeStream(payload: unknown): payload is Readable {
  return (
    typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function' && Symbol.asyncIterator in payload
  );
}
