import {
  Global,
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Logger } from 'pino';
import type { AnySchema, Db } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { createJobQueue } from '../jobs/create-job-queue.js';
import { Inbox } from '../outbox/inbox.js';
import { Outbox } from '../outbox/outbox.js';
import { OutboxRelay, OutboxRelayEvents } from '../outbox/relay.js';
import { TransactionRunner } from '../outbox/transaction-runner.js';
import { TokenVerifier } from '../auth/tokens.js';
import type { Runtime } from './runtime.js';
import { CONFIG, DB, EVENT_BUS, JOB_QUEUE, LOGGER, RUNTIME, SERVICE } from './tokens.js';
import type { ServiceDataOptions } from './service-data.js';
export type { ServiceDataOptions } from './service-data.js';
import { diagnosticsController } from './diagnostics.js';
import { SERVICES, type ServiceName } from '@vitrina/contracts';

/** Provided once per Nest application by the bootstrap: the shared runtime. */
@Global()
@Module({})
export class RuntimeModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: RuntimeModule,
      providers: [
        { provide: RUNTIME, useValue: runtime },
        { provide: CONFIG, useValue: runtime.config },
        { provide: EVENT_BUS, useValue: runtime.bus },
        { provide: TokenVerifier, useValue: runtime.verifier },
      ],
      exports: [RUNTIME, CONFIG, EVENT_BUS, TokenVerifier],
    };
  }
}

@Injectable()
class PlatformLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private relay?: OutboxRelay;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(SERVICE) private readonly service: ServiceDataOptions,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly tx: TransactionRunner,
    private readonly relayEvents: OutboxRelayEvents,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.relay = new OutboxRelay({
      // its own connection: under load the request pool has a queue, and the relay must not wait in it
      db: this.runtime.database.background(this.service.schema),
      tables: this.service.tables,
      bus: this.runtime.bus,
      logger: this.logger,
      lockName: `vitrina:outbox:${this.service.name}`,
      pollMs: this.runtime.config.OUTBOX_POLL_MS,
      events: this.relayEvents,
    });
    this.tx.onCommit(({ events }) => {
      if (events) this.relay?.kick();
    });
    this.relay.start();
    await this.jobs.start();
  }

  /**
   * Runs after Nest has drained the HTTP server and closed the bus consumers (NestApplication.close: dispose, then
   * the shutdown hooks): the relay finishes the batch it is publishing (rows committed later wait in the outbox for
   * the next start), then the job workers finish the jobs they run. The bus and database close after this, with
   * the runtime (runtime/graceful-shutdown.ts).
   */
  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
    this.logger.info('outbox relay stopped');
    await this.jobs.close();
    this.logger.info({ queue: this.jobs.kind }, 'job queue closed');
  }
}

/**
 * The kernel, as a service sees it: its Drizzle database (migrated before anything else runs),
 * the transaction runner, outbox, inbox, job queue, event bus, logger and config.
 */
@Module({})
export class PlatformModule {
  static forService<TSchema extends AnySchema>(options: ServiceDataOptions<TSchema> & { diagnosticsGroup?: string }): DynamicModule {
    const group = options.diagnosticsGroup ?? SERVICES[options.name as ServiceName]?.groups[0];
    const diagnostics = process.env.NODE_ENV !== 'production' && group;
    return {
      module: PlatformModule,
      global: true,
      controllers: diagnostics ? [diagnosticsController(diagnostics)] : [],
      providers: [
        { provide: SERVICE, useValue: options },
        { provide: LOGGER, inject: [RUNTIME], useFactory: (rt: Runtime) => rt.logger(options.name) },
        {
          provide: DB,
          inject: [RUNTIME],
          // Migrations are applied here, so every provider that needs the database finds it ready.
          useFactory: async (rt: Runtime) => {
            await rt.database.migrate({ schema: options.name, migrationsFolder: options.migrationsFolder });
            return rt.database.drizzle(options.schema);
          },
        },
        { provide: TransactionRunner, inject: [DB], useFactory: (db: Db) => new TransactionRunner(db) },
        { provide: Outbox, useFactory: () => new Outbox(options.tables) },
        // The relay's failed publishes, counted by the bootstrap's metrics (telemetry/metrics.ts).
        { provide: OutboxRelayEvents, useFactory: () => new OutboxRelayEvents() },
        { provide: Inbox, inject: [TransactionRunner], useFactory: (tx: TransactionRunner) => new Inbox(options.tables, tx) },
        {
          provide: JOB_QUEUE,
          inject: [RUNTIME, DB, LOGGER],
          useFactory: (rt: Runtime, db: Db, logger: Logger) =>
            createJobQueue({
              kind: rt.config.JOB_QUEUE,
              service: options.name,
              db,
              tables: options.tables,
              redisUrl: rt.config.REDIS_URL,
              redisPrefix: rt.config.REDIS_PREFIX,
              logger,
            }),
        },
        PlatformLifecycle,
      ],
      exports: [SERVICE, LOGGER, DB, TransactionRunner, Outbox, Inbox, JOB_QUEUE, OutboxRelayEvents],
    };
  }
}

export type { EventBus };
