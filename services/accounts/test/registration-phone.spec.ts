import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.js';
import { PASSWORD, bootAccounts, call, freshIp, lastCode, type Booted } from './support.js';

/** `count` digits unlikely to repeat across runs sharing a database (time, randomness, a counter). */
let seq = 0;
function uniqueDigits(count: number): string {
  seq++;
  const raw = `${Date.now() % 1e5}${Math.floor(Math.random() * 1e5)}${seq}`.padStart(count, '0');
  return raw.slice(-count);
}

describe('registration by phone: a mobile of its country, stored in E.164 (spec 2 §3, §5; issue 10 §3)', () => {
  let b: Booted;
  beforeAll(async () => {
    b = await bootAccounts();
  });
  afterAll(async () => {
    await b?.close();
  });

  const register = (payload: Record<string, unknown>) =>
    call(b.app, 'POST', '/auth/register', { full_name: 'Móvil', password: PASSWORD, ...payload }, { ip: freshIp() });

  it('registers a Spanish 9-digit mobile and sends the PIN to its E.164 number', async () => {
    const phone = `6${uniqueDigits(8)}`;
    const res = await register({ phone, country: 'ES', country_code: '34' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: `+34${phone}`, type: 'phone' });
    expect(res.body.message).toBe(`Te enviamos un PIN por SMS al número: +34 ${phone}`);
    expect((await lastCode(b, `+34${phone}`)).channel).toBe('phone');
    const [user] = await b.db
      .select()
      .from(users)
      .where(eq(users.phone, `+34${phone}`));
    expect(user).toMatchObject({ phoneNational: phone, country: 'ES', countryCode: '34' });
  });

  it('registers a Peruvian 9-digit mobile (country alone names the calling code)', async () => {
    const phone = `9${uniqueDigits(8)}`;
    const res = await register({ phone, country: 'PE' });
    expect(res.status).toBe(201);
    expect(res.body.username).toBe(`+51${phone}`);
  });

  it('still registers a Mexican 10-digit number, formatting stripped', async () => {
    const phone = `55${uniqueDigits(8)}`;
    const res = await register({
      phone: `(${phone.slice(0, 2)}) ${phone.slice(2, 6)}-${phone.slice(6)}`,
      country: 'MX',
      country_code: '52',
    });
    expect(res.status).toBe(201);
    expect(res.body.username).toBe(`+52${phone}`);
  });

  it('reads an Argentine mobile with or without its 9 as the same line (+54 9 ...)', async () => {
    const local = `114${uniqueDigits(7)}`; // 11 9xxx xxxx is no Buenos Aires number: random digits made this flaky
    const without = await register({ phone: local, country: 'AR', country_code: '54' });
    expect(without.status).toBe(201);
    expect(without.body.username).toBe(`+549${local}`);
    // Registering again with the 9 is the same pending account (taken over), not a second one.
    b.clock.advance(31_000);
    const withNine = await register({ phone: `9${local}`, country: 'AR', country_code: '54' });
    expect(withNine.status).toBe(201);
    expect(withNine.body.username).toBe(`+549${local}`);
    const rows = await b.db
      .select()
      .from(users)
      .where(eq(users.phone, `+549${local}`));
    expect(rows).toHaveLength(1);
    expect(rows[0].phoneNational).toBe(`9${local}`);
  });

  it('finds an account stored before normalisation (+54 without the 9) when the same line registers again', async () => {
    const local = `114${uniqueDigits(7)}`; // 11 9xxx xxxx is no Buenos Aires number: random digits made this flaky
    const first = await register({ phone: local, country: 'AR' });
    expect(first.status).toBe(201);
    // As accounts stored Argentine numbers before: the typed digits after +54.
    await b.db
      .update(users)
      .set({ phone: `+54${local}`, phoneNational: local })
      .where(eq(users.phone, `+549${local}`));
    b.clock.advance(31_000);
    const again = await register({ phone: local, country: 'AR' });
    expect(again.status).toBe(201);
    const rows = await b.db
      .select()
      .from(users)
      .where(eq(users.phoneNational, `9${local}`));
    expect(rows).toHaveLength(1);
    expect(
      await b.db
        .select()
        .from(users)
        .where(eq(users.phone, `+54${local}`)),
    ).toHaveLength(0);
  });

  it('refuses what is no mobile of the country with the usual invalid-number answer', async () => {
    const cases: Array<Record<string, unknown>> = [
      { phone: `91${uniqueDigits(7)}`, country: 'ES', country_code: '34' }, // a Madrid landline
      { phone: `6${uniqueDigits(7)}`, country: 'ES' }, // 8 digits
      { phone: `55${uniqueDigits(8)}1`, country: 'MX' }, // 11 digits
      { phone: `55${uniqueDigits(8)}`, country: 'MX', country_code: '1' }, // a calling code that is not Mexico's
      { phone: `6${uniqueDigits(8)}12`, country: 'ES' }, // 11 digits: past the 10-digit cap of spec 2 §5
    ];
    for (const payload of cases) {
      const res = await register(payload);
      expect({ payload, status: res.status, code: res.body.code }).toEqual({ payload, status: 400, code: 'validation_failed' });
      expect(JSON.stringify(res.body)).toContain('invalid number');
    }
  });
});
