import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { newId } from '@vitrina/platform';
import * as schema from '../src/db/schema.js';
import { activeUser, bootAccounts, call, type Booted } from './support.js';

type User = Awaited<ReturnType<typeof activeUser>>;

describe('collaborators API (spec 3 §7, issue 16)', () => {
  let b: Booted;
  let owner: User;
  let other: User;
  let ana: User;
  let beto: User;
  let shopId: string;
  const url = (u: { id: string }, rest = '') => `/accounts/${u.id}:${u.id}/collaborators${rest}`;
  const as = (u: User) => ({ token: u.token });

  /** The user owns a shop, as the store.shop events would have told accounts. */
  async function giveShop(u: User, slug: string): Promise<string> {
    const id = newId();
    const now = new Date();
    await b.db.insert(schema.shops).values({ id, ownerId: u.id, slug, storeType: 'store', name: `Tienda ${slug}`, updatedAt: now });
    await b.db.update(schema.users).set({ storeId: id }).where(eq(schema.users.id, u.id));
    return id;
  }

  beforeAll(async () => {
    b = await bootAccounts();
    [owner, other, ana, beto] = [await activeUser(b), await activeUser(b), await activeUser(b), await activeUser(b)];
    shopId = await giveShop(owner, `col-${Date.now()}`);
    await giveShop(other, `col2-${Date.now()}`);
  });
  afterAll(async () => b?.close());

  it('adds by sign-in username, lists newest first with paging, changes role, refreshes and deletes', async () => {
    const first = await call(b.app, 'POST', url(owner), { username: ana.email.toUpperCase(), role: 'dispatcher' }, as(owner));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ user_id: ana.id, username: ana.email, role: 'dispatcher', photo: null });
    b.clock.advance(1000);
    const second = await call(b.app, 'POST', url(owner), { username: beto.email, role: 'admin' }, as(owner));
    expect(second.status).toBe(201);

    const page = await call(b.app, 'GET', url(owner), undefined, { ...as(owner), query: { limit: '1' } });
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ results: [second.body], matches_estimated: 2 });
    const page2 = await call(b.app, 'GET', url(owner), undefined, { ...as(owner), query: { offset: '1', limit: '1' } });
    expect(page2.body.results).toEqual([first.body]);
    expect((await call(b.app, 'GET', url(owner), undefined, { ...as(owner), query: { limit: '51' } })).status).toBe(400);

    const patched = await call(b.app, 'PATCH', url(owner, `/${first.body.id}`), { role: 'qrreader' }, as(owner));
    expect(patched.status).toBe(200);
    expect(patched.body.role).toBe('qrreader');

    await b.db
      .update(schema.users)
      .set({ fullName: 'Ana Renombrada', photo: 'https://img.example/ana.png' })
      .where(eq(schema.users.id, ana.id));
    const refreshed = await call(b.app, 'PUT', url(owner, `/${first.body.id}/refresh`), undefined, as(owner));
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ name: 'Ana Renombrada', photo: 'https://img.example/ana.png', role: 'qrreader' });

    const profiles = await call(b.app, 'GET', url(ana, '/profiles'), undefined, as(ana));
    expect(profiles.status).toBe(200);
    expect(profiles.body.matches_estimated).toBe(1);
    expect(profiles.body.results[0]).toMatchObject({ shop_id: shopId, role: 'qrreader' });
    expect(profiles.body.results[0].url).toBe(`/tienda/${profiles.body.results[0].slug}/`);

    expect((await call(b.app, 'DELETE', url(owner, `/${first.body.id}`), undefined, as(owner))).status).toBe(204);
    expect((await call(b.app, 'DELETE', url(owner, `/${first.body.id}`), undefined, as(owner))).body.code).toBe('collaborator_not_found');
    expect((await call(b.app, 'GET', url(ana, '/profiles'), undefined, as(ana))).body).toEqual({ results: [], matches_estimated: 0 });
  });

  it('refuses: unknown user, duplicate, self, no shop, bad body, another shop, another meID', async () => {
    const unknown = await call(b.app, 'POST', url(owner), { username: 'nadie@ejemplo.mx', role: 'admin' }, as(owner));
    expect([unknown.status, unknown.body.code]).toEqual([404, 'user_not_found']);
    const dup = await call(b.app, 'POST', url(owner), { username: beto.email, role: 'accountant' }, as(owner));
    expect([dup.status, dup.body.code]).toEqual([409, 'collaborator_exists']);
    const self = await call(b.app, 'POST', url(owner), { username: owner.email, role: 'admin' }, as(owner));
    expect([self.status, self.body.code]).toEqual([400, 'collaborator_is_owner']);
    const noShop = await call(b.app, 'GET', url(ana), undefined, as(ana));
    expect([noShop.status, noShop.body.code]).toEqual([403, 'shop_required']);
    for (const bad of [{ username: beto.email, role: 'boss' }, { username: 'ab', role: 'admin' }, { role: 'admin' }]) {
      const r = await call(b.app, 'POST', url(owner), bad, as(owner));
      expect(r.status).toBe(400);
      expect(r.body.code).toBeDefined();
    }
    const mine = (await call(b.app, 'GET', url(owner), undefined, as(owner))).body.results[0];
    for (const [m, rest, body] of [
      ['PATCH', `/${mine.id}`, { role: 'admin' }],
      ['DELETE', `/${mine.id}`, undefined],
      ['PUT', `/${mine.id}/refresh`, undefined],
    ] as const) {
      const r = await call(b.app, m, url(other, rest), body, as(other));
      expect([r.status, r.body.code]).toEqual([404, 'collaborator_not_found']);
    }
    expect((await call(b.app, 'GET', url(owner), undefined, as(other))).status).toBe(403);
    expect((await call(b.app, 'POST', url(owner), { username: ana.email, role: 'admin' }, as(other))).status).toBe(403);
    const still = await call(b.app, 'GET', url(owner), undefined, as(owner));
    expect(still.body.results.find((c: { id: string }) => c.id === mine.id)).toMatchObject({ role: mine.role });
  });

  it('concurrent invitations of the same user leave one row', async () => {
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => call(b.app, 'POST', url(owner), { username: ana.email, role: 'admin' }, as(owner))),
    );
    expect(answers.map((a) => a.status).sort((x, y) => x - y)).toEqual([201, 409, 409, 409]);
    const rows = await b.db.select().from(schema.collaborators).where(eq(schema.collaborators.userId, ana.id));
    expect(rows).toHaveLength(1);
  });

  it('the access token carries the collaborations (col claim): a role change and a removal reach the next refresh', async () => {
    const carla = await activeUser(b);
    const claims = async (refresh: string) => {
      const res = await call(b.app, 'POST', '/auth/refresh', undefined, { cookie: `refresh_token=${refresh}` });
      expect(res.status).toBe(200);
      // the answer's body says what the token says (the web shows a collaborator the tools of their role)
      expect(res.body.collaborations).toEqual((await b.runtime.verifier.verify(res.body.access_token)).collaborations);
      return { user: await b.runtime.verifier.verify(res.body.access_token), refresh: res.cookies['refresh_token'] };
    };
    let now = await claims(carla.refresh);
    expect(now.user.collaborations).toBeUndefined();

    const added = await call(b.app, 'POST', url(owner), { username: carla.email, role: 'dispatcher' }, as(owner));
    expect(added.status).toBe(201);
    await call(b.app, 'POST', url(other), { username: carla.email, role: 'qrreader' }, as(other));
    now = await claims(now.refresh);
    expect(now.user.collaborations).toEqual({ [owner.id]: 'dispatcher', [other.id]: 'qrreader' });

    await call(b.app, 'PATCH', url(owner, `/${added.body.id}`), { role: 'accountant' }, as(owner));
    now = await claims(now.refresh);
    expect(now.user.collaborations).toEqual({ [owner.id]: 'accountant', [other.id]: 'qrreader' });

    expect((await call(b.app, 'DELETE', url(owner, `/${added.body.id}`), undefined, as(owner))).status).toBe(204);
    now = await claims(now.refresh);
    expect(now.user.collaborations).toEqual({ [other.id]: 'qrreader' });
  });
});
