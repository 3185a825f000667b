import { STATUS_CODES } from 'node:http';
import { isUtf8 } from 'node:buffer';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ErrorCodes, MAX_JSON_DEPTH, type ErrorBody } from '@vitrina/contracts';
import { DomainError } from './errors.js';
import { firstPrototypeKey, firstUncleanHeader, firstUncleanValue, isCleanUrl, jsonDeeperThan } from './text-checks.js';

/**
 * The HTTP layer's own refusals, shared by every service (bootstrap.ts) and the gateway (issue 9 item 2):
 * no input reaches a handler — or a 500 — with NUL or invalid Unicode, a JSON body nested without bound, a
 * prototype key, or a malformed request line; and every refusal, including the ones Node and Fastify answer
 * before any route runs (400, 414, 431), is `{ code, message }`.
 */

export class InvalidTextError extends DomainError {
  constructor(where: string) {
    super(ErrorCodes.invalidText, `${where} holds NUL or text that is not valid Unicode`, 400);
  }
}

function send(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  const body: ErrorBody = { code, message };
  return reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
}

/**
 * `onRequest` hook: the path, query and (non-opaque) headers must be clean text. Runs before routing's
 * handlers, body parsing and auth, for matched and unmatched routes alike.
 */
export async function refuseUncleanRequestLine(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  // Answering early from an async hook: send, then return the reply (Fastify's documented way; awaiting it would wait for the send).
  if (!isCleanUrl(request.raw.url ?? request.url)) {
    return send(reply, 400, ErrorCodes.invalidText, 'The request path or query holds NUL or text that is not valid UTF-8');
  }
  const header = firstUncleanHeader(request.headers);
  if (header !== undefined) return send(reply, 400, ErrorCodes.invalidText, `The ${header} header is not valid UTF-8 text`);
  return undefined;
}

/** JSON body: UTF-8 (RFC 8259 §8.1), bounded depth, no prototype keys, no NUL or lone surrogate in any string. */
export function parseJsonBody(body: Buffer): unknown {
  if (body.length === 0) throw new DomainError(ErrorCodes.validationFailed, 'The JSON body is empty', 400);
  // Decoding with replacement would store U+FFFD where the client sent something else: refuse instead.
  if (!isUtf8(body)) throw new InvalidTextError('The JSON body');
  const text = body.toString('utf8');
  if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new DomainError(ErrorCodes.validationFailed, `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`, 400);
  }
  let value: unknown;
  try {
    // JSON.parse makes `__proto__` an own data property (no prototype change); it is refused below.
    value = JSON.parse(text);
  } catch {
    throw new DomainError(ErrorCodes.validationFailed, 'The request body is not valid JSON', 400);
  }
  // `__proto__` and `constructor.prototype` keys are refused, never merged into other objects later
  // (the prototype-poisoning rule Fastify's secure-json-parse applies).
  const proto = firstPrototypeKey(value);
  if (proto !== undefined) throw new DomainError(ErrorCodes.validationFailed, `The JSON body holds a forbidden key (${proto})`, 400);
  const at = firstUncleanValue(value);
  if (at !== undefined) throw new InvalidTextError(`The body field ${at.slice(0, 100)}`);
  return value;
}

/** Plain-text body: UTF-8 without NUL. */
export function parseTextBody(body: Buffer): string {
  if (!isUtf8(body) || body.includes(0)) throw new InvalidTextError('The request body');
  return body.toString('utf8');
}

/** URL-encoded form body: the same percent-decoding checks as a query; parsed into an object without prototype. */
export function parseFormBody(body: Buffer): Record<string, string | string[]> {
  const text = body.toString('latin1');
  if (!isCleanUrl(`?${text}`) || !isUtf8(body)) throw new InvalidTextError('The form body');
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [key, value] of new URLSearchParams(body.toString('utf8'))) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') {
      throw new DomainError(ErrorCodes.badRequest, `The form body holds a forbidden key (${key})`, 400);
    }
    const previous = out[key];
    out[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

type Parse = (body: Buffer) => unknown;

/** The request body's bytes as received, for the routes that verify a signature over them (payment webhooks). */
export function rawBodyOf(request: unknown): Buffer | undefined {
  return (request as { rawBody?: Buffer }).rawBody;
}

function parserOf(parse: Parse) {
  return (req: unknown, body: Buffer, done: (err: Error | null, value?: unknown) => void): void => {
    try {
      (req as { rawBody?: Buffer }).rawBody = body;
      done(null, parse(body));
    } catch (err) {
      done(err as Error, undefined);
    }
  };
}

/**
 * Refuses unclean paths, queries and headers, and replaces the JSON, text and form parsers (Nest's, which it
 * registers at init, and Fastify's) with the checking ones above. Body limits stay the route's or the server's.
 * Call before `app.init()`.
 */
export function installRequestGuards(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', refuseUncleanRequestLine);
  fastify.removeContentTypeParser(['application/json', 'text/plain']);
  app.useBodyParser('application/json', {}, parserOf(parseJsonBody) as never);
  app.useBodyParser('application/x-www-form-urlencoded', {}, parserOf(parseFormBody) as never);
  app.useBodyParser('text/plain', {}, parserOf(parseTextBody) as never);
}

/**
 * Fastify's `frameworkErrors` option: a path the router cannot decode (bad percent-encoding, invalid UTF-8)
 * or a path parameter over `maxParamLength`, answered `{ code, message }` instead of Fastify's own shape.
 */
export function frameworkErrors(err: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void send(reply, 414, ErrorCodes.uriTooLong, 'A path segment is longer than allowed');
  } else if (err.code === 'FST_ERR_BAD_URL') {
    const text = !isCleanUrl(request.raw.url ?? '');
    void send(
      reply,
      400,
      text ? ErrorCodes.invalidText : ErrorCodes.badRequest,
      text ? 'The request path holds NUL or text that is not valid UTF-8' : 'The request path is not validly percent-encoded',
    );
  } else {
    void send(reply, 400, ErrorCodes.badRequest, 'Bad request');
  }
}

/**
 * Fastify's `clientErrorHandler` option: what Node's HTTP parser refuses before Fastify sees a request (headers
 * over the size limit, a control char in a header, a malformed request line, a request that took too long),
 * written on the socket as `{ code, message }` JSON.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let body: ErrorBody = { code: ErrorCodes.badRequest, message: 'The request is not valid HTTP' };
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = { code: ErrorCodes.headersTooLarge, message: 'The request headers are larger than allowed' };
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = { code: ErrorCodes.requestTimeout, message: 'The request took too long to arrive' };
  } else if (err.code === 'HPE_INVALID_HEADER_TOKEN') {
    body = {
      code: ErrorCodes.invalidText,
      message: 'A request header holds a character HTTP does not allow (NUL or another control character)',
    };
  }
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(err);
}
