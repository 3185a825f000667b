import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Db } from '../../src/db/database.js';
import { BullJobQueue, bullQueueName, fromBullJobId, toBullJobId } from '../../src/jobs/bullmq-job-queue.js';
import { createJobQueue } from '../../src/jobs/create-job-queue.js';
import { createLogger } from '../../src/logging/logger.js';
import { deleteRedisKeys } from '../../src/testing/redis-keys.js';
import { requireServiceUrl } from '../../src/testing/test-database.js';
import { tables } from './fixtures/schema.js';
import { jobQueueContract, waitFor, type JobQueueHarness } from './job-queue.contract.js';

const redisUrl = requireServiceUrl('REDIS_URL', 'BullJobQueue contract');
const logger = createLogger('jobs-test', process.env.TEST_LOG_LEVEL ?? 'silent');
/** Every key of this run lives under its own prefix, deleted at the end. */
const prefix = `vt-jobs-test-${process.pid}-${Date.now().toString(36)}`;

(redisUrl ? describe : describe.skip)('BullJobQueue on Redis', () => {
  let admin: Redis;
  const inspectors = new Map<string, Queue>();

  beforeAll(() => {
    admin = new Redis(redisUrl!, { maxRetriesPerRequest: null });
  });

  afterAll(async () => {
    await Promise.all([...inspectors.values()].map((q) => q.close()));
    await admin.quit();
    // Remove every key this run created.
    await deleteRedisKeys(redisUrl!, `${prefix}:*`);
  });

  const inspector = (service: string): Queue => {
    let q = inspectors.get(service);
    if (!q) {
      q = new Queue(bullQueueName(service), { connection: admin, prefix });
      inspectors.set(service, q);
    }
    return q;
  };

  const harness: JobQueueHarness = {
    create: (service) => new BullJobQueue({ service, redisUrl: redisUrl!, logger, prefix }),
    // Redis keeps running: a restart is new instances with new connections, which create() gives.
    restart: async () => undefined,
    async state(service, jobId) {
      return inspector(service).getJobState(toBullJobId(jobId));
    },
  };

  jobQueueContract(() => harness);

  describe('BullMQ specifics', () => {
    it('maps any jobId one to one onto an id BullMQ accepts', () => {
      for (const id of ['plain-id_1.x', 'a:b', 'order:42:pay', '12345', '-5', '~x', 'ñandú', '']) {
        const bull = toBullJobId(id);
        expect(bull.includes(':')).toBe(false);
        expect(`${parseInt(bull, 10)}` === bull).toBe(false);
        expect(fromBullJobId(bull)).toBe(id);
      }
      expect(toBullJobId('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).toBe('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    });

    it('uses one queue per service with explicit attempts, exponential backoff and a removeOnComplete cap', async () => {
      const q = harness.create('shape');
      try {
        await q.add('shape.work', { a: 1 }, { jobId: 'shape-1', delayMs: 60_000 });
        const job = await inspector('shape').getJob('shape-1');
        expect(job?.name).toBe('shape.work');
        expect(job?.data).toEqual({ a: 1 });
        expect(job?.opts).toMatchObject({
          attempts: 5,
          backoff: { type: 'exponential', delay: 1000 },
          delay: 60_000,
          removeOnComplete: { age: 3 * 24 * 3600, count: 50_000 },
        });
        expect(await admin.exists(`${prefix}:vitrina-shape:meta`)).toBe(1);
        await q.ping();
      } finally {
        await q.close();
      }
    });

    it('createJobQueue builds the BullMQ queue', async () => {
      const db = {} as Db; // not used by the BullMQ adapter
      const q = createJobQueue({ kind: 'bullmq', service: 'factory', db, tables, redisUrl, logger, bullmq: { prefix } });
      try {
        expect(q).toBeInstanceOf(BullJobQueue);
        expect(q.kind).toBe('bullmq');
        let ran = false;
        q.process('factory.work', async () => {
          ran = true;
        });
        await q.start();
        await q.add('factory.work', {});
        await waitFor(() => ran, 'job runs');
      } finally {
        await q.close();
      }
    });

    it('keeps two stacks apart by REDIS_PREFIX: the same service on one Redis database runs only its own jobs', async () => {
      // createJobQueue derives BullMQ's prefix from the stack's REDIS_PREFIX (`<prefix>:jobs`).
      const db = {} as Db;
      const stacks = ['a', 'b'].map((name) => {
        const ran: string[] = [];
        const q = createJobQueue({ kind: 'bullmq', service: 'twin', db, tables, redisUrl, logger, redisPrefix: `${prefix}:${name}` });
        q.process<{ stack: string; n: number }>('twin.work', async (data) => {
          ran.push(`${data.stack}${data.n}`);
        });
        return { name, q, ran };
      });
      try {
        await Promise.all(stacks.map((s) => s.q.start()));
        for (let n = 0; n < 5; n++) for (const s of stacks) await s.q.add('twin.work', { stack: s.name, n });
        await waitFor(() => stacks.every((s) => s.ran.length === 5), 'each stack runs its five jobs');
        for (const s of stacks) expect(s.ran.sort()).toEqual([0, 1, 2, 3, 4].map((n) => `${s.name}${n}`));
        expect(await admin.exists(`${prefix}:a:jobs:vitrina-twin:meta`)).toBe(1);
        expect(await admin.exists(`${prefix}:b:jobs:vitrina-twin:meta`)).toBe(1);
      } finally {
        await Promise.all(stacks.map((s) => s.q.close()));
      }
    });

    it('puts its keys under `vitrina:jobs` when no prefix is given (REDIS_PREFIX default)', () => {
      const q = new BullJobQueue({ service: 'defaults', redisUrl: 'redis://127.0.0.1:1', logger });
      expect(q.prefix).toBe('vitrina:jobs');
      void q.close();
    });

    it('ping fails (instead of hanging) when Redis cannot be reached', async () => {
      const q = new BullJobQueue({ service: 'unreachable', redisUrl: 'redis://127.0.0.1:1', logger, prefix, pingTimeoutMs: 300 });
      try {
        await expect(q.ping()).rejects.toThrow();
      } finally {
        await q.close();
      }
    });
  });
});
