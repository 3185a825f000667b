import type { IncomingMessage } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';

// One table of body limits per API group for the gateway and the services (libs/contracts http-limits.ts):
// whichever sees a body first refuses it with the same 413.
export { DEFAULT_BODY_LIMIT_BYTES, bodyLimitForGroup } from '@vitrina/contracts';

export class PayloadTooLargeError extends Error {
  readonly code = 'payload_too_large';
  readonly statusCode = 413;
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes`);
    this.name = 'PayloadTooLargeError';
  }
}

/**
 * Streams the body through unchanged while counting it, failing with PayloadTooLargeError as soon as it
 * passes `limit` (the check that covers chunked bodies, which announce no length).
 */
export function limitBody(body: Readable, limit: number): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) callback(new PayloadTooLargeError(limit));
      else callback(null, chunk);
    },
  });
  body.on('error', (err) => counter.destroy(err));
  // A client that disconnects mid-body must not leave the upstream request waiting for the rest.
  body.on('close', () => {
    if (!body.readableEnded) counter.destroy(Object.assign(new Error('The client closed the request'), { code: 'ECONNABORTED' }));
  });
  return body.pipe(counter);
}

/** Most of a refused body the gateway reads and drops before it gives up on the connection. */
export const DISCARD_MAX_BYTES = 32 * 1_048_576;
/** Longest time it keeps reading a refused body. */
export const DISCARD_MAX_MS = 30_000;

/**
 * Reads and drops what is left of a refused request body, so a client still sending it gets to read the refusal.
 * Closing a socket with bytes unread makes the kernel answer them with a reset, and a reset can wipe the answer out
 * of the client's receive buffer before it is read: a phone uploading a photo saw a broken connection instead of
 * "too large" (nginx's lingering close exists for the same reason). The connection then serves the next request.
 * Bounded: past `maxBytes` more or `maxMs`, the socket is destroyed.
 */
export function discardRest(request: IncomingMessage, maxBytes = DISCARD_MAX_BYTES, maxMs = DISCARD_MAX_MS): void {
  if (request.readableEnded || request.destroyed) return;
  let dropped = 0;
  const giveUp = () => request.socket?.destroy();
  const timer = setTimeout(giveUp, maxMs).unref();
  const done = () => clearTimeout(timer);
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > maxBytes) {
      done();
      giveUp();
    }
  });
  request.once('end', done);
  request.once('close', done);
  // Nothing upstream reads it any more (a pipe to it would pause this stream once its buffer is full).
  request.unpipe();
  request.resume();
}
