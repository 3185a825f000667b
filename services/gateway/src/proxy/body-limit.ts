import { Transform, type Readable, type TransformCallback } from 'node:stream';

export const DEFAULT_BODY_LIMIT_BYTES = 1_048_576;
/** Image uploads (gallery) are up to 4,000,000 bytes; multipart framing needs the headroom. */
export const UPLOAD_BODY_LIMIT_BYTES = 5 * 1_048_576;
/** Groups whose requests carry uploads, with their own limit. */
const UPLOAD_GROUPS = new Set(['gallery']);

export function bodyLimitForGroup(group: string, defaultLimit: number): number {
  return UPLOAD_GROUPS.has(group) ? Math.max(defaultLimit, UPLOAD_BODY_LIMIT_BYTES) : defaultLimit;
}

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
