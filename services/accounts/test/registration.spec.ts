import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { DEMO, type EventEnvelope, type UserRegistered } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import { oneTimeCodes, users } from '../src/db/schema.js';
import {
  PASSWORD,
  bootAccounts,
  call,
  freshIp,
  lastCode,
  outboxEvents,
  registerByEmail,
  uniqueEmail,
  uniquePhone,
  waitFor,
  type Booted,
} from './support.js';

describe('registration (spec 2 §3, §4, §5)', () => {
  let b: Booted;
  beforeAll(async () => {
    b = await bootAccounts();
  });
  afterAll(async () => {
    await b?.close();
  });

  it('registers by e-mail: spaces stripped, empty fields dropped, code and message answered, PIN sent', async () => {
    const email = uniqueEmail('Espacios');
    const spaced = ` ${email.slice(0, 4)} ${email.slice(4)} `.toUpperCase();
    const res = await call(
      b.app,
      'POST',
      '/auth/register',
      {
        full_name: 'Ana Prueba',
        username: spaced,
        password: PASSWORD,
        phone: '',
        campaign: '',
        referral: 'ref-123',
        click_id: 'click-9',
        landing_code: '',
      },
      { ip: freshIp(), headers: { 'accept-language': 'en-US,en;q=0.9' } },
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      code: expect.any(String),
      can_skip_pin: false,
      username: email.toLowerCase(),
      message: `We sent a PIN to your e-mail: ${email.toLowerCase()}`,
      type: 'email',
    });
    const pin = await lastCode(b, email.toLowerCase());
    expect(pin.code).toMatch(/^\d{6}$/);
    expect(pin.purpose).toBe('activation');
    expect(pin.locale).toBe('en');
    expect(Date.parse(pin.expiresAt) - b.clock.now().getTime()).toBe(5 * 60_000);
    expect(pin.activationUrl).toMatch(/^http:\/\/localhost:3000\/activate\/[A-Za-z0-9_-]{43}$/);

    const registered = (await outboxEvents<UserRegistered>(b, 'accounts.user.registered')).find(
      (e) => e.data.email === email.toLowerCase(),
    )!;
    // Affiliate parameters travel on the registered event; empty ones were dropped.
    expect(registered.data.affiliate).toEqual({ referral: 'ref-123', click_id: 'click-9' });
    expect(registered.data).toMatchObject({ channel: 'email', fullName: 'Ana Prueba', canSkipPin: false });
    expect(registered.key).toBe(registered.data.userId);
  });

  it('stores the PIN only as a keyed hash', async () => {
    const { email, pin } = await registerByEmail(b);
    const [user] = await b.db.select().from(users).where(eq(users.email, email));
    const rows = await b.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(pin.code);
    expect(rows[0].codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('registers by mobile phone: the message has the number after a colon', async () => {
    const phone = uniquePhone();
    const res = await call(
      b.app,
      'POST',
      '/auth/register',
      {
        full_name: 'Pablo Teléfono',
        phone: `(${phone.slice(0, 2)}) ${phone.slice(2, 6)}-${phone.slice(6)}`,
        country: 'MX',
        country_code: '+52',
        password: PASSWORD,
        response_type: 'sms_registration',
      },
      { ip: freshIp() },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: `+52${phone}`, type: 'phone', can_skip_pin: false });
    expect(res.body.message).toBe(`Te enviamos un PIN por SMS al número: +52 ${phone}`);
    const pin = await lastCode(b, `+52${phone}`);
    expect(pin.channel).toBe('phone');
  });

  it('answers not_eligible for a line whose country gets no SMS', async () => {
    const res = await call(
      b.app,
      'POST',
      '/auth/register',
      { full_name: 'Bruno', phone: uniquePhone(), country: 'BR', password: PASSWORD },
      { ip: freshIp() },
    );
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: 'not_eligible', message: expect.any(String) });
  });

  it('refuses malformed registrations with 400 and a code', async () => {
    const ip = freshIp();
    const cases: unknown[] = [
      { full_name: 'Sin Clave', email: uniqueEmail() },
      { full_name: 'Mal Correo', email: 'no-es-correo', password: PASSWORD },
      { full_name: 'Corta', email: uniqueEmail(), password: 'corta' },
      { full_name: 'Campo Raro', email: uniqueEmail(), password: PASSWORD, is_admin: true },
      { full_name: 'Teléfono Corto', phone: '12345', country: 'MX', password: PASSWORD },
      { full_name: 'Sin Contacto', password: PASSWORD },
      { full_name: 'Sin País', phone: uniquePhone(), password: PASSWORD },
      { full_name: 'Tipo Malo', email: uniqueEmail(), password: PASSWORD, type: 'fax' },
      { full_name: 'Link Ajeno', email: uniqueEmail(), password: PASSWORD, activation_url: 'javascript:alert(1)//__KEY__' },
      { full_name: 'Link Sin Llave', email: uniqueEmail(), password: PASSWORD, activation_url: 'https://vitrina.example/activate/' },
      'not json at all',
    ];
    for (const payload of cases) {
      const res = await call(b.app, 'POST', '/auth/register', payload, {
        ip,
        ...(typeof payload === 'string' ? { headers: { 'content-type': 'application/json' } } : {}),
      });
      expect({ payload, status: res.status }).toEqual({ payload, status: 400 });
      expect(res.body.code).toBe('validation_failed');
    }
  });

  it('answers existing_user for the contact data of an active account, and users/exist says so', async () => {
    const fresh = uniqueEmail();
    expect((await call(b.app, 'POST', '/auth/users/exist', { username: fresh })).body).toEqual({ exist: false });
    const { email, registration, pin, ip } = await registerByEmail(b, fresh);
    // A pending registration does not block the form: registering again takes it over.
    expect((await call(b.app, 'POST', '/auth/users/exist', { username: ` ${email.toUpperCase()} ` })).body).toEqual({ exist: false });
    await call(b.app, 'POST', '/auth/activate/pin', { pin: pin.code, code: registration.code }, { ip });
    expect((await call(b.app, 'POST', '/auth/users/exist', { username: email })).body).toEqual({ exist: true });
    const again = await call(b.app, 'POST', '/auth/register', { full_name: 'Otra', email, password: PASSWORD }, { ip: freshIp() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'existing_user', message: 'The user already exists' });
    expect((await call(b.app, 'POST', '/auth/users/exist', {})).status).toBe(400);
  });

  it('checks a phone number for users/exist with its country code', async () => {
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
    expect((await call(b.app, 'POST', '/auth/users/exist', { username: phone, country_code: '52' })).body).toEqual({ exist: true });
    expect((await call(b.app, 'POST', '/auth/users/exist', { username: `+52${phone}` })).body).toEqual({ exist: true });
    expect((await call(b.app, 'POST', '/auth/users/exist', { username: phone, country_code: '1' })).body).toEqual({ exist: false });
  });

  it('lets a new registration take over a pending one: new code, the old one no longer works', async () => {
    const first = await registerByEmail(b);
    b.clock.advance(31_000);
    const second = await registerByEmail(b, first.email, { full_name: 'Nombre Nuevo' });
    expect(second.registration.code).not.toBe(first.registration.code);
    const old = await call(b.app, 'POST', '/auth/activate/pin', { pin: first.pin.code, code: first.registration.code });
    expect(old.status).toBe(404);
    expect(old.body.code).toBe('user_does_not_exist');
    const ok = await call(b.app, 'POST', '/auth/activate/pin', { pin: second.pin.code, code: second.registration.code });
    expect(ok.status).toBe(200);
    const [user] = await b.db.select().from(users).where(eq(users.email, first.email));
    expect(user.fullName).toBe('Nombre Nuevo');
    // One account, one registered event.
    const registered = (await outboxEvents<UserRegistered>(b, 'accounts.user.registered')).filter((e) => e.data.email === first.email);
    expect(registered).toHaveLength(1);
  });

  describe("a shop's 'complete' and 'basic' sign-ups may skip the PIN", () => {
    it('grants can_skip_pin for a known shop only', async () => {
      const basic = await call(
        b.app,
        'POST',
        '/auth/register',
        { full_name: 'Básica', email: uniqueEmail(), password: PASSWORD, store: DEMO.shops.demo.slug, signup_form: 'basic' },
        { ip: freshIp() },
      );
      expect(basic.body.can_skip_pin).toBe(true);
      const complete = await call(
        b.app,
        'POST',
        '/auth/register',
        {
          full_name: 'Completa',
          phone: uniquePhone(),
          country: 'MX',
          password: PASSWORD,
          store: DEMO.shops.demo.slug,
          signup_form: 'complete',
        },
        { ip: freshIp() },
      );
      expect(complete.body).toMatchObject({ can_skip_pin: true, type: 'phone' });
      const unknownShop = await call(
        b.app,
        'POST',
        '/auth/register',
        { full_name: 'Sin Tienda', email: uniqueEmail(), password: PASSWORD, store: 'no-existe', signup_form: 'basic' },
        { ip: freshIp() },
      );
      expect(unknownShop.body.can_skip_pin).toBe(false);
      const noVariant = await call(
        b.app,
        'POST',
        '/auth/register',
        { full_name: 'Normal', email: uniqueEmail(), password: PASSWORD, store: DEMO.shops.demo.slug },
        { ip: freshIp() },
      );
      expect(noVariant.body.can_skip_pin).toBe(false);
    });

    it('activates without a PIN when allowed, with the registered password', async () => {
      const email = uniqueEmail();
      const reg = await call(
        b.app,
        'POST',
        '/auth/register',
        { full_name: 'Salta', email, password: PASSWORD, store: DEMO.shops.demo.slug, skip_pin: 'true' },
        { ip: freshIp() },
      );
      expect(reg.body.can_skip_pin).toBe(true);
      const wrongPassword = await call(b.app, 'POST', '/auth/activate/pin', { code: reg.body.code, password: 'otra-clave-1' });
      expect(wrongPassword.status).toBe(401);
      expect(wrongPassword.body.code).toBe('invalid_credentials');
      const ok = await call(b.app, 'POST', '/auth/activate/pin', { code: reg.body.code, password: PASSWORD });
      expect(ok.status).toBe(200);
      expect(ok.body.auth.type).toBe('SET_AUTH');
      const [activated] = (await outboxEvents<{ userId: string; method: string }>(b, 'accounts.user.activated')).filter(
        (e) => e.data.userId === ok.body.auth.payload.meID,
      );
      expect(activated.data.method).toBe('skip');
    });

    it('issues and sends no PIN when the sign-up skips it (no pin-issued event, no live code)', async () => {
      const email = uniqueEmail('salta');
      const phone = uniquePhone();
      const byEmail = await call(
        b.app,
        'POST',
        '/auth/register',
        { full_name: 'Sin PIN', email, password: PASSWORD, store: DEMO.shops.demo.slug, signup_form: 'basic' },
        { ip: freshIp(), headers: { 'accept-language': 'en' } },
      );
      const byPhone = await call(
        b.app,
        'POST',
        '/auth/register',
        { full_name: 'Sin PIN', phone, country: 'MX', password: PASSWORD, store: DEMO.shops.demo.slug, signup_form: 'complete' },
        { ip: freshIp() },
      );
      expect(byEmail.body).toMatchObject({ can_skip_pin: true, message: `Your registration is ready for: ${email}` });
      expect(byPhone.body).toMatchObject({ can_skip_pin: true, message: `Tu registro está listo para: +52 ${phone}` });
      const issued = await outboxEvents<{ destination: string }>(b, 'accounts.user.pin-issued');
      expect(issued.filter((e) => e.data.destination === email || e.data.destination === `+52${phone}`)).toEqual([]);
      const [user] = await b.db.select().from(users).where(eq(users.email, email));
      expect(await b.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id))).toEqual([]);
      // The registrant may still ask for a PIN, and then it is sent.
      const resend = await call(b.app, 'POST', '/auth/activate/pin/resend', { code: byEmail.body.code }, { ip: freshIp() });
      expect(resend.status).toBeLessThan(300);
      expect((await lastCode(b, email)).purpose).toBe('activation');
    });

    it('requires the PIN otherwise', async () => {
      const { registration } = await registerByEmail(b);
      const res = await call(b.app, 'POST', '/auth/activate/pin', { code: registration.code, password: PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    });

    it("learns new shops from store.shop events; the shop's own sign-up setting decides when the events carry it", async () => {
      const ownerId = newId();
      const shopId = newId();
      const slug = `tienda-${shopId.slice(-6)}`;
      const envelope = (type: string, extra: Record<string, unknown> = {}): EventEnvelope => ({
        id: newId(),
        type,
        version: 1,
        occurredAt: new Date().toISOString(),
        key: shopId,
        traceId: 'test',
        data: { shopId, ownerId, slug, storeType: 'affiliate', name: 'Tienda Nueva', ...extra },
      });
      const skip = async () =>
        (
          await call(
            b.app,
            'POST',
            '/auth/register',
            { full_name: 'Cliente', email: uniqueEmail(), password: PASSWORD, store: slug, signup_form: 'basic' },
            { ip: freshIp() },
          )
        ).body.can_skip_pin as boolean;
      await b.runtime.bus.publish('store.shop', [envelope('store.shop.created')]);
      await waitFor(async () => ((await skip()) ? true : undefined));
      // The shop turns its sign-up variant off: the registration's own signup_form no longer counts.
      await b.runtime.bus.publish('store.shop', [envelope('store.shop.updated', { signupForm: null })]);
      await waitFor(async () => ((await skip()) ? undefined : true));
      await b.runtime.bus.publish('store.shop', [envelope('store.shop.updated', { signupForm: 'complete' })]);
      await waitFor(async () => ((await skip()) ? true : undefined));
    });
  });
});
