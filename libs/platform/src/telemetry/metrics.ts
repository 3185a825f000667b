import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/database.js';
import type { HandlerFailure } from '../events/event-bus.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Readiness } from '../http/health.js';
import { outboxBacklog } from '../outbox/backlog.js';
import type { OutboxRelayEvents } from '../outbox/relay.js';
import type { PlatformTables } from '../outbox/tables.js';

export interface PlatformMetricsSources {
  db: Db;
  tables: PlatformTables;
  jobs: JobQueue;
  relay: OutboxRelayEvents;
  /** The readiness probe of /health/ready (http/health.ts). */
  readiness: () => Promise<Readiness>;
  /** Told when a scrape-time read fails (the gauge then reads NaN for that scrape). */
  onScrapeError?: (metric: string, err: unknown) => void;
}

export interface PlatformMetrics {
  /** For BusTransport's `onHandlerFailure`: counts retries and dead-lettered messages per topic and group. */
  handlerFailed(failure: HandlerFailure & { topic: string; group: string }): void;
}

/**
 * The event system's metrics (issue 10 §2), on the service's own registry (installObservability's; every series
 * carries `service`). Labels are names only (topic, group, job name, state, dependency), never ids, so series stay
 * few. Gauges are read at scrape time: the outbox with one statement over its partial pending index, the queue with
 * one count query (local) or one BullMQ call, readiness with the same checks as /health/ready. Counters count what
 * this process saw since it started, as Prometheus counters do.
 */
/**
 * A read shared by the collects of one scrape, and only of that one. prom-client's `registry.metrics()` calls every
 * metric's `collect` synchronously, in one pass, before awaiting any of them: the first call starts the read, the others
 * of that pass reuse it, and the read is forgotten at the next microtask, so the next scrape reads again. (Forgetting it
 * only once it had settled, at a later `setImmediate`, let a scrape that followed a write without any I/O in between,
 * as on PGlite whose queries resolve in microtasks, report the previous scrape's values: a row just written was missing.)
 */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  return () => {
    if (!current) {
      current = read();
      queueMicrotask(() => (current = undefined));
    }
    return current;
  };
}

export function installPlatformMetrics(registry: Registry, s: PlatformMetricsSources): PlatformMetrics {
  const failed = (metric: string, err: unknown) => s.onScrapeError?.(metric, err);

  // One query per scrape feeds both outbox gauges: the first collect runs it, the second reuses its promise.
  const readBacklog = perScrape(() =>
    outboxBacklog(s.db, s.tables).catch((err: unknown) => {
      failed('vitrina_outbox_backlog', err);
      return undefined;
    }),
  );
  new Gauge({
    name: 'vitrina_outbox_backlog',
    help: 'Outbox rows not yet published (waiting, backing off after a failed publish, or in flight on the in-process bus)',
    registers: [registry],
    async collect() {
      const b = await readBacklog();
      this.set(b ? b.rows : Number.NaN);
    },
  });
  new Gauge({
    name: 'vitrina_outbox_oldest_age_seconds',
    help: 'Age of the oldest unpublished outbox row (0 when none)',
    registers: [registry],
    async collect() {
      const b = await readBacklog();
      this.set(b ? b.oldestAgeSeconds : Number.NaN);
    },
  });
  const publishFailures = new Counter({
    name: 'vitrina_outbox_publish_failures_total',
    help: 'Failed publishes of the outbox relay (each one is retried with backoff)',
    labelNames: ['topic'],
    registers: [registry],
  });
  s.relay.onPublishFailure(({ topic }) => publishFailures.inc({ topic }));

  const retries = new Counter({
    name: 'vitrina_event_handler_retries_total',
    help: 'Failed event handler attempts that will be retried',
    labelNames: ['topic', 'group'],
    registers: [registry],
  });
  const deadLettered = new Counter({
    name: 'vitrina_events_dead_lettered_total',
    help: 'Events sent to <topic>.dlq after their handler kept failing',
    labelNames: ['topic', 'group'],
    registers: [registry],
  });

  new Gauge({
    name: 'vitrina_job_queue_depth',
    help: "Jobs of the service's queue by state (waiting: due now; active: running; delayed: not due yet)",
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      try {
        const c = await s.jobs.counts();
        for (const state of ['waiting', 'active', 'delayed'] as const) this.set({ state }, c[state]);
      } catch (err) {
        failed('vitrina_job_queue_depth', err);
        for (const state of ['waiting', 'active', 'delayed']) this.set({ state }, Number.NaN);
      }
    },
  });
  const jobFailures = new Counter({
    name: 'vitrina_job_failures_total',
    help: 'Failed job attempts by job name; outcome "retry" (another attempt follows) or "failed" (the last one)',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  s.jobs.onFailure(({ name, final }) => jobFailures.inc({ job: name, outcome: final ? 'failed' : 'retry' }));

  const readReadiness = perScrape(() => s.readiness());
  new Gauge({
    name: 'vitrina_dependency_up',
    help: 'Whether a dependency answered its readiness check (db, bus, queue) at scrape time',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      const r = await readReadiness();
      for (const [dependency, result] of Object.entries(r.checks)) this.set({ dependency }, result === 'ok' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'vitrina_degraded',
    help: '1 when the service is ready but runs degraded (bus or job queue down: writes are buffered), else 0',
    registers: [registry],
    async collect() {
      this.set((await readReadiness()).status === 'degraded' ? 1 : 0);
    },
  });

  return {
    handlerFailed(f) {
      (f.deadLettered ? deadLettered : retries).inc({ topic: f.topic, group: f.group });
    },
  };
}
