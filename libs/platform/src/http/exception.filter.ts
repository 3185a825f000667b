import { ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { ErrorCodes, type ErrorBody } from '@vitrina/contracts';
import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { currentContext } from '../logging/context.js';
import { causeChain, SqlState, type ErrorLink } from '../db/database-errors.js';
import { DomainError } from './errors.js';

const TOO_LARGE = 'The request body is larger than allowed';

const CODE_BY_STATUS: Record<number, string> = {
  400: ErrorCodes.validationFailed,
  401: ErrorCodes.unauthorized,
  403: ErrorCodes.forbidden,
  404: ErrorCodes.notFound,
  409: ErrorCodes.conflict,
  405: ErrorCodes.methodNotAllowed,
  413: ErrorCodes.payloadTooLarge,
  414: ErrorCodes.uriTooLong,
  415: ErrorCodes.unsupportedMediaType,
  431: ErrorCodes.headersTooLarge,
  429: ErrorCodes.rateLimited,
  503: ErrorCodes.serviceUnavailable,
};

/** pg-pool's errors when no connection came within `connectionTimeoutMillis` (DB_POOL_WAIT_MS). */
const OVERLOAD_MESSAGES = ['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout'];

/**
 * PostgreSQL refusing or ending sessions (class 08 connection exceptions; 53300 too_many_connections; 57P01-57P03
 * administrator, crash or startup shutdown): the database is restarting, failing over or full.
 */
const PG_UNAVAILABLE = new Set(['08000', '08001', '08003', '08004', '08006', '53300', '57P01', '57P02', '57P03']);
/** A connection that dropped under an open session: pg's message when the server went away mid-statement. */
const UNAVAILABLE_MESSAGES = ['Connection terminated unexpectedly'];
/** Socket errors of an outgoing connection (database, Redis, another service) that are not about the request. */
const LOST_CONNECTION = new Set(['ECONNRESET', 'EPIPE']);

/** Seconds a client should wait before retrying a 503: a pool wait clears at once, a database restart takes longer. */
const RETRY_AFTER_BUSY = '1';
const RETRY_AFTER_DOWN = '5';

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** Headers the answer carries besides its content type (Retry-After on a 503). */
  headers?: Record<string, string>;
}

/**
 * Maps anything thrown into `{ code, message }` with the right status.
 * Never leaks stack traces, SQL or driver messages: unknown errors are logged with the trace id
 * and answered with a generic 500.
 */
export function toErrorResponse(err: unknown, logger?: Logger): ErrorResponse {
  if (err instanceof DomainError) {
    return {
      status: err.status,
      body: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}), ...err.details },
    };
  }
  if (err instanceof HttpException) {
    const status = err.getStatus();
    const res = err.getResponse();
    const obj = typeof res === 'object' && res !== null ? (res as Record<string, unknown>) : {};
    const code = typeof obj.code === 'string' ? obj.code : (CODE_BY_STATUS[status] ?? (status >= 500 ? ErrorCodes.internal : 'error'));
    const rawMessage = typeof obj.message === 'string' ? obj.message : Array.isArray(obj.message) ? obj.message.join('; ') : err.message;
    if (status >= 500) logger?.error({ err }, 'request failed');
    const message = status >= 500 ? 'Internal error' : status === 413 ? TOO_LARGE : rawMessage;
    return { status, body: { code, message } };
  }
  // Errors raised by Fastify itself (body too large, bad JSON, wrong content type) carry statusCode and a FST_ code;
  // plugins (multipart) raise others with a 4xx statusCode. Their own messages can name internals: a generic one per status.
  const fst = err as { statusCode?: number; code?: string; message?: string };
  if (typeof fst?.statusCode === 'number' && fst.statusCode >= 400 && fst.statusCode < 500) {
    const status = fst.statusCode;
    const message =
      status === 413
        ? TOO_LARGE
        : status === 415
          ? 'Unsupported content type'
          : fst.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The JSON body is empty'
            : fst.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
              ? 'The request body is not valid JSON'
              : 'Bad request';
    const code = CODE_BY_STATUS[status] ?? ErrorCodes.badRequest;
    return { status, body: { code, message } };
  }
  if (isOverloaded(err)) {
    // The database is saturated (no pooled connection within the wait, or a statement over statement_timeout):
    // a retryable 503, not a bug. Logged at warn so saturation is visible without paging as an error.
    logger?.warn({ err, traceId: currentContext()?.traceId }, 'database overloaded');
    return {
      status: 503,
      body: { code: ErrorCodes.serviceUnavailable, message: 'The service is busy, try again shortly' },
      headers: { 'retry-after': RETRY_AFTER_BUSY },
    };
  }
  if (isUnavailable(err)) {
    // The database (or another dependency) cannot be reached or ended the session: retryable (a write with its
    // Idempotency-Key never applies twice). Not a bug in this request: warn, without the stack.
    logger?.warn({ err: innermostCause(err), traceId: currentContext()?.traceId }, 'dependency unavailable');
    return {
      status: 503,
      body: { code: ErrorCodes.serviceUnavailable, message: 'The service is temporarily unavailable, try again shortly' },
      headers: { 'retry-after': RETRY_AFTER_DOWN },
    };
  }
  logger?.error({ err, traceId: currentContext()?.traceId }, 'unhandled error');
  return { status: 500, body: { code: ErrorCodes.internal, message: 'Internal error' } };
}

const messageHas = (e: ErrorLink, fragments: readonly string[]) =>
  typeof e.message === 'string' && fragments.some((m) => (e.message as string).includes(m));

/**
 * pg's pool wait timeout, a new pooled connection not established within that wait (pg-pool ends it: a database too
 * busy to accept one), and PostgreSQL's query_canceled (57014: statement_timeout), seen through Drizzle's wrapper.
 */
function isOverloaded(err: unknown): boolean {
  return causeChain(err).some((e) => e.code === SqlState.queryCanceled || messageHas(e, OVERLOAD_MESSAGES));
}

/**
 * The database or another dependency is out of reach: a connection refused or not found (no server, missing Unix
 * socket, unresolvable host: any error of a `connect` or `getaddrinfo` call), reset or broken under us, PostgreSQL
 * refusing or ending the session (PG_UNAVAILABLE), or ioredis giving a command up after its retries while Redis is down.
 */
function isUnavailable(err: unknown): boolean {
  return causeChain(err).some(
    (e) =>
      (typeof e.code === 'string' &&
        (PG_UNAVAILABLE.has(e.code) || LOST_CONNECTION.has(e.code) || e.syscall === 'connect' || e.syscall === 'getaddrinfo')) ||
      e.name === 'MaxRetriesPerRequestError' ||
      messageHas(e, UNAVAILABLE_MESSAGES),
  );
}

/** The innermost cause's code and message: enough to tell which dependency, without a stack per failed request. */
function innermostCause(err: unknown): { code?: unknown; message?: unknown } {
  const e = causeChain(err).at(-1);
  return { code: e?.code, message: e?.message };
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger?: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, body, headers } = toErrorResponse(exception, this.logger);
    if (reply.sent) return;
    if (headers) void reply.headers(headers);
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}
