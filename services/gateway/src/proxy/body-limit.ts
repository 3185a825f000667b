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
