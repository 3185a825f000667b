import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq, inArray } from 'drizzle-orm';
import { DEMO } from '@vitrina/contracts';
import { JOB_QUEUE, type JobQueue } from '@vitrina/platform';
import * as schema from '../src/db/schema.js';
import { housekeepingPeriod } from '../src/housekeeping/domain/retention.js';
import { PRUNE_EXPIRED_DATA_JOB, PruneExpiredDataJob } from '../src/housekeeping/jobs/prune-expired-data.job.js';
import { PASSWORD, activeUser, bootAccounts, call, freshIp, registerByEmail, type Booted } from './support.js';

const DAY = 24 * 3600_000;

describe('accounts housekeeping (job: expired sessions, old codes, abandoned registrations)', () => {
  let b: Booted;
  let job: PruneExpiredDataJob;
  beforeAll(async () => {
    b = await bootAccounts();
    job = b.app.get(PruneExpiredDataJob, { strict: false });
  });
  afterAll(async () => {
    await b?.close();
  });

  const login = (email: string, password = DEMO.password) => call(b.app, 'POST', '/auth/login', { email, password }, { ip: freshIp() });
  const refresh = (token: string) => call(b.app, 'POST', '/auth/refresh', undefined, { cookie: `refresh_token=${token}` });
  const sessionOf = async (accessToken: string) => (await b.runtime.verifier.verify(accessToken)).sessionId!;
  const sessionIds = async (ids: string[]) =>
    (await b.db.select({ id: schema.sessions.id }).from(schema.sessions).where(inArray(schema.sessions.id, ids))).map((r) => r.id).sort();
  const tokensOf = async (sessionId: string) =>
    b.db.select().from(schema.refreshTokens).where(eq(schema.refreshTokens.sessionId, sessionId));

  it('is a job of the service queue, queued at start once per hour (the job id names the hour)', async () => {
    const rows = async () =>
      (await b.db.select().from(schema.jobs).where(eq(schema.jobs.name, PRUNE_EXPIRED_DATA_JOB))) as Array<{ id: string; data: unknown }>;
    const now = housekeepingPeriod(Date.now());
    const queued = await rows();
    expect(queued.length).toBeGreaterThanOrEqual(1);
    expect(queued.map((r) => (r.data as { period: number }).period)).toEqual(expect.arrayContaining([expect.any(Number)]));
    expect(Math.max(...queued.map((r) => (r.data as { period: number }).period))).toBeGreaterThanOrEqual(now - 1);
    // Asking again within the hour (a restart, another instance, the periodic check) queues nothing new.
    await job.ensureScheduled();
    await job.ensureScheduled();
    const again = await rows();
    expect(again.filter((r) => (r.data as { period: number }).period === now)).toHaveLength(1);
    // The next hour gets its own run.
    await job.ensureScheduled(Date.now() + 3600_000);
    expect((await rows()).filter((r) => (r.data as { period: number }).period === now + 1)).toHaveLength(1);
  });

  it('prunes expired and revoked sessions past their family expiry, old codes and abandoned registrations; keeps the rest', async () => {
    // Day 0: a session left to expire, one signed out, an account activated (its code gets old), a registration
    // abandoned, and one that will be picked up again later.
    const expired = await login(DEMO.users.customer.email);
    const revoked = await login(DEMO.users.customer.email);
    await call(b.app, 'POST', '/auth/logout', undefined, { cookie: `refresh_token=${revoked.cookies['refresh_token']}` });
    const active = await activeUser(b);
    const abandoned = await registerByEmail(b);
    const resumed = await registerByEmail(b);

    // Day 20: a live session (rotated once), and a revoked one whose family has not expired yet.
    b.clock.advance(20 * DAY);
    const live = await login(DEMO.users.customer.email);
    const liveToken = (await refresh(live.cookies['refresh_token'])).cookies['refresh_token'];
    const recentlyRevoked = await login(DEMO.users.customer.email);
    await call(b.app, 'POST', '/auth/logout', undefined, { cookie: `refresh_token=${recentlyRevoked.cookies['refresh_token']}` });

    // Day 28: the second registration asks for a new code; day 30: a fresh registration.
    b.clock.advance(8 * DAY);
    expect((await call(b.app, 'POST', '/auth/activate/pin/resend', { code: resumed.registration.code }, { ip: resumed.ip })).status).toBe(
      200,
    );
    b.clock.advance(2 * DAY);
    const fresh = await registerByEmail(b);

    // Day 32: the day-0 families expired on day 30, a day ago and more.
    b.clock.advance(2 * DAY);
    const ids = {
      expired: await sessionOf(expired.body.access_token),
      revoked: await sessionOf(revoked.body.access_token),
      live: await sessionOf(live.body.access_token),
      recentlyRevoked: await sessionOf(recentlyRevoked.body.access_token),
    };
    const report = await job.run();
    expect(report.sessions).toBeGreaterThanOrEqual(2);
    expect(report.pendingRegistrations).toBeGreaterThanOrEqual(1);

    expect(await sessionIds(Object.values(ids))).toEqual([ids.live, ids.recentlyRevoked].sort());
    expect(await tokensOf(ids.expired)).toHaveLength(0);
    expect(await tokensOf(ids.revoked)).toHaveLength(0);
    // The live family still works; its rotated token's sealed answer is gone (the grace window is long over).
    const liveTokens = await tokensOf(ids.live);
    expect(liveTokens).toHaveLength(2);
    expect(liveTokens.every((t) => t.successorSealed === null)).toBe(true);
    expect((await refresh(liveToken)).status).toBe(200);

    const pending = await b.db
      .select({ email: schema.users.email, status: schema.users.status })
      .from(schema.users)
      .where(inArray(schema.users.email, [abandoned.email, resumed.email, fresh.email, active.email]));
    expect(Object.fromEntries(pending.map((u) => [u.email, u.status]))).toEqual({
      [resumed.email]: 'pending',
      [fresh.email]: 'pending',
      [active.email]: 'active',
    });
    // The abandoned registration's codes went with it; the active account's week-old activation code too.
    const [activeRow] = await b.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, active.email));
    expect(await b.db.select().from(schema.oneTimeCodes).where(eq(schema.oneTimeCodes.userId, active.id))).toHaveLength(0);
    expect(activeRow.id).toBe(active.id);
    expect(await b.db.select().from(schema.oneTimeCodes).where(eq(schema.oneTimeCodes.userId, abandoned.pin.userId))).toHaveLength(0);
    // Its contact data is free again: registering with it starts over as a new account, and so does its old code.
    expect(
      (await call(b.app, 'POST', '/auth/activate/pin', { pin: abandoned.pin.code, code: abandoned.registration.code })).body.code,
    ).toBe('user_does_not_exist');
    const again = await call(
      b.app,
      'POST',
      '/auth/register',
      { full_name: 'Otra Vez', email: abandoned.email, password: PASSWORD },
      { ip: freshIp() },
    );
    expect(again.status).toBe(201);
    // The resumed one keeps its newer code.
    expect(
      (await b.db.select().from(schema.oneTimeCodes).where(eq(schema.oneTimeCodes.userId, resumed.pin.userId))).length,
    ).toBeGreaterThan(0);

    // A second run finds nothing more of that.
    const second = await job.run();
    expect(second).toMatchObject({ sessions: 0, pendingRegistrations: 0, refreshTokens: 0 });
  });

  it('runs through the queue: the processor prunes with the same rules', async () => {
    const before = await login(DEMO.users.reseller.email);
    const sessionId = await sessionOf(before.body.access_token);
    b.clock.advance(32 * DAY);
    // The hour two hours from now: a job id nobody queued yet, due at once.
    await b.app
      .get<string, JobQueue>(JOB_QUEUE, { strict: false })
      .add(PRUNE_EXPIRED_DATA_JOB, { period: housekeepingPeriod(Date.now()) + 2 }, { jobId: `test-run-${Date.now()}`, attempts: 1 });
    const until = Date.now() + 10_000;
    while ((await sessionIds([sessionId])).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await sessionIds([sessionId])).toEqual([]);
  });
});
