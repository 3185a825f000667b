import type { FastifyReply } from 'fastify';

/**
 * Sends `bytes` as a private download (receipts, tickets, return labels); the answer check sees the bytes, as it sees
 * any answer. `name` must be a safe file name (callers build it from ids and slugs).
 */
export function download(reply: FastifyReply, bytes: Uint8Array, contentType: string, name: string): Buffer {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  void reply
    .header('content-type', contentType)
    .header('content-length', String(body.length))
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  return body;
}
