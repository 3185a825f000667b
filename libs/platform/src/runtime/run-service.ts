import { SERVICES } from '@vitrina/contracts';
import { z } from 'zod';
import { ConfigError, env, parseEnv } from '../config/env.js';
import { loadPlatformConfig } from '../config/platform-config.js';
import { createServiceApp, type ServiceDefinition } from '../http/bootstrap.js';
import { createRuntime } from './runtime.js';
import { holdSignalsWhileStarting, installGracefulShutdown, shutdownEnvShape } from './graceful-shutdown.js';
import { createLogger } from '../logging/logger.js';

/**
 * Entry point of a service's own process (`node services/<name>/dist/main.js`): reads and validates
 * configuration (a bad value stops the process naming the variable), builds the runtime, listens,
 * and shuts down cleanly on SIGTERM/SIGINT within SHUTDOWN_TIMEOUT_MS (in-flight requests, consumers, relay and
 * workers finish first; then bus, queue and database close; exit 0): see graceful-shutdown.ts.
 */
export async function runService(def: ServiceDefinition): Promise<void> {
  let config;
  let port: number;
  let host: string;
  let shutdownTimeoutMs: number;
  try {
    config = loadPlatformConfig();
    ({
      PORT: port,
      HOST: host,
      SHUTDOWN_TIMEOUT_MS: shutdownTimeoutMs,
    } = parseEnv({ PORT: env.int(SERVICES[def.name].port, 1, 65535), HOST: z.string().default('0.0.0.0'), ...shutdownEnvShape }));
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`[${def.name}] ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const starting = holdSignalsWhileStarting({ logger: createLogger(def.name, config.LOG_LEVEL), timeoutMs: shutdownTimeoutMs });
  // Memory bus: outbox rows count as delivered only once this service's consumers have joined too.
  const runtime = await createRuntime(config, { awaitConsumers: true, applicationName: `vitrina-${def.name}` });
  const logger = runtime.logger(def.name);
  const { app } = await createServiceApp(def, runtime);
  runtime.consumersStarted();
  await app.listen({ port, host });
  logger.info({ port }, `${def.name} listening`);
  const shutdown = installGracefulShutdown({
    logger,
    timeoutMs: shutdownTimeoutMs,
    steps: [
      // Nest's close: the HTTP server stops listening and drains, the bus consumers stop after their current
      // message, then the relay and the job workers finish (PlatformLifecycle.onApplicationShutdown).
      { name: 'http server, bus consumers, outbox relay and job workers', run: () => app.close() },
      { name: 'runtime (event bus, database)', run: () => runtime.close() },
    ],
  });
  starting.started(shutdown);
}
