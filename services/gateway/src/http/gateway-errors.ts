import { ErrorCodes, type ErrorBody } from '@vitrina/contracts';
import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';

/** Codes the gateway answers itself; they live in ErrorCodes (libs/contracts) so the web shares them. */
export const GatewayErrorCodes = {
  upstreamTimeout: ErrorCodes.upstreamTimeout,
  badRequest: ErrorCodes.badRequest,
  methodNotAllowed: ErrorCodes.methodNotAllowed,
} as const;

/** An answer the gateway gives itself: status plus the `{ code, message }` body every Vitrina error has. */
export class GatewayHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'GatewayHttpError';
  }
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  const body: ErrorBody = { code, message };
  return reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
}

const CODE_BY_STATUS: Record<number, string> = {
  400: GatewayErrorCodes.badRequest,
  401: ErrorCodes.unauthorized,
  403: ErrorCodes.forbidden,
  404: ErrorCodes.notFound,
  405: GatewayErrorCodes.methodNotAllowed,
  413: ErrorCodes.payloadTooLarge,
  415: ErrorCodes.unsupportedMediaType,
  429: ErrorCodes.rateLimited,
  431: ErrorCodes.headersTooLarge,
};

const MESSAGE_BY_STATUS: Record<number, string> = {
  400: 'Bad request',
  403: 'Forbidden',
  404: 'No such route',
  405: 'Method not allowed',
  413: 'The request body is larger than allowed',
  415: 'Unsupported content type',
  429: 'Too many requests',
  431: 'The request headers are larger than allowed',
};

/**
 * Maps anything the gateway's own routes and plugins throw to a status and `{ code, message }`.
 * Our own errors keep their code and message; other 4xx errors get a generic message for their status
 * (plugin messages can mention internals); anything else is logged and answered as a generic 500.
 */
export function toGatewayErrorResponse(
  err: unknown,
  logger?: Logger,
): { status: number; body: ErrorBody; headers: Record<string, string> } {
  if (err instanceof GatewayHttpError) {
    return { status: err.statusCode, body: { code: err.code, message: err.message }, headers: err.headers };
  }
  const status = (err as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      status,
      body: { code: CODE_BY_STATUS[status] ?? GatewayErrorCodes.badRequest, message: MESSAGE_BY_STATUS[status] ?? 'Bad request' },
      headers: {},
    };
  }
  logger?.error({ err }, 'unhandled gateway error');
  return { status: 500, body: { code: ErrorCodes.internal, message: 'Internal error' }, headers: {} };
}
