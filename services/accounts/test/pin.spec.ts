import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import type { UserPinIssued } from '@vitrina/contracts';
import { OneTimeCodes } from '../src/codes/one-time-codes.js';
import { users } from '../src/db/schema.js';
import {
  PASSWORD,
  activeUser,
  bootAccounts,
  call,
  freshIp,
  lastCode,
  outboxEvents,
  registerByEmail,
  uniqueEmail,
  uniquePhone,
  wrongPin,
  type Booted,
} from './support.js';

const COOLDOWN = 31_000;

describe('PIN activation (spec 2 §3, §4, §8; issue 3)', () => {
  let b: Booted;
  beforeAll(async () => {
    b = await bootAccounts();
  });
  afterAll(async () => {
    await b?.close();
  });

  const activate = (body: Record<string, unknown>, ip = freshIp()) => call(b.app, 'POST', '/auth/activate/pin', body, { ip });
  const resend = (body: Record<string, unknown>, ip = freshIp()) => call(b.app, 'POST', '/auth/activate/pin/resend', body, { ip });

  it('activates with the PIN and signs the user in (notification + SET_AUTH, session cookies)', async () => {
    const { registration, pin } = await registerByEmail(b);
    const res = await activate({ pin: pin.code, code: registration.code, type: 'email', password: 'Nueva-Clave-1' });
    expect(res.status).toBe(200);
    expect(res.body.notification).toEqual({ type: 'NOTIFICATION', payload: { level: 'success', message: '¡Tu cuenta está activa!' } });
    expect(res.body.auth).toMatchObject({
      type: 'SET_AUTH',
      payload: {
        meID: pin.userId,
        keychain: [],
        myKeychain: [],
        level: 0,
        account_type: 'affiliate',
        token_type: 'Bearer',
        expires_in: 900,
      },
    });
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    const refresh = setCookie.find((c) => c.startsWith('refresh_token='))!;
    expect(refresh).toContain('HttpOnly');
    expect(refresh).toContain('SameSite=Lax');
    expect(refresh).toContain('Path=/api/auth');
    expect(refresh).not.toContain('Secure'); // plain http here; Secure over https (sessions.spec)
    const user = await b.runtime.verifier.verify(res.body.auth.payload.access_token);
    expect(user).toMatchObject({ id: pin.userId, level: 0, keychain: [] });
    expect(user.sessionId).toEqual(expect.any(String));
    const activated = (await outboxEvents<{ userId: string; method: string }>(b, 'accounts.user.activated')).filter(
      (e) => e.data.userId === pin.userId,
    );
    expect(activated.map((e) => e.data.method)).toEqual(['pin']);
    // The new password given with the PIN is the password from now on.
    const login = await call(b.app, 'POST', '/auth/login', { email: pin.destination, password: 'Nueva-Clave-1' }, { ip: freshIp() });
    expect(login.status).toBe(200);
  });

  it('finds the registration by its e-mail or phone when no code is sent', async () => {
    const { email, pin } = await registerByEmail(b);
    expect((await activate({ pin: pin.code, username: email })).status).toBe(200);
    const phone = uniquePhone();
    await call(b.app, 'POST', '/auth/register', { full_name: 'Tel', phone, country: 'MX', password: PASSWORD }, { ip: freshIp() });
    const sms = await lastCode(b, `+52${phone}`);
    expect((await activate({ pin: sms.code, type: 'phone', phone, country_code: '52' })).status).toBe(200);
  });

  it('answers user_already_exists for an account that is already active, user_does_not_exist for an unknown one', async () => {
    const { registration, pin } = await registerByEmail(b);
    expect((await activate({ pin: pin.code, code: registration.code })).status).toBe(200);
    const again = await activate({ pin: pin.code, username: pin.destination });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'user_already_exists', message: 'The user has already been activated!' });
    const unknown = await activate({ pin: '123456', code: 'no-such-registration' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'user_does_not_exist', message: 'The user does not exist' });
    const unknownEmail = await activate({ pin: '123456', username: uniqueEmail() });
    expect(unknownEmail.body.code).toBe('user_does_not_exist');
  });

  it('refuses a wrong PIN with invalid_pin and a malformed one with 400', async () => {
    const { registration, pin } = await registerByEmail(b);
    const wrong = await activate({ pin: wrongPin(pin.code), code: registration.code });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 'invalid_pin', message: 'The PIN is not correct' });
    for (const bad of ['12345', '1234567', 'abcdef']) {
      const res = await activate({ pin: bad, code: registration.code });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect((await activate({ pin: pin.code, code: registration.code })).status).toBe(200);
  });

  it('accepts the PIN at 5 minutes and refuses it as expired at 5 minutes + 1 s', async () => {
    const a = await registerByEmail(b);
    const c = await registerByEmail(b);
    b.clock.advance(5 * 60_000);
    expect((await activate({ pin: a.pin.code, code: a.registration.code })).status).toBe(200);
    b.clock.advance(1_000);
    const late = await activate({ pin: c.pin.code, code: c.registration.code });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ code: 'expired_pin', message: expect.stringContaining('expired') });
  });

  it('is single use', async () => {
    const { registration, pin, email } = await registerByEmail(b);
    expect((await activate({ pin: pin.code, code: registration.code })).status).toBe(200);
    // The code was consumed (and the account is active now).
    const [row] = await b.db.select().from(users).where(eq(users.email, email));
    expect(row.status).toBe('active');
    expect((await activate({ pin: pin.code, username: email })).body.code).toBe('user_already_exists');
  });

  it('invalidates a code after 5 wrong tries: even the right PIN is refused afterwards', async () => {
    const { registration, pin } = await registerByEmail(b);
    for (let i = 0; i < 5; i++) {
      expect((await activate({ pin: wrongPin(pin.code), code: registration.code })).body.code).toBe('invalid_pin');
    }
    const right = await activate({ pin: pin.code, code: registration.code });
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('expired_pin');
  });

  it('switching channel issues a new code; the old one stops working', async () => {
    const { registration, pin, ip } = await registerByEmail(b);
    b.clock.advance(COOLDOWN);
    const phone = uniquePhone();
    const res = await resend({ code: registration.code, type: 'phone', phone, country: 'MX', country_code: '52' }, ip);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: registration.code, type: 'phone', username: `+52${phone}` });
    expect(res.body.message).toContain(`: +52 ${phone}`);
    const sms = await lastCode(b, `+52${phone}`);
    expect(sms.channel).toBe('phone');
    expect(sms.userId).toBe(pin.userId);
    expect((await activate({ pin: pin.code, code: registration.code })).body.code).toMatch(/expired_pin|invalid_pin/);
    const ok = await activate({ pin: sms.code, code: registration.code });
    expect(ok.status).toBe(200);
    // And back to e-mail for another account.
    const other = await registerByEmail(b);
    b.clock.advance(COOLDOWN);
    const back = await resend({ code: other.registration.code, type: 'email' });
    expect(back.status).toBe(200);
    expect((await lastCode(b, other.email)).code).not.toBe(other.pin.code);
  });

  it('edits the e-mail in the PIN step, refusing one of an active account (existing_user)', async () => {
    const taken = await activeUser(b);
    const { registration } = await registerByEmail(b);
    b.clock.advance(COOLDOWN);
    const clash = await resend({ code: registration.code, email: taken.email });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('existing_user');
    const newEmail = uniqueEmail('editado');
    const ok = await resend({ code: registration.code, email: newEmail });
    expect(ok.status).toBe(200);
    const pin = await lastCode(b, newEmail);
    expect((await activate({ pin: pin.code, code: registration.code })).status).toBe(200);
  });

  it('answers email_client_failure when asked to e-mail a phone-only registration', async () => {
    const phone = uniquePhone();
    const reg = await call(
      b.app,
      'POST',
      '/auth/register',
      { full_name: 'Solo Tel', phone, country: 'MX', password: PASSWORD },
      { ip: freshIp() },
    );
    b.clock.advance(COOLDOWN);
    const res = await resend({ code: reg.body.code, type: 'email' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('email_client_failure');
  });

  it('limits resends per destination (cooldown and per hour), answering 429 with Retry-After', async () => {
    const { registration, ip } = await registerByEmail(b);
    const soon = await resend({ code: registration.code }, ip);
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe('rate_limited');
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) {
      b.clock.advance(COOLDOWN);
      expect((await resend({ code: registration.code }, ip)).status).toBe(200);
    }
    b.clock.advance(COOLDOWN);
    const sixth = await resend({ code: registration.code }, ip);
    expect(sixth.status).toBe(429);
    b.clock.advance(3600_000);
    expect((await resend({ code: registration.code }, ip)).status).toBe(200);
  });

  it('limits codes per IP', async () => {
    const ip = freshIp();
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 31 && !refused; i++) {
      const res = await call(
        b.app,
        'POST',
        '/auth/register',
        { full_name: 'Muchos', email: uniqueEmail('ip'), password: PASSWORD },
        { ip },
      );
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(201);
    }
    expect(refused?.body.code).toBe('rate_limited');
    expect(refused?.body.message).toContain('address');
  });

  it('limits codes per account per day', async () => {
    const { registration } = await registerByEmail(b);
    const phone = uniquePhone();
    let sent = 1;
    // Alternate destinations and move past the hourly limits: only the daily one is left to stop us.
    for (let hour = 0; sent < 10; hour++) {
      b.clock.advance(3600_000);
      for (let i = 0; i < 4 && sent < 10; i++) {
        b.clock.advance(COOLDOWN);
        const res = await resend(
          i % 2 ? { code: registration.code, type: 'email' } : { code: registration.code, type: 'phone', phone, country: 'MX' },
        );
        expect(res.status).toBe(200);
        sent++;
      }
    }
    b.clock.advance(3600_000);
    const eleventh = await resend({ code: registration.code, type: 'email' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toContain('today');
  });

  describe("the account's wrong-code count", () => {
    it('is not reset by a resend and locks the PIN step after 20 failures in 24 h, with a growing wait', async () => {
      const { registration, email, ip } = await registerByEmail(b);
      let pin = (await lastCode(b, email)).code;
      // 4 codes x 5 wrong tries = 20 failures, with a resend (a new code) between them.
      for (let code = 0; code < 4; code++) {
        if (code > 0) {
          b.clock.advance(COOLDOWN);
          expect((await resend({ code: registration.code }, ip)).status).toBe(200);
          pin = (await lastCode(b, email)).code;
        }
        for (let i = 0; i < 5; i++) expect((await activate({ pin: wrongPin(pin), code: registration.code })).body.code).toBe('invalid_pin');
      }
      b.clock.advance(COOLDOWN);
      expect((await resend({ code: registration.code }, ip)).status).toBe(200);
      pin = (await lastCode(b, email)).code;
      const locked = await activate({ pin, code: registration.code });
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('pin_locked');
      const firstWait = Number(locked.headers['retry-after']);
      expect(firstWait).toBeGreaterThan(13 * 60);
      expect(firstWait).toBeLessThanOrEqual(15 * 60);

      // After the wait (and past the hourly resend limit) one more failure locks for twice as long.
      b.clock.advance(61 * 60_000);
      expect((await resend({ code: registration.code }, ip)).status).toBe(200);
      pin = (await lastCode(b, email)).code;
      expect((await activate({ pin: wrongPin(pin), code: registration.code })).body.code).toBe('invalid_pin');
      const again = await activate({ pin, code: registration.code });
      expect(again.body.code).toBe('pin_locked');
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(29 * 60);
      b.clock.advance(30 * 60_000 + 1_000);
      expect((await resend({ code: registration.code }, ip)).status).toBe(200);
      pin = (await lastCode(b, email)).code;
      expect((await activate({ pin, code: registration.code })).status).toBe(200);
    });
  });

  describe('activation link /activate/{key}', () => {
    const keyOf = (p: UserPinIssued) => p.activationUrl!.split('/activate/')[1];

    it('tells whether the link works (GET) and activates with it (POST)', async () => {
      const { pin } = await registerByEmail(b);
      const key = keyOf(pin);
      const status = await call(b.app, 'GET', `/auth/activate/${key}`);
      expect(status.status).toBe(200);
      expect(status.body).toEqual({ valid: true, username: pin.destination });
      const res = await call(b.app, 'POST', `/auth/activate/${key}`);
      expect(res.status).toBe(200);
      expect(res.body.auth.payload.meID).toBe(pin.userId);
      expect(res.cookies['refresh_token']).toBeTruthy();
      const again = await call(b.app, 'POST', `/auth/activate/${key}`);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('user_already_active');
      expect((await call(b.app, 'GET', `/auth/activate/${key}`)).body.code).toBe('user_already_active');
    });

    it('refuses unknown keys and keys replaced by a newer code', async () => {
      expect((await call(b.app, 'GET', '/auth/activate/not-a-real-key-0123456789abcdef')).body.code).toBe('expired_pin');
      expect((await call(b.app, 'POST', '/auth/activate/x')).body.code).toBe('expired_pin');
      const { registration, pin, ip } = await registerByEmail(b);
      b.clock.advance(COOLDOWN);
      await resend({ code: registration.code }, ip);
      const res = await call(b.app, 'POST', `/auth/activate/${keyOf(pin)}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('expired_pin');
    });

    it('outlives the PIN: the link works for 24 hours', async () => {
      const { pin } = await registerByEmail(b);
      b.clock.advance(23 * 3600_000);
      expect((await call(b.app, 'POST', `/auth/activate/${keyOf(pin)}`)).status).toBe(200);
    });
  });

  describe('activation resend (username, activation_url)', () => {
    it('sends a new code with the link built from activation_url', async () => {
      const { email } = await registerByEmail(b);
      b.clock.advance(COOLDOWN);
      const res = await call(
        b.app,
        'POST',
        '/auth/activate/resend',
        { username: email, activation_url: 'http://localhost:3000/activate/__KEY__' },
        { ip: freshIp() },
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toEqual(expect.any(String));
      const pin = await lastCode(b, email);
      expect(pin.activationUrl).toMatch(/^http:\/\/localhost:3000\/activate\/[A-Za-z0-9_-]{43}$/);
    });

    it('answers user_does_not_exist, user_already_active, and refuses a link without __KEY__', async () => {
      const unknown = await call(b.app, 'POST', '/auth/activate/resend', { username: uniqueEmail() });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('user_does_not_exist');
      const active = await activeUser(b);
      b.clock.advance(COOLDOWN);
      const res = await call(b.app, 'POST', '/auth/activate/resend', { username: active.email });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'user_already_active', message: expect.any(String) });
      const { email } = await registerByEmail(b);
      const bad = await call(b.app, 'POST', '/auth/activate/resend', { username: email, activation_url: 'https://example.com/activate/' });
      expect(bad.status).toBe(400);
    });

    it('answers email_server_failure when the message cannot be queued', async () => {
      const { email } = await registerByEmail(b);
      b.clock.advance(COOLDOWN);
      const codes = b.app.get(OneTimeCodes, { strict: false });
      const spy = jest.spyOn(codes, 'issue').mockRejectedValueOnce(new Error('connection reset'));
      try {
        const res = await call(b.app, 'POST', '/auth/activate/resend', { username: email });
        expect(res.status).toBe(503);
        expect(res.body.code).toBe('email_server_failure');
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe('password reset (a code by e-mail or SMS, then a new password)', () => {
    it('resets with the code, ends the other sessions and signs in', async () => {
      const user = await activeUser(b);
      b.clock.advance(COOLDOWN);
      const req = await call(b.app, 'POST', '/auth/password/reset', { username: user.email }, { ip: freshIp() });
      expect(req.status).toBe(200);
      expect(req.body).toMatchObject({ code: expect.any(String), type: 'email' });
      const code = await lastCode(b, user.email);
      expect(code.purpose).toBe('password_reset');
      const wrong = await call(b.app, 'POST', '/auth/password/reset/confirm', {
        code: req.body.code,
        pin: wrongPin(code.code),
        password: 'Clave-Nueva-9',
      });
      expect(wrong.body.code).toBe('invalid_pin');
      const ok = await call(b.app, 'POST', '/auth/password/reset/confirm', {
        code: req.body.code,
        pin: code.code,
        password: 'Clave-Nueva-9',
      });
      expect(ok.status).toBe(200);
      expect(ok.body.auth.payload.meID).toBe(user.id);
      // The session from before the reset is over.
      const refresh = await call(b.app, 'POST', '/auth/refresh', undefined, { cookie: `refresh_token=${user.refresh}` });
      expect(refresh.status).toBe(401);
      expect((await call(b.app, 'POST', '/auth/login', { email: user.email, password: PASSWORD }, { ip: freshIp() })).status).toBe(401);
      expect((await call(b.app, 'POST', '/auth/login', { email: user.email, password: 'Clave-Nueva-9' }, { ip: freshIp() })).status).toBe(
        200,
      );
      // Single use.
      expect(
        (await call(b.app, 'POST', '/auth/password/reset/confirm', { code: req.body.code, pin: code.code, password: 'Clave-Nueva-10' }))
          .body.code,
      ).toBe('expired_pin');
    });

    it('answers the same for an unknown account, whose code never works', async () => {
      const req = await call(b.app, 'POST', '/auth/password/reset', { username: uniqueEmail() }, { ip: freshIp() });
      expect(req.status).toBe(200);
      expect(req.body).toMatchObject({ code: expect.any(String), type: 'email' });
      const res = await call(b.app, 'POST', '/auth/password/reset/confirm', {
        code: req.body.code,
        pin: '123456',
        password: 'Clave-Nueva-9',
      });
      expect(res.body.code).toBe('expired_pin');
    });

    it('expires the reset code after 5 minutes', async () => {
      const user = await activeUser(b);
      b.clock.advance(COOLDOWN);
      const req = await call(b.app, 'POST', '/auth/password/reset', { username: user.email }, { ip: freshIp() });
      const code = await lastCode(b, user.email);
      b.clock.advance(5 * 60_000 + 1_000);
      const res = await call(b.app, 'POST', '/auth/password/reset/confirm', {
        code: req.body.code,
        pin: code.code,
        password: 'Clave-Nueva-9',
      });
      expect(res.body.code).toBe('expired_pin');
    });
  });
});
