import 'reflect-metadata';
import { NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Module, type Type } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import cookie from '@fastify/cookie';
import { SERVICES, bodyLimitForGroup, type GroupPing, type ServiceName } from '@vitrina/contracts';
import { ApiExceptionFilter, toErrorResponse } from './exception.filter.js';
import { createValidationPipe } from './validation.js';
import { AnswerCheckInterceptor, attachAnswerComponents } from './api-answer.js';
import { PinoNestLogger } from '../logging/nest-logger.js';
import { installHealth } from './health.js';
import { installObservability, requestIdOf } from './observability.js';
import { clientErrorHandler, frameworkErrors, installRequestGuards } from './request-guards.js';
import { installSecurityHeaders } from './security-headers.js';
import { dedupeSecurity, describePathParameters } from './path-parameters.js';
import { RuntimeModule } from '../runtime/platform.module.js';
import { installHttpDrain } from '../runtime/http-drain.js';
import type { Runtime } from '../runtime/runtime.js';
import { DB, JOB_QUEUE, SERVICE } from '../runtime/tokens.js';
import type { Db } from '../db/database.js';
import type { ServiceDataOptions } from '../runtime/service-data.js';
import { OutboxRelayEvents } from '../outbox/relay.js';
import { installPlatformMetrics } from '../telemetry/metrics.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { Inbox } from '../outbox/inbox.js';
import { BusTransport } from '../events/bus.transport.js';
import { AuthModule } from '../auth/auth.module.js';
import { Outbox } from '../outbox/outbox.js';
import { TransactionRunner } from '../outbox/transaction-runner.js';
import { newId } from '../db/ids.js';

export interface ServiceDefinition {
  name: ServiceName;
  /** The service's composition root. It imports PlatformModule.forService(...). */
  module: Type<unknown>;
  /** Title of the service's part of the OpenAPI description. */
  title?: string;
}

export interface ServiceApp {
  app: NestFastifyApplication;
  openapi: OpenAPIObject;
}

/**
 * Builds a service's Nest application on Fastify with everything the kernel promises:
 * validation, the `{ code, message }` error filter, body limit, security headers, request ids and
 * JSON logs, `/health/live` `/health/ready` `/metrics`, `/openapi.json`, auth, and the event
 * consumers declared with `@EventPattern` (custom bus transport with the inbox).
 * The same function serves embedded mode (many apps, one runtime) and a service's own process.
 */
export async function createServiceApp(def: ServiceDefinition, runtime: Runtime): Promise<ServiceApp> {
  const logger = runtime.logger(def.name);
  @Module({ imports: [RuntimeModule.forRoot(runtime), AuthModule.forRoot({ verifier: runtime.verifier }), def.module] })
  class ServiceRootModule {}
  Object.defineProperty(ServiceRootModule, 'name', { value: `${def.name}Root` });

  const adapter = new FastifyAdapter({
    bodyLimit: runtime.config.BODY_LIMIT_BYTES,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => requestIdOf(req),
    // `{uuid}:{uuid}` path segments and comma-joined id lists (profile-public) exceed Fastify's default 100.
    // The spec writes many paths with a trailing slash (`/activate/pin/`); both forms reach one route.
    routerOptions: { maxParamLength: 2048, ignoreTrailingSlash: true },
    trustProxy: true,
    // Keep-alive from the gateway's connection pool should outlive the gateway's own idle timeout.
    keepAliveTimeout: 65_000,
    // Fastify fails a start whose plugin takes over 10 s to register. In embedded mode every service and PGlite share
    // one thread, and a start after a crash (WAL recovery, migrations) on a loaded machine can hold it that long: a
    // slow start must still start. A plugin that truly hangs still fails, after a minute.
    pluginTimeout: 60_000,
    // Refusals made before any route runs (undecodable path, oversized headers) answer { code, message } too.
    frameworkErrors,
    clientErrorHandler,
  });
  const app = await NestFactory.create<NestFastifyApplication>(ServiceRootModule, adapter, {
    logger: new PinoNestLogger(logger),
    bufferLogs: false,
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  installSecurityHeaders(fastify, { contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } });
  await app.register(cookie as never);
  // Errors Fastify raises before Nest routing (413, bad JSON, unsupported type) reach Nest's own
  // error handler, which hands them to ApiExceptionFilter: they answer { code, message } too.
  const registry = installObservability(fastify, def.name, logger, runtime.telemetry(def.name));
  // NUL / invalid Unicode in path, query, headers and bodies; JSON depth and prototype keys (request-guards.ts).
  installRequestGuards(app);
  // One body limit per API group, the same table the gateway reads (libs/contracts http-limits.ts), so a body
  // the gateway lets through is never cut here (which answered 502) and the other way round.
  fastify.addHook('onRoute', (route) => {
    // Errors raised before a controller runs (body parsers, hooks) reach the route's Fastify error handler,
    // not Nest's filters: the same mapping answers them `{ code, message }`.
    route.errorHandler ??= (err, _request, reply) => {
      const { status, body, headers } = toErrorResponse(err, logger);
      if (headers) void reply.headers(headers);
      void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
    };
    const group = /^\/([^/]+)\//.exec(route.url)?.[1];
    if (group && route.bodyLimit === undefined) {
      const limit = bodyLimitForGroup(group, runtime.config.BODY_LIMIT_BYTES);
      if (limit !== runtime.config.BODY_LIMIT_BYTES) route.bodyLimit = limit;
    }
  });
  const jobs = app.get<JobQueue>(JOB_QUEUE, { strict: false });
  // Only the database makes a service unready: with the bus or the queue down it is `degraded` and keeps serving,
  // its writes buffered in the outbox and the queue (libs/platform/README.md, "Readiness").
  const readiness = installHealth(
    fastify,
    def.name,
    { db: () => runtime.database.ping(), bus: () => runtime.bus.ping(), queue: () => jobs.ping() },
    { essential: ['db'] },
  );
  const metrics = installPlatformMetrics(registry, {
    db: app.get<Db>(DB, { strict: false }),
    tables: app.get<ServiceDataOptions>(SERVICE, { strict: false }).tables,
    jobs,
    relay: app.get(OutboxRelayEvents, { strict: false }),
    readiness,
    onScrapeError: (metric, err) => logger.warn({ err, metric }, 'metric could not be read'),
  });
  for (const group of SERVICES[def.name].groups) {
    // Cheapest possible route through the gateway, for round-trip benchmarks.
    fastify.get(`/${group}/_ping`, async (): Promise<GroupPing> => ({ ok: true, service: def.name }));
  }
  if (process.env.BENCH_WRITE_PROBE === '1') installWriteProbe(fastify, def.name, app);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter(logger));
  // BENCH_ANSWER_CHECK=0: a benchmark stack skips it, as production does (it parses every answer with its zod schema)
  if (runtime.config.NODE_ENV !== 'production' && process.env.BENCH_ANSWER_CHECK !== '0') {
    // Answers are checked against their ApiAnswer schemas: a mismatch fails tests, and is a warning in development.
    const mode = runtime.config.NODE_ENV === 'test' ? 'fail' : 'log';
    app.useGlobalInterceptors(new AnswerCheckInterceptor(app.get(Reflector), mode, (msg, issues) => logger.warn({ issues }, msg)));
  }
  // No app.enableShutdownHooks(): it re-raises the signal after closing the app, which killed the process (143)
  // before the runtime closed. The process owner (runService, the embedded launcher) closes apps, then the runtime;
  // app.close() ends as soon as the in-flight requests have (runtime/http-drain.ts).
  installHttpDrain(fastify);

  const openapi = attachAnswerComponents(
    dedupeSecurity(
      describePathParameters(
        SwaggerModule.createDocument(
          app,
          new DocumentBuilder()
            .setTitle(def.title ?? `Vitrina ${def.name}`)
            .setVersion('1')
            .addBearerAuth()
            .build(),
        ),
      ),
    ),
  );
  fastify.get('/openapi.json', async () => openapi);

  app.connectMicroservice(
    {
      strategy: new BusTransport({
        bus: runtime.bus,
        group: def.name,
        inbox: app.get(Inbox, { strict: false }),
        maxAttempts: runtime.config.EVENT_MAX_ATTEMPTS,
        telemetry: runtime.telemetry(def.name),
        onHandlerFailure: (failure) => metrics.handlerFailed(failure),
      }),
    },
    { inheritAppConfig: true },
  );
  await app.init();
  await app.startAllMicroservices();
  return { app, openapi };
}

/** The answer of `POST /{group}/_probe/write` (a plain Fastify route like `_ping`: not in the OpenAPI). */
export interface WriteProbeAnswer {
  id: string;
  service: string;
}

/**
 * `POST /{group}/_probe/write`, mounted only when BENCH_WRITE_PROBE=1 (benchmarks, bench/README.md): the floor of
 * every write, one transaction with one row in the service's `diagnostic_pings` and one outbox row
 * (`<service>._probe.written`, consumed by nobody), committed through the service's TransactionRunner like any command.
 */
function installWriteProbe(
  fastify: ReturnType<ReturnType<NestFastifyApplication['getHttpAdapter']>['getInstance']>,
  service: string,
  app: NestFastifyApplication,
): void {
  const tx = app.get(TransactionRunner, { strict: false });
  const outbox = app.get(Outbox, { strict: false });
  const tables = app.get<ServiceDataOptions>(SERVICE, { strict: false }).tables;
  for (const group of SERVICES[service as ServiceName].groups) {
    fastify.post(`/${group}/_probe/write`, async (_req, reply): Promise<WriteProbeAnswer> => {
      const id = newId();
      await tx.run(async (t) => {
        await t.insert(tables.pings).values({ id, fromService: '_probe' });
        await outbox.add(t, { type: `${service}._probe.written`, key: id, data: { id } });
      });
      void reply.status(201);
      return { id, service };
    });
  }
}
