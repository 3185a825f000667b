import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

/**
 * Nest's own log lines (bootstrap errors, exceptions outside a request) through the service's pino logger, so every
 * line a process writes is JSON with the service name, never Nest's coloured text among the JSON. Nest's chatty
 * start-up lines (module and route listings) arrive as `log`/`verbose` and stay at debug.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(level: 'debug' | 'info' | 'warn' | 'error' | 'fatal', message: unknown, params: unknown[]): void {
    // Nest passes the context (a class name) last, and for `error` a stack before it.
    const context = params.length > 0 && typeof params[params.length - 1] === 'string' ? (params[params.length - 1] as string) : undefined;
    const stack = level === 'error' && params.length > 1 && typeof params[0] === 'string' ? params[0] : undefined;
    if (message instanceof Error) {
      this.logger[level]({ err: message, context }, message.message);
      return;
    }
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    this.logger[level]({ context, ...(stack ? { stack } : {}) }, text);
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }
}
