import { afterEach, describe, expect, it } from '@jest/globals';
import type { JobContext, JobQueue } from '../../src/jobs/job-queue.js';

/**
 * The behaviour every JobQueue adapter owes its callers (docs/architecture.md §3, §7). Run by local.spec.ts
 * (PGlite or PostgreSQL) and bullmq.spec.ts (Redis).
 *
 * Each test uses a service name of its own (for BullMQ: its own queue) and job names of its own (the
 * local queue's table is shared by the tests of a file), and closes every queue it opened.
 */
export interface JobQueueHarness {
  /**
   * A new queue instance, as a new process of `service` would create it, on the shared storage
   * (the same database / Redis). Timings are the adapter's fast test settings.
   */
  create(service: string): JobQueue;
  /** Storage side of a process restart: the local adapter reopens the database; Redis stays as it is. */
  restart(): Promise<void>;
  /** The stored state of a job: 'completed', 'failed', or anything else (waiting, delayed, active, missing). */
  state(service: string, jobId: string): Promise<string>;
}

export function jobQueueContract(harness: () => JobQueueHarness): void {
  let seq = 0;
  let open: JobQueue[] = [];
  const unique = (label: string) => `${label}${++seq}x${Math.random().toString(36).slice(2, 6)}`;
  const queue = (service: string): JobQueue => {
    const q = harness().create(service);
    open.push(q);
    return q;
  };

  afterEach(async () => {
    const closing = open;
    open = [];
    await Promise.all(closing.map((q) => q.close().catch(() => undefined)));
  });

  describe('JobQueue contract', () => {
    it('runs a job with its data and context; custom ids of any shape are kept', async () => {
      const service = unique('run');
      const name = `${service}.work`;
      const q = queue(service);
      const seen: Array<{ data: unknown; ctx: JobContext }> = [];
      q.process<{ n: number; s: string }>(name, async (data, ctx) => {
        seen.push({ data, ctx });
      });
      await q.add(name, { n: 1, s: 'uno' });
      await q.add(name, { n: 2, s: 'dos' }, { jobId: 'order:42:pay' });
      await q.add(name, { n: 3, s: 'tres' }, { jobId: '12345' });
      await q.start();
      await waitFor(() => seen.length === 3, 'three jobs run');
      const byN = new Map(seen.map((s) => [(s.data as { n: number }).n, s]));
      expect(byN.get(1)!.data).toEqual({ n: 1, s: 'uno' });
      expect(byN.get(1)!.ctx).toEqual({ id: expect.any(String), name, attempt: 1 });
      expect(byN.get(2)!.ctx.id).toBe('order:42:pay');
      expect(byN.get(3)!.ctx.id).toBe('12345');
      await waitFor(async () => (await harness().state(service, 'order:42:pay')) === 'completed', 'state completed');
      await q.ping();
    });

    it('does not run a delayed job before its delay', async () => {
      const service = unique('delay');
      const name = `${service}.work`;
      const q = queue(service);
      let ranAt = 0;
      q.process(name, async () => {
        ranAt = Date.now();
      });
      await q.start();
      const addedAt = Date.now();
      await q.add(name, {}, { delayMs: 400 });
      await sleep(250);
      // Measured from before the add: on a busy machine the add and the sleep can themselves pass the delay,
      // and then the job has rightly run; it must never have run before the delay.
      if (Date.now() - addedAt < 395) expect(ranAt).toBe(0);
      await waitFor(() => ranAt > 0, 'delayed job runs');
      expect(ranAt - addedAt).toBeGreaterThanOrEqual(395);
      expect(ranAt - addedAt).toBeLessThan(400 + 5000);
    });

    it('retries with exponential backoff and succeeds on the 3rd attempt', async () => {
      const service = unique('retry');
      const name = `${service}.work`;
      const q = queue(service);
      const attempts: number[] = [];
      const times: number[] = [];
      q.process(name, async (_data, ctx) => {
        attempts.push(ctx.attempt);
        times.push(Date.now());
        if (ctx.attempt < 3) throw new Error(`transient failure ${ctx.attempt}`);
      });
      await q.start();
      await q.add(name, { x: 1 }, { jobId: `${service}-job`, attempts: 5, backoffMs: 80 });
      await waitFor(async () => (await harness().state(service, `${service}-job`)) === 'completed', 'job completes');
      expect(attempts).toEqual([1, 2, 3]);
      // backoff * 2^(attempt-1): >= 80 ms before attempt 2, >= 160 ms before attempt 3.
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(75);
      expect(times[2] - times[1]).toBeGreaterThanOrEqual(155);
      await sleep(300);
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('gives up after `attempts` and does not run the job again', async () => {
      const service = unique('giveup');
      const name = `${service}.work`;
      const q = queue(service);
      const attempts: number[] = [];
      q.process(name, async (_data, ctx) => {
        attempts.push(ctx.attempt);
        throw new Error('permanent failure');
      });
      await q.start();
      await q.add(name, {}, { jobId: `${service}-job`, attempts: 2, backoffMs: 30 });
      await waitFor(async () => (await harness().state(service, `${service}-job`)) === 'failed', 'job fails');
      await sleep(500);
      expect(attempts).toEqual([1, 2]);
      // Re-adding the id of a failed job is a no-op too.
      await q.add(name, {}, { jobId: `${service}-job`, attempts: 2, backoffMs: 30 });
      await sleep(200);
      expect(attempts).toEqual([1, 2]);
    });

    it('runs a job added twice with the same jobId once', async () => {
      const service = unique('dedupe');
      const name = `${service}.work`;
      const q = queue(service);
      const runs: string[] = [];
      q.process<{ v: string }>(name, async (data) => {
        runs.push(data.v);
      });
      await q.add(name, { v: 'first' }, { jobId: 'checkout-1' });
      await q.add(name, { v: 'second' }, { jobId: 'checkout-1' });
      await q.add(name, { v: 'other' }, { jobId: 'checkout-2' });
      await q.start();
      await waitFor(() => runs.length === 2, 'two distinct jobs run');
      // Once done, the same id is still a no-op (within the retention of finished jobs).
      await q.add(name, { v: 'third' }, { jobId: 'checkout-1' });
      await sleep(300);
      expect(runs.sort()).toEqual(['first', 'other']);
    });

    it('supports idempotent processors: a repeated attempt changes nothing', async () => {
      // The pattern (see JobQueue in job-queue.ts): the effect is keyed by what the job is about and
      // recorded together with the work, so a second run after "did the work, then failed before the
      // queue heard of it" finds the record and does nothing. Here the "database" is a Map; in a
      // service it is a unique row inserted in the same transaction as the change.
      const service = unique('idem');
      const name = `${service}.disperse`;
      const q = queue(service);
      const ledger = new Map<string, number>(); // dispersion key -> amount credited
      let runs = 0;
      q.process<{ orderId: string; amount: number }>(name, async (data, ctx) => {
        runs++;
        const key = `dispersion:${data.orderId}`;
        if (!ledger.has(key)) ledger.set(key, data.amount); // "insert … on conflict do nothing" + the credit
        if (ctx.attempt === 1) throw new Error('crashed after the credit, before the ack');
      });
      await q.start();
      await q.add(name, { orderId: 'o-1', amount: 1250 }, { jobId: `${service}-o-1`, backoffMs: 20 });
      await waitFor(async () => (await harness().state(service, `${service}-o-1`)) === 'completed', 'job completes');
      expect(runs).toBe(2);
      expect([...ledger.entries()]).toEqual([['dispersion:o-1', 1250]]);
    });

    it('respects per-name concurrency', async () => {
      const service = unique('conc');
      const slow = `${service}.slow`;
      const q = queue(service);
      let active = 0;
      let peak = 0;
      let done = 0;
      q.process(
        slow,
        async () => {
          active++;
          peak = Math.max(peak, active);
          await sleep(80);
          active--;
          done++;
        },
        { concurrency: 2 },
      );
      for (let i = 0; i < 6; i++) await q.add(slow, { i });
      await q.start();
      await waitFor(() => done === 6, 'six jobs run');
      expect(peak).toBe(2);
    });

    it('close() waits for running processors, and a finished job does not run again', async () => {
      const service = unique('close');
      const name = `${service}.work`;
      const q = queue(service);
      let started = false;
      let finished = false;
      q.process(name, async () => {
        started = true;
        await sleep(300);
        finished = true;
      });
      await q.start();
      await q.add(name, {}, { jobId: `${service}-job` });
      await waitFor(() => started, 'job starts');
      await q.close();
      expect(finished).toBe(true);
      expect(await harness().state(service, `${service}-job`)).toBe('completed');
      await harness().restart();
      const again = queue(service);
      let reran = false;
      again.process(name, async () => {
        reran = true;
      });
      await again.start();
      await sleep(400);
      expect(reran).toBe(false);
    });

    it('a job survives a process restart (added while no worker ran)', async () => {
      const service = unique('restart');
      const name = `${service}.work`;
      const first = queue(service);
      await first.add(name, { orderId: 'o-9' }, { jobId: `${service}-job` });
      await first.close();
      await harness().restart();
      const second = queue(service);
      const seen: unknown[] = [];
      second.process(name, async (data) => {
        seen.push(data);
      });
      await second.start();
      await waitFor(() => seen.length === 1, 'job runs after the restart');
      expect(seen).toEqual([{ orderId: 'o-9' }]);
    });

    it('a delayed job survives a restart of a running worker and runs once when due', async () => {
      const service = unique('restart2');
      const name = `${service}.work`;
      const first = queue(service);
      const runs: string[] = [];
      first.process(name, async () => {
        runs.push('first');
      });
      await first.start();
      const addedAt = Date.now();
      await first.add(name, {}, { delayMs: 300 });
      await first.close();
      await harness().restart();
      const second = queue(service);
      let ranAt = 0;
      second.process(name, async () => {
        runs.push('second');
        ranAt = Date.now();
      });
      await second.start();
      await waitFor(() => runs.length === 1, 'job runs after the restart');
      expect(runs).toEqual(['second']);
      expect(ranAt - addedAt).toBeGreaterThanOrEqual(295);
      await sleep(200);
      expect(runs).toEqual(['second']);
    });

    it('instances of one service share the work: every job runs exactly once', async () => {
      const service = unique('share');
      const name = `${service}.work`;
      const a = queue(service);
      const b = queue(service);
      const runs = new Map<number, string[]>();
      const processor = (who: string) => async (data: { i: number }) => {
        runs.set(data.i, [...(runs.get(data.i) ?? []), who]);
        await sleep(5);
      };
      a.process(name, processor('a'), { concurrency: 3 });
      b.process(name, processor('b'), { concurrency: 3 });
      await Promise.all([a.start(), b.start()]);
      for (let i = 0; i < 30; i++) await (i % 2 ? a : b).add(name, { i });
      await waitFor(() => runs.size === 30, 'thirty jobs run');
      await sleep(200);
      expect([...runs.values()].every((who) => who.length === 1)).toBe(true);
    });

    it('counts waiting, active and delayed jobs, and reports each failed attempt by name', async () => {
      const service = unique('counts');
      const name = `${service}.work`;
      const q = queue(service);
      // The local adapter's table is shared by this file's tests: compare with what was there before.
      const before = await q.counts();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const failures: Array<{ name: string; attempt: number; final: boolean }> = [];
      q.onFailure((f) => failures.push(f));
      q.process(name, async () => held);
      q.process(`${name}.fail`, async () => {
        throw new Error('boom');
      });
      await q.add(name, {});
      await q.add(name, {}); // concurrency 1: waits behind the first
      await q.add(name, {}, { delayMs: 3_600_000 });
      await q.start();
      try {
        // BullMQ's one worker may take both held jobs at once (its concurrency is the sum of the processors'):
        // the two are active or waiting, the delayed one is delayed.
        await waitFor(async () => (await q.counts()).active - before.active >= 1, 'one active');
        const during = await q.counts();
        expect(during.delayed - before.delayed).toBe(1);
        expect(during.waiting + during.active - (before.waiting + before.active)).toBe(2);
      } finally {
        release();
      }
      await waitFor(async () => (await q.counts()).active === before.active, 'none active');
      // After the held jobs: BullMQ's one worker shares its slots between names, so a job added while both were
      // held would wait for them.
      await q.add(`${name}.fail`, {}, { attempts: 2, backoffMs: 10 });
      await waitFor(() => failures.length === 2, 'two failed attempts');
      expect(failures).toEqual([
        { name: `${name}.fail`, attempt: 1, final: false },
        { name: `${name}.fail`, attempt: 2, final: true },
      ]);
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function waitFor(cond: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await cond()) return;
    if (Date.now() > until) throw new Error(`timed out waiting for: ${what}`);
    await sleep(10);
  }
}
