import pino, { type Logger } from 'pino';
import { currentContext } from './context.js';

export type { Logger };

/**
 * Structured JSON logs (one line per entry) carrying the service name and, inside a request or
 * event handler, its request and trace ids.
 */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const ctx = currentContext();
      return ctx ? { requestId: ctx.requestId, traceId: ctx.traceId } : {};
    },
    redact: { paths: ['password', '*.password', 'pin', '*.pin', 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  });
}
