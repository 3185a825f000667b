import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { DEMO } from '@vitrina/contracts';
import { refreshTokens } from '../src/db/schema.js';
import { openWithToken, sha256 } from '../src/shared/secrets.js';
import { BoundedSemaphore, QueueFullError } from '../src/sessions/domain/bounded-semaphore.js';
import {
  PASSWORD,
  activeUser,
  bootAccounts,
  call,
  freshIp,
  lastCode,
  registerByEmail,
  uniqueEmail,
  uniquePhone,
  type Booted,
} from './support.js';

describe('sign-in, refresh rotation, logout (docs/architecture.md §3; issue 3)', () => {
  let b: Booted;
  beforeAll(async () => {
    b = await bootAccounts();
  });
  afterAll(async () => {
    await b?.close();
  });

  const login = (body: Record<string, unknown>, ip = freshIp(), headers: Record<string, string> = {}) =>
    call(b.app, 'POST', '/auth/login', body, { ip, headers });
  const refresh = (token: string | undefined) =>
    call(b.app, 'POST', '/auth/refresh', undefined, token ? { cookie: `refresh_token=${token}` } : {});

  it('signs in with e-mail and password: access token with id, level and keychain; refresh token only in the cookie', async () => {
    const res = await login({ email: DEMO.users.demoOwner.email, password: DEMO.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ meID: DEMO.users.demoOwner.id, level: 2, account_type: 'affinity', token_type: 'Bearer' });
    expect(JSON.stringify(res.body)).not.toContain(res.cookies['refresh_token']);
    const user = await b.runtime.verifier.verify(res.body.access_token);
    expect(user).toMatchObject({ id: DEMO.users.demoOwner.id, level: 2, keychain: expect.arrayContaining(['orders-affinity']) });
    expect(user.expiresAt - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(900);
  });

  it('signs in with the phone number', async () => {
    const phone = uniquePhone();
    const reg = await call(
      b.app,
      'POST',
      '/auth/register',
      { full_name: 'Tel', phone, country: 'MX', password: PASSWORD },
      { ip: freshIp() },
    );
    const pin = await lastCode(b, `+52${phone}`);
    await call(b.app, 'POST', '/auth/activate/pin', { pin: pin.code, code: reg.body.code });
    expect((await login({ phone, country_code: '52', password: PASSWORD })).status).toBe(200);
    expect((await login({ username: `+52${phone}`, password: PASSWORD })).status).toBe(200);
    expect((await login({ username: phone, password: PASSWORD })).status).toBe(200);
  });

  it('marks the cookies Secure when the request came over https', async () => {
    const res = await login({ email: DEMO.users.customer.email, password: DEMO.password }, freshIp(), { 'x-forwarded-proto': 'https' });
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    expect(cookies.every((c) => c.includes('; Secure'))).toBe(true);
  });

  it('answers the same for a wrong password and an unknown account', async () => {
    const known = await login({ email: DEMO.users.customer.email, password: 'no-es-la-clave' });
    const unknown = await login({ email: uniqueEmail('nadie'), password: 'no-es-la-clave' });
    expect(known.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ code: 'invalid_credentials', message: expect.any(String) });
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
  });

  it('takes about as long for an unknown account as for a wrong password (a dummy hash is verified)', async () => {
    const time = async (email: string) => {
      const t = process.hrtime.bigint();
      await login({ email, password: 'no-es-la-clave' });
      return Number(process.hrtime.bigint() - t) / 1e6;
    };
    await time(uniqueEmail()); // warm the dummy hash
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await time(DEMO.users.entrepreneur.email));
      unknown.push(await time(uniqueEmail('nadie')));
    }
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('tells a pending account with the right password that it is not active', async () => {
    const { email } = await registerByEmail(b);
    const res = await login({ email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('user_not_active');
    expect((await login({ email, password: 'otra-cosa-1' })).body.code).toBe('invalid_credentials');
  });

  it('refuses malformed sign-ins with 400', async () => {
    expect((await login({ password: 'x' })).status).toBe(400);
    expect((await login({ email: DEMO.users.customer.email })).status).toBe(400);
    expect((await login({ email: DEMO.users.customer.email, password: 'x', extra: 1 })).status).toBe(400);
  });

  it('rotates the refresh token; a rotated token used again revokes its whole family', async () => {
    const first = await login({ email: DEMO.users.reseller.email, password: DEMO.password });
    const t1 = first.cookies['refresh_token'];
    const r1 = await refresh(t1);
    expect(r1.status).toBe(200);
    const t2 = r1.cookies['refresh_token'];
    expect(t2).toBeTruthy();
    expect(t2).not.toBe(t1);
    expect((await b.runtime.verifier.verify(r1.body.access_token)).sessionId).toBe(
      (await b.runtime.verifier.verify(first.body.access_token)).sessionId,
    );
    const r2 = await refresh(t2);
    expect(r2.status).toBe(200);
    const t3 = r2.cookies['refresh_token'];

    const reuse = await refresh(t1);
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('refresh_token_reused');
    // Every token of the family is dead now, the newest included.
    const after = await refresh(t3);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('invalid_refresh_token');
    // Other sessions of the user are untouched.
    const other = await login({ email: DEMO.users.reseller.email, password: DEMO.password });
    expect((await refresh(other.cookies['refresh_token'])).status).toBe(200);
  });

  describe('grace window for a second tab (10 s after a rotation)', () => {
    const cookieOf = (r: Awaited<ReturnType<typeof refresh>>) => r.cookies['refresh_token'];

    it('answers the just-rotated token presented again with the same new pair; the family lives on', async () => {
      const first = await login({ email: DEMO.users.customer.email, password: DEMO.password });
      const t1 = first.cookies['refresh_token'];
      const tabA = await refresh(t1);
      expect(tabA.status).toBe(200);
      b.clock.advance(9_000);
      const tabB = await refresh(t1);
      expect(tabB.status).toBe(200);
      expect(cookieOf(tabB)).toBe(cookieOf(tabA));
      expect(tabB.body.access_token).toBe(tabA.body.access_token);
      expect(tabB.body).toMatchObject({ meID: DEMO.users.customer.id, token_type: 'Bearer' });
      expect(tabB.body.expires_in).toBeLessThanOrEqual(891);
      expect(tabB.body.expires_in).toBeGreaterThan(880);
      // Both tabs now hold the same token, which rotates normally.
      const next = await refresh(cookieOf(tabA));
      expect(next.status).toBe(200);
      // The old token's successor is rotated now: presenting it again is reuse, even inside the 10 s.
      const late = await refresh(t1);
      expect(late.body.code).toBe('refresh_token_reused');
      expect((await refresh(cookieOf(next))).body.code).toBe('invalid_refresh_token');
    });

    it('gives two refreshes racing with one token the same pair', async () => {
      const first = await login({ email: DEMO.users.supplierA.email, password: DEMO.password });
      const t1 = first.cookies['refresh_token'];
      const [x, y] = await Promise.all([refresh(t1), refresh(t1)]);
      expect([x.status, y.status]).toEqual([200, 200]);
      expect(cookieOf(x)).toBe(cookieOf(y));
      expect((await refresh(cookieOf(x))).status).toBe(200);
    });

    it('still revokes the family when the rotated token comes back after the grace window', async () => {
      const first = await login({ email: DEMO.users.supplierA.email, password: DEMO.password });
      const t1 = first.cookies['refresh_token'];
      const t2 = cookieOf(await refresh(t1));
      b.clock.advance(10_001);
      const reuse = await refresh(t1);
      expect(reuse.status).toBe(401);
      expect(reuse.body.code).toBe('refresh_token_reused');
      expect((await refresh(t2)).body.code).toBe('invalid_refresh_token');
    });

    it('keeps the new token only sealed under the old one, never in clear', async () => {
      const first = await login({ email: DEMO.users.entrepreneur.email, password: DEMO.password });
      const t1 = first.cookies['refresh_token'];
      const t2 = cookieOf(await refresh(t1));
      const [row] = await b.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(t1)));
      expect(row.successorSealed).toBeTruthy();
      expect(JSON.stringify(await b.db.select().from(refreshTokens))).not.toContain(t2);
      expect(openWithToken(t1, row.id, row.successorSealed!)).toContain(t2);
      expect(openWithToken(t2, row.id, row.successorSealed!)).toBeUndefined();
      expect(openWithToken(t1, 'another-row', row.successorSealed!)).toBeUndefined();
    });
  });

  it('sets a readable session hint with the refresh cookie, for as long, and clears it with the session', async () => {
    const setCookies = (r: { headers: Record<string, unknown> }) => ([] as string[]).concat(r.headers['set-cookie'] as string[]);
    const hintOf = (r: { headers: Record<string, unknown> }) => setCookies(r).find((c) => c.startsWith('has_session='));
    const refreshOf = (r: { headers: Record<string, unknown> }) => setCookies(r).find((c) => c.startsWith('refresh_token='));
    const maxAge = (cookie: string | undefined) => /Max-Age=(\d+)/.exec(cookie ?? '')?.[1];

    const res = await login({ email: DEMO.users.reseller.email, password: DEMO.password });
    const hint = hintOf(res);
    // The page reads it (no HttpOnly) on every path; it holds no secret, and the refresh token stays httpOnly.
    expect(hint).toMatch(/^has_session=1; Path=\/; /);
    expect(hint).not.toContain('HttpOnly');
    expect(refreshOf(res)).toContain('HttpOnly');
    expect(maxAge(hint)).toBe(maxAge(refreshOf(res)));

    const rotated = await refresh(res.cookies['refresh_token']);
    expect(hintOf(rotated)).toMatch(/^has_session=1; /);
    expect(maxAge(hintOf(rotated))).toBe(maxAge(refreshOf(rotated)));

    // A refused refresh (revoked, reused, expired) clears it with the refresh cookie: the page stops trying.
    const refused = await refresh('made-up');
    expect(refused.status).toBe(401);
    expect(hintOf(refused)).toMatch(/^has_session=; Path=\/; Max-Age=0/);

    const out = await call(b.app, 'POST', '/auth/logout', undefined, { cookie: `refresh_token=${rotated.cookies['refresh_token']}` });
    expect(hintOf(out)).toMatch(/^has_session=; Path=\/; Max-Age=0/);
  });

  it('sets the session hint on every sign-in: PIN activation too', async () => {
    const { registration, pin, ip } = await registerByEmail(b);
    const res = await call(b.app, 'POST', '/auth/activate/pin', { pin: pin.code, code: registration.code }, { ip });
    expect(res.status).toBeLessThan(300);
    expect(res.cookies['has_session']).toBe('1');
  });

  it('refuses a missing, unknown or expired refresh token', async () => {
    expect((await refresh(undefined)).body.code).toBe('invalid_refresh_token');
    expect((await refresh('made-up')).body.code).toBe('invalid_refresh_token');
    const res = await login({ email: DEMO.users.supplierB.email, password: DEMO.password });
    b.clock.advance(31 * 24 * 3600_000);
    expect((await refresh(res.cookies['refresh_token'])).body.code).toBe('invalid_refresh_token');
  });

  it('logout revokes the session and clears the cookies', async () => {
    const user = await activeUser(b);
    const res = await call(b.app, 'POST', '/auth/logout', undefined, { cookie: `refresh_token=${user.refresh}`, token: user.token });
    expect(res.status).toBe(200);
    const cleared = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    expect(cleared.some((c) => c.startsWith('refresh_token=;') && c.includes('Max-Age=0'))).toBe(true);
    expect((await refresh(user.refresh)).body.code).toBe('invalid_refresh_token');
    // Signing out twice is fine.
    expect((await call(b.app, 'POST', '/auth/logout', undefined, { cookie: `refresh_token=${user.refresh}` })).status).toBe(200);
  });

  // Failed sign-ins (per account and client, per network, device cookies): sign-in-throttling.spec.ts.
});

describe('bounded password hashing', () => {
  it('runs at most `limit` tasks, queues up to `maxQueue`, refuses beyond', async () => {
    const slots = new BoundedSemaphore(2, 1);
    const gates: Array<() => void> = [];
    const task = () => new Promise<void>((resolve) => gates.push(resolve));
    const a = slots.run(task);
    const c = slots.run(task);
    const d = slots.run(task); // queued
    await expect(slots.run(task)).rejects.toBeInstanceOf(QueueFullError);
    expect(slots.running).toBe(2);
    expect(slots.queued).toBe(1);
    gates.shift()!();
    await a;
    await new Promise((r) => setImmediate(r));
    expect(slots.queued).toBe(0);
    gates.splice(0).forEach((g) => g());
    await new Promise((r) => setImmediate(r));
    gates.splice(0).forEach((g) => g());
    await Promise.all([c, d]);
    expect(slots.running).toBe(0);
  });

  it('answers 503 service_unavailable when the hashing queue is full', async () => {
    const b = await bootAccounts({ env: { ACCOUNTS_HASH_CONCURRENCY: '1', ACCOUNTS_HASH_QUEUE: '0', SEED_DEMO: 'false' } });
    try {
      const burst = await Promise.all(
        Array.from({ length: 6 }, () =>
          call(b.app, 'POST', '/auth/login', { email: uniqueEmail(), password: 'x-cualquiera' }, { ip: freshIp() }),
        ),
      );
      const statuses = burst.map((r) => r.status);
      expect(statuses).toContain(401);
      expect(statuses).toContain(503);
      const busy = burst.find((r) => r.status === 503)!;
      expect(busy.body.code).toBe('service_unavailable');
      expect(busy.headers['retry-after']).toBe('1');
    } finally {
      await b.close();
    }
  });
});
