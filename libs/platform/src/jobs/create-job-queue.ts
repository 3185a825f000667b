import type { Db } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import type { PlatformTables } from '../outbox/tables.js';
import { jobsKeyPrefix } from '../runtime/redis-prefix.js';
import { BullJobQueue, type BullJobQueueOptions } from './bullmq-job-queue.js';
import type { JobQueue } from './job-queue.js';
import { LocalJobQueue, type LocalJobQueueOptions } from './local-job-queue.js';

export interface CreateJobQueueOptions {
  /** `local`: persisted in the service's database (embedded). `bullmq`: BullMQ on `redisUrl` (JOB_QUEUE). */
  kind: 'local' | 'bullmq';
  service: string;
  db: Db;
  tables: PlatformTables;
  redisUrl?: string;
  /** REDIS_PREFIX: BullMQ's keys go under `<redisPrefix>:jobs:` (default `vitrina`; see runtime/redis-prefix.ts). */
  redisPrefix?: string;
  logger: Logger;
  /** Safety-net poll of the local queue (ms). */
  pollMs?: number;
  /** Further tuning of the local queue (leases, retention...). */
  local?: Omit<Partial<LocalJobQueueOptions>, 'db' | 'tables' | 'logger' | 'service'>;
  /** Further tuning of the BullMQ queue (key prefix, retention, locks...). */
  bullmq?: Omit<Partial<BullJobQueueOptions>, 'redisUrl' | 'logger' | 'service'>;
}

/** The service's job queue for the configured kind (docs/architecture.md §3). */
export function createJobQueue(opts: CreateJobQueueOptions): JobQueue {
  if (opts.kind === 'bullmq') {
    if (!opts.redisUrl) throw new Error('REDIS_URL: required when JOB_QUEUE=bullmq');
    return new BullJobQueue({
      prefix: jobsKeyPrefix(opts.redisPrefix),
      ...opts.bullmq,
      service: opts.service,
      redisUrl: opts.redisUrl,
      logger: opts.logger,
    });
  }
  return new LocalJobQueue({
    ...opts.local,
    ...(opts.pollMs !== undefined ? { pollMs: opts.pollMs } : {}),
    db: opts.db,
    tables: opts.tables,
    logger: opts.logger,
    service: opts.service,
  });
}
