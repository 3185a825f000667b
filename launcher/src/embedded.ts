import { resolve } from 'node:path';
import { DEMO, SERVICES, serviceUrlVariable, type ServiceName } from '@vitrina/contracts';
import {
  ConfigError,
  createLogger,
  createRuntime,
  createServiceApp,
  env,
  holdSignalsWhileStarting,
  installGracefulShutdown,
  loadPlatformConfig,
  parseEnv,
  shutdownEnvShape,
} from '@vitrina/platform';
import { gatewayEnvShape, startGateway } from '@vitrina/gateway';
import { z } from 'zod';
import { ALL_SERVICES } from './services.js';
import { REPO_ROOT, WEB_DIST } from './paths.js';

/**
 * Embedded mode (`npm start`, docs/architecture.md §2): one process runs every service on its own port
 * (bound to 127.0.0.1: only the gateway is public), one PGlite under DATA_DIR with one schema per
 * service, the in-process event bus and the persisted in-process job queue; the gateway on PORT
 * serves the API and the web app. No server to install; data survives a restart.
 *
 * Variables read here (besides the platform's): PORT (gateway, default 3000), HOST (default 0.0.0.0),
 * SERVICE_PORT_OFFSET (added to every service's default port, to run a second stack beside the first),
 * CORS_ORIGINS, RATE_LIMIT_PER_IP and RATE_LIMIT_PER_USER (requests per minute), and PLATFORM_HOSTS and
 * SHOP_HEAD_TIMEOUT_MS, read exactly as the gateway process reads them (services/gateway/src/config/gateway-config.ts),
 * and SHUTDOWN_TIMEOUT_MS (the longest graceful stop on SIGTERM/SIGINT, default 10 s).
 */
async function main(): Promise<void> {
  let local;
  let config;
  try {
    local = parseEnv({
      PORT: env.int(3000, 1, 65535),
      HOST: z.string().default('0.0.0.0'),
      SERVICE_PORT_OFFSET: env.int(0, 0, 20000),
      CORS_ORIGINS: env.list().optional(),
      RATE_LIMIT_PER_IP: env.int(600, 1),
      RATE_LIMIT_PER_USER: env.int(1200, 1),
      // Shops on their own host (spec 1 §2): the same variables and validation as the gateway process.
      PLATFORM_HOSTS: gatewayEnvShape.PLATFORM_HOSTS,
      SHOP_HEAD_TIMEOUT_MS: gatewayEnvShape.SHOP_HEAD_TIMEOUT_MS,
      // The longest graceful stop (libs/platform runtime/graceful-shutdown.ts).
      ...shutdownEnvShape,
    });
    if (process.env.DATABASE_URL || (process.env.EVENT_BUS && process.env.EVENT_BUS !== 'memory')) {
      console.warn(
        'Embedded mode uses PGlite and the in-process bus; DATABASE_URL/EVENT_BUS are ignored here (use `npm run start:cluster`).',
      );
    }
    config = loadPlatformConfig({
      ...process.env,
      DATA_DIR: resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data'),
      DATABASE_URL: '',
      EVENT_BUS: 'memory',
      JOB_QUEUE: 'local',
    });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const started = Date.now();
  // A signal while the services start (PGlite files, migrations) stops the stack once it is up, not half-way.
  const starting = holdSignalsWhileStarting({ logger: createLogger('launcher', config.LOG_LEVEL), timeoutMs: local.SHUTDOWN_TIMEOUT_MS });
  // The memory bus counts an outbox row delivered once every service's consumer group committed it: services start
  // one by one while the first relays already replay their outbox, so it waits until all of them have subscribed.
  const runtime = await createRuntime(config, { awaitConsumers: true });
  const logger = runtime.logger('launcher');
  const apps: Array<{ close(): Promise<unknown> }> = [];
  const serviceUrls = {} as Record<ServiceName, string>;
  for (const def of ALL_SERVICES) {
    const port = SERVICES[def.name].port + local.SERVICE_PORT_OFFSET;
    // Service-to-service calls (cart-checkout → catalogue reservations) find the peer on this stack's ports.
    process.env[serviceUrlVariable(def.name)] ??= `http://127.0.0.1:${port}`;
    const { app } = await createServiceApp(def, runtime);
    await app.listen({ port, host: '127.0.0.1' });
    apps.push(app);
    serviceUrls[def.name] = `http://127.0.0.1:${port}`;
  }
  runtime.consumersStarted();
  const gateway = await startGateway({
    port: local.PORT,
    host: local.HOST,
    serviceUrls,
    webDist: WEB_DIST,
    corsOrigins: local.CORS_ORIGINS,
    rateLimit: { perIpPerMinute: local.RATE_LIMIT_PER_IP, perUserPerMinute: local.RATE_LIMIT_PER_USER },
    verifier: runtime.verifier,
    logLevel: config.LOG_LEVEL,
    platformHosts: local.PLATFORM_HOSTS,
    shopHeadTimeoutMs: local.SHOP_HEAD_TIMEOUT_MS,
  });
  const url = `http://localhost:${local.PORT}`;
  console.log(`\nVitrina is running (embedded mode, ${((Date.now() - started) / 1000).toFixed(1)} s): ${url}`);
  console.log(`  API health: ${url}/api/health    API docs: ${url}/api/docs    data: ${config.DATA_DIR}`);
  if (process.env.SEED_DEMO !== 'false') {
    console.log(`  Demo shop: ${url}/tienda/${DEMO.shops.demo.slug}/    Codes sent by e-mail/SMS: ${url}/api/dev/mailbox`);
    // A sub-domain of a platform host is the shop of that slug; browsers resolve *.localhost to this machine.
    if (local.PLATFORM_HOSTS.includes('localhost'))
      console.log(`  Demo shop on its own host: http://${DEMO.shops.demo.slug}.localhost:${local.PORT}/`);
    console.log(`  Demo log-ins (password ${DEMO.password}):`);
    for (const u of Object.values(DEMO.users)) console.log(`    ${u.email.padEnd(28)} ${u.name}`);
  }
  console.log('');
  logger.info({ url }, 'embedded stack ready');

  // SIGTERM/SIGINT: the gateway drains first (its in-flight requests still reach the services), then each service
  // (HTTP, consumers, relay, jobs), then the shared runtime (bus, database); exit 0, or 1 after SHUTDOWN_TIMEOUT_MS.
  const shutdown = installGracefulShutdown({
    logger,
    timeoutMs: local.SHUTDOWN_TIMEOUT_MS,
    steps: [
      { name: 'gateway', run: () => gateway.close() },
      // apps[i] is ALL_SERVICES[i]'s; closed in reverse start order (accounts, whose tokens the others verify, last).
      ...[...apps.keys()].reverse().map((i) => ({ name: `${ALL_SERVICES[i].name} service`, run: () => apps[i].close() })),
      { name: 'runtime (event bus, database)', run: () => runtime.close() },
    ],
  });
  starting.started(shutdown);
}

await main();
