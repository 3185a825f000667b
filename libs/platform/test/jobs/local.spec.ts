import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database.js';
import { createJobQueue } from '../../src/jobs/create-job-queue.js';
import { LocalJobQueue, type LocalJobQueueOptions } from '../../src/jobs/local-job-queue.js';
import { createLogger } from '../../src/logging/logger.js';
import { createTestDatabase, type TestDatabase } from '../../src/testing/test-database.js';
import { JOB_FIXTURE_SCHEMA, jobs, tables } from './fixtures/schema.js';
import { jobQueueContract, sleep, waitFor, type JobQueueHarness } from './job-queue.contract.js';

const here = dirname(fileURLToPath(import.meta.url));
const logger = createLogger('jobs-test', process.env.TEST_LOG_LEVEL ?? 'silent');

let testDb: TestDatabase;
let db: Db;

async function connect(): Promise<void> {
  db = testDb.database.drizzle({ jobs });
}

beforeAll(async () => {
  testDb = await createTestDatabase('jobs-local');
  await testDb.database.migrate({ schema: JOB_FIXTURE_SCHEMA, migrationsFolder: join(here, 'fixtures', 'drizzle') });
  await connect();
});

afterAll(async () => {
  await testDb?.destroy();
});

/** Fast test settings; each call is a new queue instance, as a new process would create. */
function local(service: string, extra: Partial<LocalJobQueueOptions> = {}): LocalJobQueue {
  return new LocalJobQueue({ db, tables, logger, service, pollMs: 20, leaseMs: 2000, ...extra });
}

async function row(id: string) {
  const [r] = await db.select().from(jobs).where(eq(jobs.id, id));
  return r;
}

const harness: JobQueueHarness = {
  create: (service) => local(service),
  async restart() {
    await testDb.reopen();
    await connect();
  },
  async state(_service, jobId) {
    return (await row(jobId))?.state ?? 'missing';
  },
};

describe(`LocalJobQueue on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  jobQueueContract(() => harness);

  describe('local specifics', () => {
    const open: LocalJobQueue[] = [];
    const releases: Array<() => void> = [];
    const track = (q: LocalJobQueue) => (open.push(q), q);

    afterEach(async () => {
      releases.splice(0).forEach((release) => release());
      await Promise.all(open.splice(0).map((q) => q.close()));
    });

    it('stores explicit defaults: 5 attempts, 1000 ms backoff, due now', async () => {
      const q = track(local('defaults'));
      await q.add('defaults.work', { a: 1 }, { jobId: 'defaults-1' });
      await q.add('defaults.work', undefined, { jobId: 'defaults-2' });
      const r = await row('defaults-1');
      expect(r).toMatchObject({ name: 'defaults.work', data: { a: 1 }, state: 'waiting', attempt: 0, maxAttempts: 5, backoffMs: 1000 });
      expect(Math.abs(r.runAt.getTime() - Date.now())).toBeLessThan(5000);
      expect((await row('defaults-2')).data).toBeNull();
      const generated = track(local('defaults'));
      await generated.add('defaults.other', {});
      const [other] = await db.select().from(jobs).where(eq(jobs.name, 'defaults.other'));
      expect(other.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/); // UUIDv7
    });

    it('a job abandoned mid-run (process stopped) runs again once its lease runs out', async () => {
      const leaseMs = 300;
      const crashed = track(local('crash', { leaseMs, closeTimeoutMs: 50 }));
      let hung = false;
      crashed.process('crash.work', async () => {
        hung = true;
        await new Promise<void>((resolve) => releases.push(resolve)); // never finishes on its own
      });
      await crashed.start();
      await crashed.add('crash.work', { v: 1 }, { jobId: 'crash-1' });
      await waitFor(() => hung, 'first attempt starts');
      const claimed = await row('crash-1');
      expect(claimed).toMatchObject({ state: 'active', attempt: 1 });
      await crashed.close(); // gives up after closeTimeoutMs: no lease renewal, no further writes
      await harness.restart();

      const survivor = track(local('crash', { leaseMs }));
      const seen: number[] = [];
      survivor.process('crash.work', async (_data, ctx) => {
        seen.push(ctx.attempt);
      });
      await survivor.start();
      await waitFor(async () => (await row('crash-1'))?.state === 'completed', 'job completes on the new instance');
      expect(seen).toEqual([2]);
      expect(Date.now()).toBeGreaterThanOrEqual(claimed.lockedUntil!.getTime());
      // The abandoned attempt finishing late changes nothing.
      releases.splice(0).forEach((release) => release());
      await sleep(100);
      expect(await row('crash-1')).toMatchObject({ state: 'completed', attempt: 2 });
    });

    it('a job whose lease ran out (simulated) is claimed again', async () => {
      await db.insert(jobs).values({
        id: 'stale-1',
        name: 'stale.work',
        data: { v: 'stale' },
        state: 'active',
        attempt: 1,
        maxAttempts: 3,
        backoffMs: 10,
        lockedUntil: sql`now() - interval '1 second'`,
        lockedBy: 'a-dead-process',
      });
      const q = track(local('stale'));
      const seen: Array<[unknown, number]> = [];
      q.process('stale.work', async (data, ctx) => {
        seen.push([data, ctx.attempt]);
      });
      await q.start();
      await waitFor(async () => (await row('stale-1'))?.state === 'completed', 'stale job completes');
      expect(seen).toEqual([[{ v: 'stale' }, 2]]);
    });

    it('a job whose last attempt died mid-run is failed, not run again', async () => {
      await db.insert(jobs).values({
        id: 'poison-1',
        name: 'poison.work',
        data: {},
        state: 'active',
        attempt: 2,
        maxAttempts: 2,
        backoffMs: 10,
        lockedUntil: sql`now() - interval '1 second'`,
      });
      const q = track(local('poison'));
      let ran = false;
      q.process('poison.work', async () => {
        ran = true;
      });
      await q.start();
      await waitFor(async () => (await row('poison-1'))?.state === 'failed', 'job marked failed');
      expect(ran).toBe(false);
      const r = await row('poison-1');
      expect(r.lastError).toMatch(/lease/);
      expect(r.finishedAt).not.toBeNull();
    });

    it('renews the lease of a long job, so another instance does not run it twice', async () => {
      const opts = { leaseMs: 300, heartbeatMs: 50 };
      const a = track(local('lease', opts));
      const b = track(local('lease', opts));
      const runs: string[] = [];
      const processor = (who: string) => async () => {
        runs.push(who);
        await sleep(1000); // more than three leases
      };
      a.process('lease.work', processor('a'));
      b.process('lease.work', processor('b'));
      await a.start();
      await a.add('lease.work', {}, { jobId: 'lease-1' });
      await waitFor(() => runs.length === 1, 'job starts');
      await b.start();
      await waitFor(async () => (await row('lease-1'))?.state === 'completed', 'job completes');
      expect(runs).toHaveLength(1);
      expect((await row('lease-1')).attempt).toBe(1);
    });

    it('keeps last_error and schedules the retry at now + backoff', async () => {
      const q = track(local('lasterr'));
      q.process('lasterr.work', async () => {
        throw new Error('gateway said no');
      });
      await q.start();
      await q.add('lasterr.work', {}, { jobId: 'lasterr-1', attempts: 3, backoffMs: 60_000 });
      await waitFor(async () => (await row('lasterr-1'))?.lastError != null, 'first failure recorded');
      const r = await row('lasterr-1');
      expect(r).toMatchObject({ state: 'waiting', attempt: 1, lockedUntil: null });
      expect(r.lastError).toContain('gateway said no');
      const wait = r.runAt.getTime() - Date.now();
      expect(wait).toBeGreaterThan(30_000);
      expect(wait).toBeLessThanOrEqual(60_000);
    });

    it('add wakes an idle worker at once (no waiting for the poll)', async () => {
      const q = track(local('wake', { pollMs: 60_000 }));
      let ranAt = 0;
      q.process('wake.work', async () => {
        ranAt = Date.now();
      });
      await q.start();
      await sleep(50);
      const addedAt = Date.now();
      await q.add('wake.work', {});
      // Woken by add(), not by the 60 s poll: anything well under the poll interval proves it, even on a loaded machine.
      await waitFor(() => ranAt > 0, 'job runs', 30_000);
      expect(ranAt - addedAt).toBeLessThan(30_000);
    });

    it('leaves jobs of names it has no processor for to an instance that has one', async () => {
      const q = track(local('unknown'));
      q.process('unknown.known', async () => undefined);
      await q.start();
      await q.add('unknown.other', {}, { jobId: 'unknown-1' });
      await sleep(200);
      expect(await row('unknown-1')).toMatchObject({ state: 'waiting', attempt: 0 });
    });

    it('prunes completed jobs after the retention, keeps failed ones longer', async () => {
      const q = track(local('prune', { retentionMs: 100, failedRetentionMs: 3_600_000, pruneEveryMs: 50 }));
      q.process('prune.ok', async () => undefined);
      q.process('prune.bad', async () => {
        throw new Error('bad');
      });
      await q.start();
      await q.add('prune.ok', {}, { jobId: 'prune-ok' });
      await q.add('prune.bad', {}, { jobId: 'prune-bad', attempts: 1 });
      await waitFor(async () => (await row('prune-bad'))?.state === 'failed', 'failure recorded');
      await waitFor(async () => (await row('prune-ok')) === undefined, 'completed job pruned');
      expect((await row('prune-bad')).state).toBe('failed');
    });

    it('createJobQueue builds the local queue', async () => {
      const q = createJobQueue({ kind: 'local', service: 'factory', db, tables, logger, pollMs: 20 });
      open.push(q as LocalJobQueue);
      expect(q).toBeInstanceOf(LocalJobQueue);
      expect(q.kind).toBe('local');
      await q.ping();
      let ran = false;
      q.process('factory.work', async () => {
        ran = true;
      });
      await q.start();
      await q.add('factory.work', {});
      await waitFor(() => ran, 'job runs');
      expect(() => createJobQueue({ kind: 'bullmq', service: 'factory', db, tables, logger })).toThrow(/REDIS_URL/);
    });

    it('refuses bad options and use after close', async () => {
      const q = local('bad');
      await expect(q.add('bad.work', {}, { attempts: 0 })).rejects.toThrow(/attempts/);
      await expect(q.add('bad.work', {}, { backoffMs: -1 })).rejects.toThrow(/backoffMs/);
      q.process('bad.work', async () => undefined);
      expect(() => q.process('bad.work', async () => undefined)).toThrow(/registered already/);
      await q.close();
      await expect(q.add('bad.work', {})).rejects.toThrow(/closed/);
      await expect(q.start()).rejects.toThrow(/closed/);
    });
  });
});
