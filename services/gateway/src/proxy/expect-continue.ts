import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * `Expect: 100-continue` (RFC 9110 §10.1.1) answered after the request is judged, not before.
 *
 * Node answers `100 Continue` as soon as the headers arrive unless the server listens for `checkContinue`: a client
 * that asked first (curl does for bodies over 1 MB, and so do upload tools and some HTTP libraries) was told to send a
 * body the gateway then refused by its declared length, by the rate limit or for an unknown API group, and sent it
 * all. Here the request goes through the gateway's `onRequest` checks without that answer; `100 Continue` is written
 * only when they pass and the body is about to be read (`preParsing`, which runs after every `onRequest` hook). A
 * refusal is sent as the final answer instead, and the client skips the upload. A client that sends its body anyway
 * (it may, after waiting a while) meets the same reading and dropping of a refused body as any other (discardRest).
 */
export function installExpectContinue(fastify: FastifyInstance): void {
  fastify.server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    continuePending.add(request);
    fastify.server.emit('request', request, response);
  });
  fastify.addHook('preParsing', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    sendContinue(request.raw, reply.raw);
    return payload;
  });
}

/** Requests that asked for `100 Continue` and have not had it yet. */
const continuePending = new WeakSet<IncomingMessage>();

function sendContinue(request: IncomingMessage, response: ServerResponse): void {
  if (!continuePending.delete(request) || response.headersSent || response.writableEnded) return;
  response.writeContinue();
}
