import 'reflect-metadata';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import { Redis } from 'ioredis';
import { Counter } from 'prom-client';
import { ErrorCodes, type ServiceName } from '@vitrina/contracts';
import {
  PinoNestLogger,
  createTelemetry,
  telemetrySettingsFromEnv,
  type Telemetry,
  type TelemetrySettings,
  clientErrorHandler,
  createLogger,
  frameworkErrors,
  installHealth,
  installHttpDrain,
  installObservability,
  installSecurityHeaders,
  refuseUncleanRequestLine,
  requestIdOf,
  type Logger,
} from '@vitrina/platform';
import { installServicesHealthRoute } from './health/services-health.js';
import { sendError, toGatewayErrorResponse } from './http/gateway-errors.js';
import { ApiDescription } from './openapi/api-description.js';
import { installApiDocsPage, installOpenApiRoute } from './openapi/api-docs.routes.js';
import { installApiProxy } from './proxy/api-proxy.js';
import { DEFAULT_BODY_LIMIT_BYTES } from './proxy/body-limit.js';
import { installExpectContinue } from './proxy/expect-continue.js';
import { Upstreams } from './proxy/upstreams.js';
import { createRateLimitHook, type TokenVerifierLike } from './rate-limit/rate-limits.js';
import { createShopHeadRenderer, DEFAULT_PLATFORM_HOSTS, type RenderShopHead } from './web/shop-head.js';
import { storeShopFetcher } from './web/store-shops.js';
import { catalogueReads } from './web/catalogue-reads.js';
import { installCompression } from './web/compression.js';
import { installWebApp, wantsPage, type WebApp } from './web/web-app.js';

export type { RenderShopHead, ShopHead, ShopRef } from './web/shop-head.js';
// The embedded launcher reads the gateway's variables exactly as the gateway process does.
export { gatewayEnvShape } from './config/gateway-config.js';

export interface GatewayOptions {
  port: number;
  /** Tracing settings (tests); the standard OTEL_* variables otherwise. */
  telemetry?: TelemetrySettings;
  host?: string;
  /** Base URL(s) per service; several comma-separated URLs = instances, used round-robin (with failover to the next on connection refused). */
  serviceUrls: Record<ServiceName, string>;
  /** Built web app folder (web/dist); absent folder -> a plain page saying to run `npm run build`. */
  webDist?: string;
  /** CORS allowed only for these origins (default none). */
  corsOrigins?: string[];
  /** Rate-limit store shared by gateway instances when set. */
  redisUrl?: string;
  rateLimit?: { perIpPerMinute: number; perUserPerMinute: number };
  /** Default 1 MiB; the `gallery` group allows 5 MiB (uploads of 4,000,000 bytes). */
  bodyLimitBytes?: number;
  /** Default 30 s. */
  upstreamTimeoutMs?: number;
  /** Keys per-user limits by a VERIFIED token's user id (invalid/absent token -> per-IP only). */
  verifier?: TokenVerifierLike;
  logLevel?: string;
  /** Proxies in front of the gateway whose X-Forwarded-* are believed (Fastify `trustProxy`); default none. */
  trustProxy?: boolean | number | string | string[];
  /** Prefix of the rate-limit keys in Redis (default `vitrina:gateway:rl:`). */
  rateLimitKeyPrefix?: string;
  /** `GET /api/health`: how long each service's `/health/ready` may take (default 2.5 s). */
  healthTimeoutMs?: number;
  /**
   * The `<head>` of a shop's pages (`/tienda/{slug}/...`, or a shop's own host). Default: read from the store
   * service (timeout `shopHeadTimeoutMs`, cached 30 s), the app's default head when the store cannot answer.
   */
  renderShopHead?: RenderShopHead;
  /** Longest wait for the store when rendering a shop's head (default 800 ms). */
  shopHeadTimeoutMs?: number;
  /**
   * Hosts of the platform itself (default localhost, 127.0.0.1, ::1; env PLATFORM_HOSTS). A page request for
   * any other host (not an IP address) is the page of the shop served at that host's root: `{slug}.{platform
   * host}`, or a shop's own domain (by-host lookup); see shopRefOf.
   */
  platformHosts?: readonly string[];
  /** URLs per file of a shop's sitemap before sitemap.xml becomes an index (default 50,000, the protocol's most). */
  sitemapUrlsPerFile?: number;
}

export interface RunningGateway {
  url: string;
  close(): Promise<void>;
}

/** The gateway has no controllers of its own: its behaviour is Fastify plugins on the adapter's instance. */
@Module({})
export class GatewayModule {}

/**
 * The gateway's Fastify scope owns the root not-found handler (SPA fallback, JSON 404) and error handler
 * (`{ code, message }`). Fastify allows one of each per prefix, so Nest's router hooks, which would only
 * serve controllers the gateway does not have, are not installed.
 */
class GatewayFastifyAdapter extends FastifyAdapter {
  override setNotFoundHandler(): ReturnType<FastifyAdapter['setNotFoundHandler']> {
    return this.getInstance();
  }

  override setErrorHandler(): ReturnType<FastifyAdapter['setErrorHandler']> {
    return this.getInstance();
  }
}

/**
 * Starts the one public HTTP entry (docs/architecture.md §4): a NestJS application on the Fastify adapter that
 * proxies `/api/{group}/...` to the owning service, applies rate limits, CORS and security headers, publishes
 * the merged OpenAPI description and health, and serves the web app.
 */
export async function startGateway(opts: GatewayOptions): Promise<RunningGateway> {
  const logger = createLogger('gateway', opts.logLevel ?? 'info');
  const telemetry = createTelemetry('gateway', opts.telemetry ?? telemetrySettingsFromEnv());
  const host = opts.host ?? '0.0.0.0';
  const upstreams = new Upstreams({ serviceUrls: opts.serviceUrls, timeoutMs: opts.upstreamTimeoutMs ?? 30_000 });
  const redis = opts.redisUrl ? await connectRedis(opts.redisUrl, logger) : undefined;
  let closing = false;
  let released = false;
  const release = async () => {
    closing = true;
    if (released) return;
    released = true;
    await upstreams.close();
    await telemetry.shutdown().catch(() => undefined);
    // quit() lets pending commands finish; a client still trying to connect just stops.
    if (redis?.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis?.disconnect();
  };

  let app: NestFastifyApplication | undefined;
  try {
    const adapter = new GatewayFastifyAdapter({
      genReqId: (req: IncomingMessage) => requestIdOf(req),
      // Fastify also takes a hop count, which the adapter's option type leaves out.
      trustProxy: (opts.trustProxy ?? false) as boolean | string | string[],
      // Longer than a load balancer's idle timeout, so it never reuses a socket the gateway is closing.
      keepAliveTimeout: 72_000,
      // A slow start under load (embedded mode shares one thread with every service and PGlite) must still start;
      // Fastify's default fails any plugin that takes over 10 s to register (libs/platform http/bootstrap.ts).
      pluginTimeout: 60_000,
      // Refusals made before any route runs (undecodable path, oversized headers) answer { code, message } too.
      frameworkErrors,
      clientErrorHandler,
    });
    app = await NestFactory.create<NestFastifyApplication>(GatewayModule, adapter, {
      logger: new PinoNestLogger(logger),
      abortOnError: false,
    });
    const instance = app.getHttpAdapter().getInstance();
    instance.addHook('onClose', release);
    // A graceful stop ends when the in-flight requests have, not when idle keep-alive connections time out.
    installHttpDrain(instance);
    await buildGateway(instance, opts, { logger, upstreams, redis, telemetry, isClosing: () => closing });
    await app.init();
    await app.listen({ port: opts.port, host });
  } catch (err) {
    await app?.close().catch(() => undefined);
    await release();
    throw err;
  }
  const nest = app;
  const fastify = nest.getHttpAdapter().getInstance();
  const { port } = fastify.server.address() as AddressInfo;
  const url = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
  logger.info({ url }, 'gateway listening');
  return {
    url,
    async close() {
      closing = true;
      await nest.close();
    },
  };
}

interface GatewayParts {
  logger: Logger;
  telemetry: Telemetry;
  upstreams: Upstreams;
  redis?: Redis;
  isClosing(): boolean;
}

async function buildGateway(fastify: FastifyInstance, opts: GatewayOptions, parts: GatewayParts): Promise<void> {
  const { logger, upstreams } = parts;
  let web: WebApp | undefined;

  // Root hooks first: they apply to every scope registered after them.
  installSecurityHeaders(fastify, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // Self scripts, plus the inline script(s) of index.html by hash (the theme script before first paint).
        scriptSrc: ["'self'", () => (web?.scriptHashes() ?? []).join(' ')],
        // Mantine sets inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // Product images and payment pages come from other origins.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  const allowedOrigins = new Set(opts.corsOrigins ?? []);
  await fastify.register(cors, {
    // Only the listed origins get CORS headers; any other origin gets none (the browser then refuses).
    origin: (origin, callback) => callback(null, origin !== undefined && allowedOrigins.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['x-request-id', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
    maxAge: 600,
  });
  // br/gzip for API JSON, pages and sitemaps; static files come precompressed (web/compression.ts).
  await installCompression(fastify);
  const registry = installObservability(fastify, 'gateway', logger, parts.telemetry);
  // NUL or invalid Unicode in the path, query or headers: 400 invalid_text here, for pages and API alike
  // (the services check bodies, which the gateway streams without parsing).
  fastify.addHook('onRequest', refuseUncleanRequestLine);
  // `100 Continue` only once the request passed the checks that could refuse it (expect-continue.ts).
  installExpectContinue(fastify);
  const upstreamFailures = new Counter({
    name: 'gateway_upstream_failures_total',
    help: 'Proxied requests that got no upstream answer',
    labelNames: ['service', 'kind'],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'gateway_rate_limited_total',
    help: 'Requests refused by a rate limit',
    labelNames: ['scope'],
    registers: [registry],
  });
  installHealth(fastify, 'gateway', {
    accepting: async () => {
      if (parts.isClosing()) throw new Error('shutting down');
    },
  });

  fastify.setErrorHandler((err, request, reply) => {
    // The client went away while its answer was streaming from the service (undici aborts the upstream body): not a
    // server error, and nobody is left to read the answer (the end of every benchmark logged one error per connection).
    const clientGone = reply.raw.destroyed && (err as { code?: unknown }).code === 'UND_ERR_ABORTED';
    if (clientGone) logger.debug({ requestId: request.id }, 'client closed the connection before its answer was sent');
    const { status, body, headers } = toGatewayErrorResponse(err, clientGone ? undefined : logger);
    void reply.headers(headers);
    return sendError(reply, status, body.code, body.message);
  });
  fastify.setNotFoundHandler(async (request, reply) => {
    if (wantsPage(request) && web) return web.serveApp(request, reply);
    return sendError(reply, 404, ErrorCodes.notFound, 'No such route');
  });

  const description = new ApiDescription(upstreams, logger);
  const healthTimeoutMs = opts.healthTimeoutMs ?? 2_500;

  // Not rate-limited: health, the docs page and its assets.
  installServicesHealthRoute(fastify, upstreams, healthTimeoutMs);
  await fastify.register(async (scope) => installApiDocsPage(scope, description));

  // Rate-limited: everything else under /api.
  await fastify.register(async (api) => {
    const limits = opts.rateLimit ?? { perIpPerMinute: 600, perUserPerMinute: 1200 };
    api.addHook(
      'onRequest',
      createRateLimitHook({
        ...limits,
        redis: parts.redis,
        keyPrefix: opts.rateLimitKeyPrefix ?? 'vitrina:gateway:rl:',
        verifier: opts.verifier,
        onLimited: (scope) => rateLimited.inc({ scope }),
      }),
    );
    installOpenApiRoute(api, description);
    await api.register(async (proxyScope) =>
      installApiProxy(proxyScope, {
        upstreams,
        bodyLimitBytes: opts.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
        timeoutMs: opts.upstreamTimeoutMs ?? 30_000,
        logger,
        onUpstreamError: (service, kind) => upstreamFailures.inc({ service, kind }),
        telemetry: parts.telemetry,
      }),
    );
  });

  await fastify.register(async (scope) => {
    web = await installWebApp(scope, {
      webDist: opts.webDist,
      renderShopHead:
        opts.renderShopHead ?? createShopHeadRenderer({ fetchShop: storeShopFetcher(upstreams, opts.shopHeadTimeoutMs ?? 800, logger) }),
      platformHosts: opts.platformHosts ?? DEFAULT_PLATFORM_HOSTS,
      // Item and catalogue heads, sitemaps: the catalogue's public API, with the shop head's timeout.
      catalogue: catalogueReads(upstreams, { headTimeoutMs: opts.shopHeadTimeoutMs ?? 800, logger }),
      sitemapUrlsPerFile: opts.sitemapUrlsPerFile,
    });
  });
}

async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  // No offline queue: while Redis is unreachable a limit check fails at once and the request goes through.
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
  });
  let lastLogged = 0;
  redis.on('error', (err: Error) => {
    if (Date.now() - lastLogged > 30_000) {
      lastLogged = Date.now();
      logger.warn({ err: err.message }, 'rate-limit store (Redis) unavailable; requests are not limited meanwhile');
    }
  });
  await redis
    .connect()
    .catch((err: unknown) =>
      logger.warn({ err: (err as Error).message }, 'could not connect to Redis at start; retrying in the background'),
    );
  return redis;
}
