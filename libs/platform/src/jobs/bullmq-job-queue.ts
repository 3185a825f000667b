import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job, type KeepJobs } from 'bullmq';
import { Redis } from 'ioredis';
import { newId } from '../db/ids.js';
import { jobsKeyPrefix } from '../runtime/redis-prefix.js';
import { runWithContext } from '../logging/context.js';
import type { Logger } from '../logging/logger.js';
import { Semaphore, resolveJobOptions } from './job-options.js';
import type { JobCounts, JobFailure, JobOptions, JobProcessor, JobQueue } from './job-queue.js';
import { FailureListeners } from './failure-listeners.js';

export interface BullJobQueueOptions {
  /** The queue is `vitrina-<service>`: one per service, every job name of the service in it. */
  service: string;
  redisUrl: string;
  logger: Logger;
  /**
   * BullMQ's key prefix: the queue's keys are `<prefix>:vitrina-<service>:...`. Default `vitrina:jobs`, i.e.
   * REDIS_PREFIX's layout (runtime/redis-prefix.ts) for the default REDIS_PREFIX; createJobQueue derives it from
   * the configured one, so stacks sharing a Redis database never take each other's jobs. Tests use a unique one.
   */
  prefix?: string;
  /** Jobs this instance runs at once, all names together. Default: the sum of the names' concurrency. */
  concurrency?: number;
  /**
   * How long completed jobs are kept (and their jobId deduplicates). Default 3 days, at most 50 000.
   * `age` is in seconds, as BullMQ takes it.
   */
  removeOnComplete?: KeepJobs;
  /** How long failed jobs are kept for inspection. Default 14 days. */
  removeOnFail?: KeepJobs;
  /** BullMQ's job lock (ms): a job whose worker died is retried after about this long. Default 30 000. */
  lockDurationMs?: number;
  /** How often the worker looks for stalled jobs (ms). Default 30 000. */
  stalledIntervalMs?: number;
  /** `ping` fails after this long (ms): commands wait for a reconnect otherwise. Default 2000. */
  pingTimeoutMs?: number;
}

interface Registration {
  processor: JobProcessor<unknown>;
  concurrency: number;
  gate: Semaphore;
}

const ENCODED = '~';
const SAFE_ID = /^[A-Za-z0-9_.-]+$/;

/**
 * BullMQ refuses custom ids that look like integers or contain `:`. Ids it accepts as they are (and that
 * do not start with `~`) pass unchanged; any other id becomes `~` + base64url, so the mapping is one to one.
 */
export function toBullJobId(id: string): string {
  const integerLike = `${parseInt(id, 10)}` === id;
  return SAFE_ID.test(id) && !integerLike ? id : ENCODED + Buffer.from(id, 'utf8').toString('base64url');
}

export function fromBullJobId(id: string): string {
  return id.startsWith(ENCODED) ? Buffer.from(id.slice(1), 'base64url').toString('utf8') : id;
}

export function bullQueueName(service: string): string {
  return `vitrina-${service}`;
}

/**
 * The job queue of distributed mode: one BullMQ queue per service on Redis. Names are dispatched to
 * their processors by one Worker (created by `start()`); each name's concurrency is enforced per
 * instance on top of the worker's. Attempts, exponential backoff, delay and jobId map to BullMQ's own
 * options, so retries, delays and deduplication live in Redis and survive any process restart; a job
 * whose worker died is picked up again by BullMQ's stalled-job check.
 */
export class BullJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  readonly queueName: string;
  /** BullMQ's key prefix (see BullJobQueueOptions.prefix). */
  readonly prefix: string;

  private readonly processors = new Map<string, Registration>();
  private readonly connection: Redis;
  private workerConnection?: Redis;
  private readonly queue: Queue;
  private worker?: Worker;
  private readonly log: Logger;
  private closing?: Promise<void>;
  private readonly failures = new FailureListeners();

  constructor(private readonly o: BullJobQueueOptions) {
    this.queueName = bullQueueName(o.service);
    this.prefix = o.prefix ?? jobsKeyPrefix();
    this.log = o.logger.child({ component: 'jobs', queue: this.queueName });
    this.connection = this.connect('queue');
    this.queue = new Queue(this.queueName, {
      connection: this.connection,
      prefix: this.prefix,
      defaultJobOptions: {
        removeOnComplete: o.removeOnComplete ?? { age: 3 * 24 * 3600, count: 50_000 },
        removeOnFail: o.removeOnFail ?? { age: 14 * 24 * 3600 },
      },
    });
    this.queue.on('error', (err) => this.log.error({ err }, 'job queue error'));
  }

  async add<T>(name: string, data: T, options?: JobOptions): Promise<void> {
    if (this.closing) throw new Error(`job queue is closed: cannot add "${name}"`);
    const o = resolveJobOptions(name, options);
    // Adding a jobId that exists (waiting, delayed, active, completed or failed and not yet removed) is a no-op.
    await this.queue.add(name, data === undefined ? null : data, {
      jobId: toBullJobId(o.jobId ?? newId()),
      attempts: o.attempts,
      backoff: { type: 'exponential', delay: o.backoffMs },
      ...(o.delayMs > 0 ? { delay: o.delayMs } : {}),
    });
  }

  process<T>(name: string, processor: JobProcessor<T>, options?: { concurrency?: number }): void {
    if (this.processors.has(name)) throw new Error(`a processor for job "${name}" is registered already`);
    const concurrency = options?.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`job "${name}": concurrency must be an integer >= 1`);
    this.processors.set(name, { processor: processor as JobProcessor<unknown>, concurrency, gate: new Semaphore(concurrency) });
    if (this.worker) this.worker.concurrency = this.workerConcurrency();
  }

  async start(): Promise<void> {
    if (this.closing) throw new Error('job queue is closed');
    if (this.worker) return;
    this.workerConnection = this.connect('worker');
    this.worker = new Worker(this.queueName, (job) => this.dispatch(job), {
      connection: this.workerConnection,
      prefix: this.prefix,
      concurrency: this.workerConcurrency(),
      lockDuration: this.o.lockDurationMs ?? 30_000,
      stalledInterval: this.o.stalledIntervalMs ?? 30_000,
    });
    this.worker.on('error', (err) => this.log.error({ err }, 'job worker error'));
    this.worker.on('failed', (job, err) => {
      if (!job) return;
      const attempt = job.attemptsMade;
      const last = attempt >= (job.opts.attempts ?? 1);
      const fields = { err, jobId: fromBullJobId(job.id ?? ''), job: job.name, attempt };
      this.failures.emit({ name: job.name, attempt, final: last });
      if (last) this.log.error(fields, 'job failed after its last attempt');
      else this.log.warn(fields, 'job failed; will retry');
    });
  }

  /** BullMQ's own counts (`delayed` includes retries waiting out their backoff). */
  async counts(): Promise<JobCounts> {
    const c = await this.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed');
    return { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0 };
  }

  onFailure(listener: (failure: JobFailure) => void): () => void {
    return this.failures.add(listener);
  }

  async ping(): Promise<void> {
    const ms = this.o.pingTimeoutMs ?? 2000;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.connection.ping(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`redis did not answer a ping within ${ms} ms`)), ms);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    if (!this.closing) this.closing = this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    // The worker waits for the jobs it is running, then the queue, then our own connections.
    const steps: Array<() => Promise<unknown>> = [
      async () => this.worker?.close(),
      () => this.queue.close(),
      () => quit(this.workerConnection),
      () => quit(this.connection),
    ];
    for (const step of steps) {
      try {
        await step();
      } catch (err) {
        this.log.warn({ err }, 'closing the job queue');
      }
    }
  }

  private async dispatch(job: Job): Promise<void> {
    const reg = this.processors.get(job.name);
    // Fails this attempt: it is retried with backoff, so an instance that knows the name can take it.
    if (!reg) throw new Error(`no processor registered for job "${job.name}" in ${this.queueName}`);
    await reg.gate.acquire();
    try {
      const id = fromBullJobId(job.id ?? '');
      const ctx = { id, name: job.name, attempt: job.attemptsMade + 1 };
      await runWithContext({ requestId: `job:${id}`, traceId: randomUUID() }, () => reg.processor(job.data, ctx));
    } finally {
      reg.gate.release();
    }
  }

  private workerConcurrency(): number {
    if (this.o.concurrency) return this.o.concurrency;
    let sum = 0;
    for (const reg of this.processors.values()) sum += reg.concurrency;
    return Math.max(1, sum);
  }

  private connect(role: string): Redis {
    // BullMQ needs maxRetriesPerRequest: null (commands wait for a reconnect instead of failing).
    // disconnectTimeout: a socket that never connected does not close by itself; drop it sooner than 2 s.
    const redis = new Redis(this.o.redisUrl, {
      maxRetriesPerRequest: null,
      connectionName: `${this.queueName}:${role}`,
      disconnectTimeout: 200,
    });
    redis.on('error', (err) => this.log.debug({ err, role }, 'redis connection error'));
    return redis;
  }
}

async function quit(redis: Redis | undefined): Promise<void> {
  if (!redis || redis.status === 'end') return;
  // QUIT would wait for a reconnect that may never come (maxRetriesPerRequest: null).
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
