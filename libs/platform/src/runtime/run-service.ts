import { SERVICES } from '@vitrina/contracts';
import { z } from 'zod';
import { ConfigError, env, parseEnv } from '../config/env.js';
import { loadPlatformConfig } from '../config/platform-config.js';
import { createServiceApp, type ServiceDefinition } from '../http/bootstrap.js';
import { createRuntime } from './runtime.js';

/**
 * Entry point of a service's own process (`node services/<name>/dist/main.js`): reads and validates
 * configuration (a bad value stops the process naming the variable), builds the runtime, listens,
 * and shuts down cleanly on SIGTERM/SIGINT (in-flight requests, relay and workers finish first).
 */
export async function runService(def: ServiceDefinition): Promise<void> {
  let config;
  let port: number;
  let host: string;
  try {
    config = loadPlatformConfig();
    ({ PORT: port, HOST: host } = parseEnv({ PORT: env.int(SERVICES[def.name].port, 1, 65535), HOST: z.string().default('0.0.0.0') }));
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`[${def.name}] ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const runtime = await createRuntime(config);
  const logger = runtime.logger(def.name);
  const { app } = await createServiceApp(def, runtime);
  await app.listen({ port, host });
  logger.info({ port }, `${def.name} listening`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close().catch((err: unknown) => logger.error({ err }, 'close failed'));
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
