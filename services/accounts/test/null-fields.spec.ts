import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { activeUser, bootAccounts, call, freshIp, PASSWORD, uniqueEmail, type Answer, type Booted } from './support.js';

/**
 * issue 9 item 2: an explicit null in an optional field is decided in the DTO. In accounts the spec gives null
 * one meaning: an empty field, dropped (spec 2 §3 "Empty fields are dropped"). So null in any optional field
 * answers exactly what leaving the field out answers, never a 500.
 */
type Payload = Record<string, unknown>;

const REGISTRATION_FIELDS = [
  'username',
  'email',
  'phone',
  'country',
  'country_code',
  'response_type',
  'type',
  'microsite',
  'store',
  'signup_form',
  'auto_affinity',
  'skip_pin',
  'terms',
  'alias_domain',
  'redirect_uri',
  'client_id',
  'scope',
  'referral',
  'campaign',
  'click_id',
  'package_code',
  'referral_id',
  'landing_code',
  'pixel',
  'activation_url',
  'locale',
];

describe('null in optional accounts fields means "not sent"', () => {
  let b: Booted;
  let alice: Awaited<ReturnType<typeof activeUser>>;

  beforeAll(async () => {
    b = await bootAccounts({ env: { SEED_DEMO: 'false' } });
    alice = await activeUser(b);
  });
  afterAll(async () => {
    await b?.close();
  });

  const post = (url: string, payload: Payload): Promise<Answer> => call(b.app, 'POST', url, payload, { ip: freshIp() });
  const without = (payload: Payload, field: string): Payload => Object.fromEntries(Object.entries(payload).filter(([k]) => k !== field));
  const shape = (a: Answer) => ({
    status: a.status,
    code: a.status >= 400 ? a.body?.code : undefined,
    message: a.status >= 400 ? typeof a.body?.message : undefined,
  });

  const tables: Array<[string, () => Payload, string[]]> = [
    ['/auth/users/exist', () => ({ username: alice.email }), ['username', 'phone', 'country', 'country_code']],
    ['/auth/register', () => ({ full_name: 'Nula Prueba', email: uniqueEmail('null'), password: PASSWORD }), REGISTRATION_FIELDS],
    [
      '/auth/login',
      () => ({ email: alice.email, password: PASSWORD }),
      ['username', 'email', 'phone', 'country', 'country_code', 'locale'],
    ],
    // unknown accounts get the same answer as known ones; fresh ones keep per-account limits out of the comparison
    [
      '/auth/password/reset',
      () => ({ email: uniqueEmail('reset') }),
      ['username', 'email', 'phone', 'country', 'country_code', 'type', 'locale'],
    ],
    ['/auth/password/reset/confirm', () => ({ code: 'no-such-request', pin: '123456', password: PASSWORD }), ['locale']],
    [
      '/auth/activate/pin',
      () => ({ code: 'no-such-registration', pin: '123456' }),
      ['pin', 'code', ...REGISTRATION_FIELDS, 'password', 'full_name'],
    ],
    [
      '/auth/activate/pin/resend',
      () => ({ code: 'no-such-registration' }),
      ['type', 'email', 'username', 'phone', 'country', 'country_code', 'locale', 'activation_url'],
    ],
    ['/auth/activate/resend', () => ({ username: uniqueEmail('resend') }), ['activation_url', 'country_code', 'locale']],
  ];

  for (const [url, base, fields] of tables) {
    it(`${url}: null in each optional field answers like the field left out`, async () => {
      for (const field of fields) {
        const absent = await post(url, without(base(), field));
        const nulled = await post(url, { ...without(base(), field), [field]: null });
        expect({ field, ...shape(nulled) }).toEqual({ field, ...shape(absent) });
        expect(nulled.status).toBeLessThan(500);
      }
    });
  }

  it('PUT profile-admin: null fields are dropped and change nothing', async () => {
    const url = `/profile-admin/${alice.id}:profile/${alice.id}`;
    const before = await call(b.app, 'GET', url, undefined, { token: alice.token });
    expect(before.status).toBe(200);
    for (const field of ['full_name', 'name', 'photo', 'bio', 'locale']) {
      const res = await call(b.app, 'PUT', url, { [field]: null }, { token: alice.token });
      expect({ field, status: res.status }).toEqual({ field, status: 200 });
    }
    const after = await call(b.app, 'GET', url, undefined, { token: alice.token });
    const { updated_at: _a, ...was } = before.body;
    const { updated_at: _b, ...is } = after.body;
    expect(is).toEqual(was);
  });
});
