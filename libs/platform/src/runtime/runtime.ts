import type { Logger } from 'pino';
import type { PlatformConfig } from '../config/platform-config.js';
import { openDatabase, type Database } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import { createEventBus, eventBusOverridesFromEnv } from '../events/create-event-bus.js';
import { MemoryEventBus } from '../events/memory-event-bus.js';
import { createLogger } from '../logging/logger.js';
import { loadAuthKeys, type AuthKeys } from '../auth/keys.js';
import { TokenVerifier } from '../auth/tokens.js';
import { createTelemetry, telemetrySettingsFromEnv, type Telemetry, type TelemetrySettings } from '../telemetry/tracing.js';
import { instrumentRedis } from '../telemetry/library-instrumentation.js';

/**
 * What the services of one process share: in embedded mode one PGlite, one memory bus and one key
 * pair for every service; in distributed mode the same objects built from DATABASE_URL, EVENT_BUS...
 * Services never build these themselves: the launcher or `runService` does, from configuration.
 */
export interface Runtime {
  readonly config: PlatformConfig;
  readonly database: Database;
  readonly bus: EventBus;
  readonly keys: AuthKeys;
  readonly verifier: TokenVerifier;
  logger(service: string): Logger;
  /** The service's OpenTelemetry tracer (a no-op one unless OTEL_EXPORTER_OTLP_ENDPOINT is set). */
  telemetry(service: string): Telemetry;
  /**
   * Every service of this process has subscribed its consumers. With `awaitConsumers` (memory bus), no outbox row
   * counts as delivered before this call, so a service started after another's relay replayed its outbox is waited for.
   */
  consumersStarted(): void;
  close(): Promise<void>;
}

export interface RuntimeOverrides {
  /** An already open database (tests); closed with the runtime unless keepDatabaseOpen. */
  database?: Database;
  keepDatabaseOpen?: boolean;
  /**
   * Memory bus: an event settles (its outbox row is marked published) only after `consumersStarted()`, once every
   * consumer group of the process has joined (MemoryEventBusOptions.awaitGroups). For launchers that start services
   * one by one while relays already run: the embedded launcher and a service's own process.
   */
  awaitConsumers?: boolean;
  /** PostgreSQL `application_name` (a service's own process: `vitrina-<service>`). */
  applicationName?: string;
  /** Tracing settings (tests); the standard OTEL_* variables otherwise. */
  telemetry?: TelemetrySettings;
}

export async function createRuntime(config: PlatformConfig, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const rootLogger = createLogger('runtime', config.LOG_LEVEL);
  const tracing = overrides.telemetry ?? telemetrySettingsFromEnv();
  const traced = !!(tracing.tracesUrl || tracing.exporter);
  if (traced) {
    // Redis commands in spans too (bus, queue, rate limits), loaded only when tracing is on.
    const { Redis } = await import('ioredis');
    instrumentRedis(Redis as never);
  }
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolMax: config.DB_POOL_MAX,
      poolWaitMs: config.DB_POOL_WAIT_MS,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: config.DB_IDLE_IN_TRANSACTION_MS,
      preparedPerConnection: config.DB_PREPARED_PER_CONNECTION,
      pgliteThread: config.PGLITE_THREAD,
      applicationName: overrides.applicationName ?? 'vitrina',
      traced,
    }));
  const busOverrides = eventBusOverridesFromEnv();
  if (overrides.awaitConsumers) busOverrides.memory = { ...busOverrides.memory, awaitGroups: true };
  const bus = await createEventBus(config, rootLogger, busOverrides).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  const keys = await loadAuthKeys({
    publicKeyPem: config.AUTH_PUBLIC_KEY,
    privateKeyPem: config.AUTH_PRIVATE_KEY,
    dataDir: config.DATA_DIR,
    // A generated key pair is only for a single machine (embedded, local cluster); production brings its own.
    allowGenerate: config.NODE_ENV !== 'production',
  });
  const verifier = new TokenVerifier({ publicKey: keys.publicKey, issuer: config.AUTH_ISSUER, audience: config.AUTH_AUDIENCE });
  const loggers = new Map<string, Logger>();
  const telemetries = new Map<string, Telemetry>();
  let closed = false;
  return {
    config,
    database,
    bus,
    keys,
    verifier,
    logger(service) {
      let l = loggers.get(service);
      if (!l) loggers.set(service, (l = createLogger(service, config.LOG_LEVEL)));
      return l;
    },
    telemetry(service) {
      let t = telemetries.get(service);
      if (!t) telemetries.set(service, (t = createTelemetry(service, tracing)));
      return t;
    },
    consumersStarted() {
      if (bus instanceof MemoryEventBus) bus.groupsJoined();
    },
    async close() {
      if (closed) return;
      closed = true;
      // After every app of this runtime closed (their consumers, relay and job workers stopped): nothing uses them now.
      await bus.close().catch((err: unknown) => rootLogger.warn({ err }, 'bus close failed'));
      if (!overrides.keepDatabaseOpen) await database.close().catch((err: unknown) => rootLogger.warn({ err }, 'database close failed'));
      // Last: the spans of everything above are exported before the process ends.
      await Promise.all(
        [...telemetries.values()].map((t) => t.shutdown().catch((err: unknown) => rootLogger.warn({ err }, 'trace export failed'))),
      );
      rootLogger.info({ bus: bus.kind, database: overrides.keepDatabaseOpen ? 'left open' : 'closed' }, 'runtime closed');
    },
  };
}
