import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer of `app` and the scopes registered after this call. The middleware is
 * built once: @fastify/helmet built it again for every request (`helmet(options)` parses and checks every CSP
 * directive), which was 5 % of the gateway's CPU on a proxied read. Directives given as functions (the gateway's
 * script hashes) are still evaluated per request, by helmet.
 */
export function installSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
