import { z } from 'zod';
import { env, parseEnv } from './env.js';
import { DEFAULT_REDIS_PREFIX, redisPrefixSchema, withRedisPrefixAlias } from '../runtime/redis-prefix.js';

/**
 * Variables every service process reads. Documented in README.md ("Configuration").
 * Embedded mode needs none of them; distributed mode sets DATABASE_URL, EVENT_BUS, REDIS_URL / KAFKA_BROKERS,
 * JOB_QUEUE=bullmq and the AUTH_* keys.
 */
export const platformEnvShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Folder for PGlite data, generated keys, uploaded files and the local job queue. */
  DATA_DIR: z.string().default('.data'),
  /** PostgreSQL connection string; when unset, the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: env.url(['postgres', 'postgresql']).optional(),
  DB_POOL_MAX: env.int(10, 1, 200),
  /** PostgreSQL: longest wait for a pooled connection (ms) before the request answers 503. */
  DB_POOL_WAIT_MS: env.int(5_000, 1, 120_000),
  /** PostgreSQL: statement_timeout of every connection (ms; 0 = none). Migrations are exempt. */
  DB_STATEMENT_TIMEOUT_MS: env.int(15_000, 0, 3_600_000),
  /** PostgreSQL: idle_in_transaction_session_timeout (ms; 0 = none). */
  DB_IDLE_IN_TRANSACTION_MS: env.int(30_000, 0, 3_600_000),
  /** PostgreSQL and PGlite's thread: statement texts each connection keeps prepared (parsed once per connection; 0 = none). */
  DB_PREPARED_PER_CONNECTION: env.int(500, 0, 10_000),
  /** PGlite (no DATABASE_URL): run the database in a worker thread of its own, on another core than the services. */
  PGLITE_THREAD: env.bool(true),
  EVENT_BUS: z.enum(['memory', 'redis', 'kafka']).default('memory'),
  REDIS_URL: env.url(['redis', 'rediss']).optional(),
  /**
   * Start of every Redis key the stack writes (bus streams, BullMQ queues, gateway rate limits), so stacks can
   * share one Redis database; REDIS_BUS_PREFIX is read as a deprecated alias. See runtime/redis-prefix.ts.
   */
  REDIS_PREFIX: redisPrefixSchema.default(DEFAULT_REDIS_PREFIX),
  KAFKA_BROKERS: env.list().optional(),
  KAFKA_CLIENT_ID: z.string().default('vitrina'),
  /** `local`: persisted in the service's own database (embedded). `bullmq`: BullMQ on REDIS_URL. */
  JOB_QUEUE: z.enum(['local', 'bullmq']).default('local'),
  /** PEM (or base64 of PEM) Ed25519 keys. Unset in embedded mode: a pair is generated under DATA_DIR/keys. */
  AUTH_PUBLIC_KEY: z.string().optional(),
  AUTH_PRIVATE_KEY: z.string().optional(),
  AUTH_ISSUER: z.string().default('vitrina-accounts'),
  AUTH_AUDIENCE: z.string().default('vitrina-api'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest request body accepted by a service, in bytes (uploads have their own limit). */
  BODY_LIMIT_BYTES: env.int(1_048_576, 1024),
  /** Safety-net poll of the outbox (ms); commits also wake the relay at once. */
  OUTBOX_POLL_MS: env.int(1000, 10),
  /** Attempts before an event handler's failure sends the message to the dead-letter topic/stream. */
  EVENT_MAX_ATTEMPTS: env.int(5, 1, 100),
};

export type PlatformConfig = z.infer<z.ZodObject<typeof platformEnvShape>>;

export function loadPlatformConfig(source: NodeJS.ProcessEnv = process.env): PlatformConfig {
  return parseEnv(platformEnvShape, withRedisPrefixAlias(source), (c) => {
    const problems: string[] = [];
    if (c.EVENT_BUS === 'redis' && !c.REDIS_URL) problems.push('REDIS_URL: required when EVENT_BUS=redis');
    if (c.EVENT_BUS === 'kafka' && !c.KAFKA_BROKERS?.length) problems.push('KAFKA_BROKERS: required when EVENT_BUS=kafka');
    if (c.JOB_QUEUE === 'bullmq' && !c.REDIS_URL) problems.push('REDIS_URL: required when JOB_QUEUE=bullmq');
    if (c.NODE_ENV === 'production') {
      if (!c.AUTH_PUBLIC_KEY) problems.push('AUTH_PUBLIC_KEY: required when NODE_ENV=production');
      if (!c.DATABASE_URL) problems.push('DATABASE_URL: required when NODE_ENV=production');
    }
    return problems;
  });
}
