import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import * as schema from '../src/db/schema.js';
import { clientNetwork } from '../src/sessions/domain/client-network.js';
import { SIGN_IN_THROTTLE, claimClientAttempt, clientDelayMs, networkDelayMs } from '../src/sessions/domain/sign-in-throttle.js';
import { PruneExpiredDataJob } from '../src/housekeeping/jobs/prune-expired-data.job.js';
import { PASSWORD, activeUser, bootAccounts, call, freshIp, uniqueEmail, type Answer, type Booted } from './support.js';

const SECOND = 1000;
const DAY = 24 * 3600_000;
const WRONG = 'mala-clave-1';

describe('sign-in throttling rules (pure)', () => {
  it('lets the first failures through, then doubles the wait up to 15 minutes; 100 consecutive failures refuse for a day', () => {
    expect([0, 1, 4].map((n) => clientDelayMs(n))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => clientDelayMs(n))).toEqual([1, 2, 4, 8].map((s) => s * SECOND));
    expect(clientDelayMs(40)).toBe(15 * 60 * SECOND);
    expect(clientDelayMs(99)).toBe(15 * 60 * SECOND);
    expect(clientDelayMs(100)).toBe(DAY);
    expect(networkDelayMs(29)).toBe(0);
    expect(networkDelayMs(30)).toBe(SECOND);
    expect(networkDelayMs(1000)).toBe(60 * SECOND);
  });

  it('forgets a client’s failures a day after its last one', () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const capped = { failures: 100, windowStartedAt: t0, lastFailureAt: t0, blockedUntil: new Date(t0.getTime() + DAY) };
    expect(claimClientAttempt(capped, new Date(t0.getTime() + DAY - SECOND))).toEqual({ allowed: false, retryAfterMs: SECOND });
    expect(claimClientAttempt(capped, new Date(t0.getTime() + DAY))).toMatchObject({ allowed: true, next: { failures: 1 } });
  });

  it('groups IPv6 callers by their /64 and reads IPv4-mapped addresses as IPv4', () => {
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('sign-in throttling that protects the owner (issue 9 §3; NIST SP 800-63B-4 §3.2.2)', () => {
  let b: Booted;
  beforeAll(async () => {
    b = await bootAccounts();
  });
  afterAll(async () => {
    await b?.close();
  });

  const login = (email: string, password: string, ip: string, device?: string) =>
    call(b.app, 'POST', '/auth/login', { email, password }, { ip, ...(device ? { cookie: `device=${device}` } : {}) });
  const retryAfter = (r: Answer) => Number(r.headers['retry-after']);

  /** Fails `times` times, waiting out (on the test clock) every delay it is given; returns the waits seen. */
  async function failRepeatedly(email: string, ip: string, times: number, device?: string): Promise<number[]> {
    const waits: number[] = [];
    for (let failed = 0; failed < times;) {
      const r = await login(email, WRONG, ip, device);
      if (r.status === 429) {
        waits.push(retryAfter(r));
        b.clock.advance(retryAfter(r) * SECOND);
        continue;
      }
      expect(r.status).toBe(401);
      failed++;
    }
    return waits;
  }

  it('attacker fails 100 times from A; the owner signs in from B at once, and from a known device even at A', async () => {
    const owner = await activeUser(b);
    // The owner signed in once from home before: that browser holds a device cookie.
    const home = await login(owner.email, PASSWORD, freshIp());
    expect(home.status).toBe(200);
    const device = home.cookies['device'];
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const setCookie = ([] as string[]).concat(home.headers['set-cookie'] as string[]).find((c) => c.startsWith('device='))!;
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Path=/api/auth');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toMatch(/Max-Age=31536000/);

    const a = freshIp();
    const waits = await failRepeatedly(owner.email, a, 100);
    // Growing delays, capped at 15 minutes, before the 100th failure.
    expect(waits.length).toBeGreaterThan(80);
    expect(Math.max(...waits)).toBe(15 * 60);
    // A has used up its 100 consecutive failures on this account: refused for a day, the right password included.
    const capped = await login(owner.email, PASSWORD, a);
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe('rate_limited');
    expect(retryAfter(capped)).toBeGreaterThan(23 * 3600);
    expect(retryAfter(capped)).toBeLessThanOrEqual(24 * 3600);

    // B, where the owner has never been, is untouched.
    const b1 = await login(owner.email, PASSWORD, freshIp());
    expect(b1.status).toBe(200);
    // The owner's known device works from anywhere, the attacker's network included.
    const fromA = await login(owner.email, PASSWORD, a, device);
    expect(fromA.status).toBe(200);
    // It keeps its device token (the cookie is renewed, not replaced).
    expect(fromA.cookies['device']).toBe(device);
    // A is still capped for clients without the device.
    expect((await login(owner.email, PASSWORD, a)).status).toBe(429);
  }, 300_000);

  it('caps consecutive failures per (account, client) at 100, including a known device; the cap ends a day later', async () => {
    const owner = await activeUser(b);
    const ip = freshIp();
    const device = (await login(owner.email, PASSWORD, ip)).cookies['device'];
    await failRepeatedly(owner.email, ip, 100, device);
    const r = await login(owner.email, PASSWORD, ip, device);
    expect(r.status).toBe(429);
    // Other clients are not affected by this device's cap.
    expect((await login(owner.email, PASSWORD, ip)).status).toBe(200);
    b.clock.advance(DAY);
    expect((await login(owner.email, PASSWORD, ip, device)).status).toBe(200);
  }, 300_000);

  it('grows the delay with each failure past the first five, and starts over after a success', async () => {
    const user = await activeUser(b);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await login(user.email, WRONG, ip)).status).toBe(401);
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await login(user.email, PASSWORD, ip);
      expect(refused.status).toBe(429);
      seen.push(retryAfter(refused));
      b.clock.advance(retryAfter(refused) * SECOND);
      expect((await login(user.email, WRONG, ip)).status).toBe(401);
    }
    expect(seen).toEqual([1, 2, 4, 8]);
    b.clock.advance(16 * SECOND);
    expect((await login(user.email, PASSWORD, ip)).status).toBe(200);
    // A success clears the count: five free failures again.
    for (let i = 0; i < 5; i++) expect((await login(user.email, WRONG, ip)).status).toBe(401);
    expect(retryAfter(await login(user.email, WRONG, ip))).toBe(1);
  }, 120_000);

  it('charges guesses before checking them: twenty at once from one client get only the five free answers', async () => {
    const user = await activeUser(b);
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(user.email, WRONG, ip)));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(SIGN_IN_THROTTLE.freeFailures);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(20 - SIGN_IN_THROTTLE.freeFailures);
  }, 120_000);

  it('lets simultaneous right passwords from one network through: a claim that waited reads the time after its lock', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => activeUser(b)));
    const ip = freshIp();
    // a clock that moves on every read, as a real one does: a claim that read it before waiting for the network's row
    // lock would compare an older time with what the claim before it wrote, and refuse a right password
    const read = b.clock.now.bind(b.clock);
    b.clock.now = () => {
      const at = read();
      b.clock.advance(1);
      return at;
    };
    try {
      const answers = await Promise.all(users.map((u) => login(u.email, PASSWORD, ip)));
      expect(answers.map((r) => r.status)).toEqual(users.map(() => 200));
    } finally {
      b.clock.now = read;
    }
  }, 120_000);

  it('keeps the device cookie on sign-out (it names the browser, not the session)', async () => {
    const user = await activeUser(b);
    const signedIn = await login(user.email, PASSWORD, freshIp());
    const out = await call(b.app, 'POST', '/auth/logout', undefined, {
      cookie: `refresh_token=${signedIn.cookies['refresh_token']}; device=${signedIn.cookies['device']}`,
    });
    expect(out.status).toBe(200);
    expect(([] as string[]).concat(out.headers['set-cookie'] as string[]).some((c) => c.startsWith('device='))).toBe(false);
  }, 60_000);

  it('answers an unknown account with the same codes, shape, headers and waits as a known one', async () => {
    const known = await activeUser(b);
    const ghost = uniqueEmail('fantasma');
    const run = async (email: string) => {
      const ip = freshIp();
      const out: Answer[] = [];
      for (let i = 0; i < 7; i++) out.push(await login(email, WRONG, ip));
      return out;
    };
    const a = await run(known.email);
    const g = await run(ghost);
    expect(a.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(g.map((r) => r.status)).toEqual(a.map((r) => r.status));
    for (let i = 0; i < a.length; i++) {
      expect(g[i].body).toEqual(a[i].body);
      expect(Object.keys(g[i].headers).sort()).toEqual(Object.keys(a[i].headers).sort());
      expect(g[i].headers['retry-after']).toEqual(a[i].headers['retry-after']);
    }
    expect(a[0].body).toEqual({ code: 'invalid_credentials', message: expect.any(String) });
    expect(a[5].body).toEqual({ code: 'rate_limited', message: expect.any(String) });
  }, 120_000);

  it('slows a spray from one IP across many accounts, but a user behind it with a device cookie signs in at once', async () => {
    const nat = freshIp();
    const neighbour = await activeUser(b);
    const device = (await login(neighbour.email, PASSWORD, nat)).cookies['device'];
    const other = await activeUser(b);

    for (let i = 0; i < SIGN_IN_THROTTLE.networkFreeFailures; i++)
      expect((await login(uniqueEmail('barrido'), WRONG, nat)).status).toBe(401);
    // Past the free allowance every attempt from that network waits, whatever the account: 1 s, 2 s, 4 s... at most 60 s.
    const first = await login(uniqueEmail('barrido'), WRONG, nat);
    expect(first.status).toBe(429);
    expect(first.body.code).toBe('rate_limited');
    expect(retryAfter(first)).toBe(1);
    const waits: number[] = [];
    for (let i = 0; i < 16; i++) {
      const r = await login(uniqueEmail('barrido'), WRONG, nat);
      if (r.status === 429) {
        waits.push(retryAfter(r));
        b.clock.advance(retryAfter(r) * SECOND);
      } else expect(r.status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(60);
    expect(waits).toContain(60);

    // The neighbour's browser knows the account: not held by the network's budget.
    const mine = await login(neighbour.email, PASSWORD, nat, device);
    expect(mine.status).toBe(200);
    // Someone without a device cookie behind the same NAT is slowed, not shut out: after the wait, they get in.
    const slowed = await login(other.email, PASSWORD, nat);
    expect(slowed.status).toBe(429);
    expect(retryAfter(slowed)).toBeLessThanOrEqual(60);
    b.clock.advance(retryAfter(slowed) * SECOND);
    expect((await login(other.email, PASSWORD, nat)).status).toBe(200);
    // An hour later the network's window starts over.
    b.clock.advance(3600 * SECOND);
    expect((await login(uniqueEmail('barrido'), WRONG, nat)).status).toBe(401);
  }, 180_000);

  it('a device cookie earned on one account gives no budget on another, and one the server never issued is replaced', async () => {
    const attacker = await activeUser(b);
    const victim = await activeUser(b);
    const ip = freshIp();
    const own = (await login(attacker.email, PASSWORD, ip)).cookies['device'];
    // Against the victim it counts as the attacker's network: the same budget as without a cookie.
    for (let i = 0; i < 5; i++) expect((await login(victim.email, WRONG, ip, own)).status).toBe(401);
    expect((await login(victim.email, WRONG, ip, own)).status).toBe(429);
    expect((await login(victim.email, WRONG, ip)).status).toBe(429);
    // A made-up token is never adopted.
    const planted = 'A'.repeat(43);
    const signedIn = await login(victim.email, PASSWORD, freshIp(), planted);
    expect(signedIn.status).toBe(200);
    expect(signedIn.cookies['device']).not.toBe(planted);
    // A shared browser: one device token bound to both accounts.
    const shared = await login(victim.email, PASSWORD, freshIp(), own);
    expect(shared.cookies['device']).toBe(own);
  }, 120_000);

  it('keeps throttle state in the database and housekeeping forgets it: throttles 2 days after the last failure, devices after a year unused', async () => {
    const user = await activeUser(b);
    const ip = freshIp();
    await login(user.email, PASSWORD, ip);
    await login(user.email, WRONG, ip);
    const rows = () =>
      b.db
        .select()
        .from(schema.signInThrottles)
        .where(eq(schema.signInThrottles.accountKey, `u:${user.id}`));
    const devices = () => b.db.select().from(schema.trustedDevices).where(eq(schema.trustedDevices.userId, user.id));
    expect(await rows()).toHaveLength(1);
    expect(await devices()).toHaveLength(1);
    const job = b.app.get(PruneExpiredDataJob, { strict: false });
    b.clock.advance(DAY);
    await job.run();
    expect(await rows()).toHaveLength(1);
    b.clock.advance(DAY + SECOND);
    const report = await job.run();
    expect(report.signInThrottles).toBeGreaterThanOrEqual(1);
    expect(await rows()).toHaveLength(0);
    expect(
      await b.db
        .select()
        .from(schema.signInThrottles)
        .where(eq(schema.signInThrottles.clientKey, `n:${ip}`)),
    ).toHaveLength(0);
    expect(await devices()).toHaveLength(1);
    b.clock.advance(365 * DAY);
    expect((await job.run()).trustedDevices).toBeGreaterThanOrEqual(1);
    expect(await devices()).toHaveLength(0);
  }, 120_000);
});

describe('registration throttled like the availability check', () => {
  let b: Booted;
  beforeAll(async () => {
    b = await bootAccounts();
  });
  afterAll(async () => {
    await b?.close();
  });

  it('answers existing_user at most 60 times a minute per address, sharing the budget of /auth/users/exist', async () => {
    const user = await activeUser(b);
    const ip = freshIp();
    const register = () => call(b.app, 'POST', '/auth/register', { full_name: 'Sondeo', email: user.email, password: PASSWORD }, { ip });
    const exists = () => call(b.app, 'POST', '/auth/users/exist', { username: user.email }, { ip });
    for (let i = 0; i < 30; i++) expect((await exists()).body).toEqual({ exist: true });
    for (let i = 0; i < 30; i++) expect((await register()).body.code).toBe('existing_user');
    const refused = await register();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'rate_limited', message: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await exists()).status).toBe(429);
    // Another address is not affected; a minute later this one may ask again.
    expect(
      (await call(b.app, 'POST', '/auth/register', { full_name: 'Otro', email: user.email, password: PASSWORD }, { ip: freshIp() })).body
        .code,
    ).toBe('existing_user');
    b.clock.advance(60 * SECOND);
    expect((await register()).body.code).toBe('existing_user');
  }, 120_000);
});
