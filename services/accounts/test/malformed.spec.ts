import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bootAccounts, call, freshIp, type Booted } from './support.js';

describe('malformed requests never crash', () => {
  let b: Booted;
  beforeAll(async () => {
    b = await bootAccounts({ env: { SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    await b?.close();
  });

  const id = '01930000-0000-7000-8000-000000000099';
  const posts = [
    '/auth/register',
    '/auth/users/exist',
    '/auth/activate/pin',
    '/auth/activate/pin/resend',
    '/auth/activate/resend',
    '/auth/password/reset',
    '/auth/password/reset/confirm',
    '/auth/login',
  ];
  const bodies: unknown[] = [
    [],
    [{}],
    'text',
    123,
    true,
    { password: 123, full_name: {}, email: ['a@b.c'] },
    { username: { $ne: 1 } },
    { pin: [1, 2], code: { a: 1 } },
    { username: 'x'.repeat(100_000) },
    { email: 'a@b.c', password: 'x'.repeat(10_000), full_name: 'X' },
  ];

  it('answers 4xx with { code, message } to odd bodies on every write', async () => {
    for (const url of posts) {
      for (const body of bodies) {
        const res = await call(b.app, 'POST', url, body, { ip: freshIp(), headers: { 'content-type': 'application/json' } });
        expect({ url, body: JSON.stringify(body).slice(0, 60), status: res.status < 500 && res.status >= 400 }).toEqual({
          url,
          body: JSON.stringify(body).slice(0, 60),
          status: true,
        });
        expect(typeof res.body.code).toBe('string');
      }
    }
    for (const [method, url] of [
      ['GET', `/profile-public/${'a,'.repeat(500)}`],
      ['GET', `/profile-public/::/x`],
      ['GET', `/profile-admin/${id}:${id}:${id}/${id}`],
      ['GET', '/graph/%00/menu'],
      ['GET', '/auth/activate/%F0%9F%92%A9'],
      ['PUT', `/subscription-public/${id}/subscribe/${id}`],
    ] as const) {
      const res = await call(b.app, method, url);
      expect({ url, ok: res.status >= 400 && res.status < 500 }).toEqual({ url, ok: true });
    }
  });
});
