import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { DEMO, type EventEnvelope, type UserFollowed, type UserLevelChanged } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import * as schema from '../src/db/schema.js';
import { activeUser, bootAccounts, call, freshIp, outboxEvents, waitFor, type Booted } from './support.js';

describe('profiles, heartbeat, follow, setup tour, menu (spec 2 §3, §4, §6, §7)', () => {
  let b: Booted;
  let alice: Awaited<ReturnType<typeof activeUser>>;
  let bob: Awaited<ReturnType<typeof activeUser>>;

  beforeAll(async () => {
    b = await bootAccounts();
    alice = await activeUser(b);
    bob = await activeUser(b);
  });
  afterAll(async () => {
    await b?.close();
  });

  const demoToken = async (email: string) =>
    (await call(b.app, 'POST', '/auth/login', { email, password: DEMO.password }, { ip: freshIp() })).body.access_token as string;

  describe('profile-admin', () => {
    it("returns the owner's profile with what the web derives the level and account type from", async () => {
      const res = await call(b.app, 'GET', `/profile-admin/${alice.id}:profile/${alice.id}`, undefined, { token: alice.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: alice.id,
        email: alice.email,
        full_name: 'Ana Prueba',
        name: 'Ana Prueba',
        store_id: null,
        store_slug: null,
        store_name: null,
        is_reseller: false,
        level: 0,
        keychain: [],
        account_type: 'affiliate',
        images: { url: null },
      });
      const owner = await demoToken(DEMO.users.demoOwner.email);
      const demo = await call(
        b.app,
        'GET',
        `/profile-admin/${DEMO.users.demoOwner.id}:${DEMO.users.demoOwner.id}/${DEMO.users.demoOwner.id}`,
        undefined,
        { token: owner },
      );
      expect(demo.body).toMatchObject({
        store_id: DEMO.shops.demo.id,
        store_slug: DEMO.shops.demo.slug,
        level: 2,
        account_type: 'affinity',
        main_type: 'affinity',
      });
      const supplier = await demoToken(DEMO.users.supplierA.email);
      const franchise = await call(b.app, 'GET', `/profile-admin/${DEMO.users.supplierA.id}:p/${DEMO.users.supplierA.id}`, undefined, {
        token: supplier,
      });
      expect(franchise.body).toMatchObject({ account_type: 'franchise', level: 2 });
      const entrepreneur = await demoToken(DEMO.users.entrepreneur.email);
      const e = await call(b.app, 'GET', `/profile-admin/${DEMO.users.entrepreneur.id}:p/${DEMO.users.entrepreneur.id}`, undefined, {
        token: entrepreneur,
      });
      expect(e.body).toMatchObject({ store_id: null, is_reseller: true, level: 1, account_type: 'affiliate' });
    });

    it("never lets user A read or change user B's admin profile (403, no data) nor anyone anonymous (401)", async () => {
      const read = await call(b.app, 'GET', `/profile-admin/${bob.id}:profile/${bob.id}`, undefined, { token: alice.token });
      expect(read.status).toBe(403);
      expect(read.body).toEqual({ code: 'forbidden', message: expect.any(String) });
      expect(JSON.stringify(read.body)).not.toContain(bob.email);
      const mixed = await call(b.app, 'GET', `/profile-admin/${alice.id}:profile/${bob.id}`, undefined, { token: alice.token });
      expect(mixed.status).toBe(403);
      expect(JSON.stringify(mixed.body)).not.toContain(bob.email);
      const write = await call(
        b.app,
        'PUT',
        `/profile-admin/${bob.id}:profile/${bob.id}`,
        { full_name: 'Hackeado' },
        { token: alice.token },
      );
      expect(write.status).toBe(403);
      const write2 = await call(
        b.app,
        'PUT',
        `/profile-admin/${alice.id}:profile/${bob.id}`,
        { full_name: 'Hackeado' },
        { token: alice.token },
      );
      expect(write2.status).toBe(403);
      const anonymous = await call(b.app, 'GET', `/profile-admin/${bob.id}:profile/${bob.id}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ code: 'unauthorized', message: expect.any(String) });
      // An id nobody holds answers like anyone else's: 403, so the answer never tells which ids exist.
      const nobody = newId();
      const ghost = await call(b.app, 'GET', `/profile-admin/${nobody}:profile/${nobody}`, undefined, { token: alice.token });
      expect(ghost.status).toBe(403);
      expect(ghost.body).toEqual({ code: 'forbidden', message: expect.any(String) });
      const forged = await call(b.app, 'GET', `/profile-admin/${bob.id}:profile/${bob.id}`, undefined, { token: `${alice.token}x` });
      expect(forged.status).toBe(401);
      const beat = await call(b.app, 'PATCH', `/profile-admin/${bob.id}:k/date/${bob.id}`, undefined, { token: alice.token });
      expect(beat.status).toBe(403);
      const bobNow = await call(b.app, 'GET', `/profile-admin/${bob.id}:profile/${bob.id}`, undefined, { token: bob.token });
      expect(bobNow.body.full_name).toBe('Ana Prueba');
      expect(bobNow.body.heartbeat).toBeNull();
    });

    it('changes only the non-empty fields and publishes profile-updated', async () => {
      const url = `/profile-admin/${alice.id}:profile/${alice.id}`;
      const res = await call(
        b.app,
        'PUT',
        url,
        { full_name: '', photo: 'https://cdn.example.com/gallery/a.png', bio: 'Hola' },
        { token: alice.token },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        full_name: 'Ana Prueba',
        photo: 'https://cdn.example.com/gallery/a.png',
        images: { url: 'https://cdn.example.com/gallery/a.png' },
        bio: 'Hola',
      });
      const renamed = await call(b.app, 'PUT', url, { full_name: 'Alicia Nueva', photo: '' }, { token: alice.token });
      expect(renamed.body).toMatchObject({ full_name: 'Alicia Nueva', photo: 'https://cdn.example.com/gallery/a.png' });
      const relative = await call(b.app, 'PUT', url, { photo: '/api/gallery/files/abc.png' }, { token: alice.token });
      expect(relative.body.photo).toBe('/api/gallery/files/abc.png');
      const events = (
        await outboxEvents<{ userId: string; name: string; photo: string | null }>(b, 'accounts.user.profile-updated')
      ).filter((e) => e.data.userId === alice.id);
      expect(events.map((e) => e.data.name)).toEqual(['Ana Prueba', 'Alicia Nueva', 'Alicia Nueva']);
    });

    it('refuses malformed updates with 400', async () => {
      const url = `/profile-admin/${alice.id}:profile/${alice.id}`;
      for (const body of [
        { photo: 'javascript:alert(1)' },
        { photo: '//evil.example/x.png' },
        { full_name: 'x'.repeat(121) },
        { email: 'x@y.z' },
        { locale: 'fr' },
      ]) {
        const res = await call(b.app, 'PUT', url, body, { token: alice.token });
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
        expect(res.body.code).toBe('validation_failed');
      }
    });

    it('follows the store.shop.created events: store_id, level 2, keychain; one level-changed event even when redelivered', async () => {
      const carol = await activeUser(b);
      const shopId = newId();
      const event: EventEnvelope = {
        id: newId(),
        type: 'store.shop.created',
        version: 1,
        occurredAt: new Date().toISOString(),
        key: shopId,
        traceId: 'test',
        data: { shopId, ownerId: carol.id, slug: `carol-${shopId.slice(-6)}`, storeType: 'affinity', name: 'Carol' },
      };
      await b.runtime.bus.publish('store.shop', [event]);
      await b.runtime.bus.publish('store.shop', [event]); // at-least-once delivery
      const profile = await waitFor(async () => {
        const res = await call(b.app, 'GET', `/profile-admin/${carol.id}:p/${carol.id}`, undefined, { token: carol.token });
        return res.body.store_id ? res.body : undefined;
      });
      expect(profile).toMatchObject({
        store_id: shopId,
        store_slug: `carol-${shopId.slice(-6)}`,
        store_name: 'Carol',
        level: 2,
        account_type: 'affinity',
        keychain: expect.arrayContaining(['orders-affinity', 'contact-admin']),
      });
      // spec 2 §2 'my shop': the profile follows the shop's address when the store renames it.
      await b.runtime.bus.publish('store.shop', [
        {
          ...event,
          id: newId(),
          type: 'store.shop.updated',
          data: { ...(event.data as object), slug: `carol-new-${shopId.slice(-6)}`, name: 'Carol Nueva' },
        },
      ]);
      const renamed = await waitFor(async () => {
        const res = await call(b.app, 'GET', `/profile-admin/${carol.id}:p/${carol.id}`, undefined, { token: carol.token });
        return res.body.store_slug === `carol-new-${shopId.slice(-6)}` ? res.body : undefined;
      });
      expect(renamed).toMatchObject({ store_id: shopId, store_name: 'Carol Nueva' });
      // PUT answers the same profile.
      const put = await call(b.app, 'PUT', `/profile-admin/${carol.id}:p/${carol.id}`, { bio: 'hola' }, { token: carol.token });
      expect(put.body).toMatchObject({ store_slug: `carol-new-${shopId.slice(-6)}`, store_name: 'Carol Nueva' });
      await new Promise((r) => setTimeout(r, 300));
      const changed = (await outboxEvents<UserLevelChanged>(b, 'accounts.user.level-changed')).filter((e) => e.data.userId === carol.id);
      expect(changed).toHaveLength(1);
      expect(changed[0].data).toMatchObject({ level: 2, previousLevel: 0, storeId: shopId });
      // The next token carries the new level.
      const refreshed = await call(b.app, 'POST', '/auth/refresh', undefined, { cookie: `refresh_token=${carol.refresh}` });
      expect((await b.runtime.verifier.verify(refreshed.body.access_token)).level).toBe(2);
    });
  });

  describe('heartbeat', () => {
    it('is online within 5 minutes of the last beat', async () => {
      const dave = await activeUser(b);
      const get = () => call(b.app, 'GET', `/profile-admin/${dave.id}:k/date`, undefined, { token: dave.token });
      expect((await get()).body).toEqual({ date: null, online: false });
      const beat = await call(b.app, 'PATCH', `/profile-admin/${dave.id}:k/date/${dave.id}`, undefined, { token: dave.token });
      expect(beat.status).toBe(200);
      expect(beat.body).toEqual({ date: b.clock.now().toISOString(), online: true });
      b.clock.advance(5 * 60_000);
      expect((await get()).body.online).toBe(true);
      expect((await call(b.app, 'GET', `/profile-public/${dave.id}:x/${dave.id}`)).body.online).toBe(true);
      b.clock.advance(1_000);
      expect((await get()).body.online).toBe(false);
      expect((await call(b.app, 'GET', `/profile-public/${dave.id}:x/${dave.id}`)).body).toMatchObject({
        online: false,
        heartbeat: beat.body.date,
      });
    });
  });

  describe('profile-public and profile-list-public', () => {
    it('shows a public profile by id, without contact data', async () => {
      const res = await call(b.app, 'GET', `/profile-public/${bob.id}:public/${bob.id}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['heartbeat', 'id', 'images', 'main_type', 'name', 'online', 'slug', 'updated_at']);
      expect(JSON.stringify(res.body)).not.toContain(bob.email);
      expect((await call(b.app, 'GET', `/profile-public/${bob.id}:public/${alice.id}`)).status).toBe(400);
      const unknown = newId();
      const missing = await call(b.app, 'GET', `/profile-public/${unknown}:public/${unknown}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ code: 'not_found', message: expect.any(String) });
    });

    it('lists profiles by a comma-joined id list with limit', async () => {
      const unknown = newId();
      const res = await call(b.app, 'GET', `/profile-public/${bob.id},${unknown},${alice.id},${bob.id}`);
      expect(res.status).toBe(200);
      expect(res.body.results.map((p: { id: string }) => p.id)).toEqual([bob.id, alice.id]);
      expect(res.body.matches_estimated).toBe(2);
      const limited = await call(b.app, 'GET', `/profile-public/${bob.id},${alice.id}`, undefined, { query: { limit: '1' } });
      expect(limited.body.results).toHaveLength(1);
      expect((await call(b.app, 'GET', '/profile-public/not-an-id,other')).status).toBe(400);
      expect((await call(b.app, 'GET', `/profile-public/${bob.id}`, undefined, { query: { limit: '0' } })).status).toBe(400);
    });

    it('lists public profiles with a name filter, offset and limit', async () => {
      const res = await call(b.app, 'GET', '/profile-list-public', undefined, { query: { filter: 'demo', limit: '5' } });
      expect(res.status).toBe(200);
      expect(res.body.results.map((p: { name: string }) => p.name)).toContain(DEMO.users.demoOwner.name);
      expect(res.body.matches_estimated).toBeGreaterThanOrEqual(1);
      const all = await call(b.app, 'GET', '/profile-list-public', undefined, { query: { sort: 'name', limit: '2', offset: '1' } });
      expect(all.body.results).toHaveLength(2);
      expect((await call(b.app, 'GET', '/profile-list-public', undefined, { query: { sort: 'email' } })).status).toBe(400);
      expect((await call(b.app, 'GET', '/profile-list-public', undefined, { query: { limit: '1000' } })).status).toBe(400);
    });
  });

  describe('subscription-public (follow)', () => {
    const path = (me: string, other: string) => `/subscription-public/${me}/subscribe/${other}`;

    it('follows and unfollows', async () => {
      const put = await call(b.app, 'PUT', path(alice.id, bob.id), undefined, { token: alice.token });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ state_follow: 'following' });
      expect((await call(b.app, 'PUT', path(alice.id, bob.id), undefined, { token: alice.token })).body).toEqual({
        state_follow: 'following',
      });
      expect((await call(b.app, 'GET', path(alice.id, bob.id), undefined, { token: alice.token })).body).toEqual({
        state_follow: 'following',
      });
      const del = await call(b.app, 'DELETE', path(alice.id, bob.id), undefined, { token: alice.token });
      expect(del.body).toEqual({ state_follow: 'not_following' });
      expect((await call(b.app, 'GET', path(alice.id, bob.id), undefined, { token: alice.token })).body).toEqual({
        state_follow: 'not_following',
      });
    });

    it('refuses following oneself, unknown users, acting for someone else, and anonymous calls', async () => {
      const self = await call(b.app, 'PUT', path(alice.id, alice.id), undefined, { token: alice.token });
      expect(self.status).toBe(400);
      expect(self.body.code).toBe('cannot_follow_self');
      expect((await call(b.app, 'PUT', path(alice.id, newId()), undefined, { token: alice.token })).status).toBe(404);
      expect((await call(b.app, 'PUT', path(alice.id, 'nope'), undefined, { token: alice.token })).status).toBe(400);
      expect((await call(b.app, 'PUT', path(bob.id, alice.id), undefined, { token: alice.token })).status).toBe(403);
      expect((await call(b.app, 'PUT', path(alice.id, bob.id))).status).toBe(401);
    });

    it('publishes accounts.user.followed once per new follow: a second PUT, or a refused one, publishes nothing', async () => {
      const carol = await activeUser(b);
      const dave = await activeUser(b);
      const followsOf = async () =>
        (await outboxEvents<UserFollowed>(b, 'accounts.user.followed')).filter((e) => e.data.followedId === dave.id);
      expect((await call(b.app, 'PUT', path(carol.id, dave.id), undefined, { token: carol.token })).status).toBe(200);
      expect((await call(b.app, 'PUT', path(carol.id, dave.id), undefined, { token: carol.token })).status).toBe(200);
      expect((await call(b.app, 'PUT', path(dave.id, dave.id), undefined, { token: dave.token })).status).toBe(400);
      const events = await followsOf();
      expect(events).toHaveLength(1);
      const [me] = await b.db.select({ fullName: schema.users.fullName }).from(schema.users).where(eq(schema.users.id, carol.id));
      expect(events[0]).toMatchObject({
        type: 'accounts.user.followed',
        key: dave.id,
        actorId: carol.id,
        data: { followerId: carol.id, followedId: dave.id, followerName: me.fullName },
      });
      // unfollowing publishes nothing; following again writes a new follow, so it is news again
      await call(b.app, 'DELETE', path(carol.id, dave.id), undefined, { token: carol.token });
      expect(await followsOf()).toHaveLength(1);
      await call(b.app, 'PUT', path(carol.id, dave.id), undefined, { token: carol.token });
      expect(await followsOf()).toHaveLength(2);
    });
  });

  describe('setup-apps (tour)', () => {
    it('shows the tour until turned off, per app and per user', async () => {
      const url = `/setup-apps/${alice.id}:store/${alice.id}`;
      expect((await call(b.app, 'GET', url, undefined, { token: alice.token })).body).toEqual({ app: 'store', show_tour: true });
      expect((await call(b.app, 'PATCH', url, { show_tour: false }, { token: alice.token })).body).toEqual({
        app: 'store',
        show_tour: false,
      });
      expect((await call(b.app, 'GET', url, undefined, { token: alice.token })).body.show_tour).toBe(false);
      expect(
        (await call(b.app, 'GET', `/setup-apps/${alice.id}:referral/${alice.id}`, undefined, { token: alice.token })).body.show_tour,
      ).toBe(true);
      expect((await call(b.app, 'PATCH', url, { show_tour: true }, { token: alice.token })).body.show_tour).toBe(true);
      expect((await call(b.app, 'GET', `/setup-apps/${alice.id}:store/${alice.id}`, undefined, { token: bob.token })).status).toBe(403);
      expect((await call(b.app, 'PATCH', url, { show_tour: 'maybe' }, { token: alice.token })).status).toBe(400);
      expect((await call(b.app, 'PATCH', url, {}, { token: alice.token })).status).toBe(400);
    });
  });

  describe('graph menu', () => {
    it('is only for the signed-in owner', async () => {
      expect((await call(b.app, 'GET', `/graph/${alice.id}:${alice.id}/menu`)).status).toBe(401);
      expect((await call(b.app, 'GET', `/graph/${alice.id}:${alice.id}/menu/apps`, undefined, { token: bob.token })).status).toBe(403);
      expect((await call(b.app, 'GET', `/graph/${alice.id}:${bob.id}/menu/apps`, undefined, { token: alice.token })).status).toBe(403);
    });

    it('answers the apps menu by default, with es/en/es-AR labels, icon, colour, path, submenu and app module', async () => {
      const res = await call(b.app, 'GET', `/graph/${alice.id}:${alice.id}/menu`, undefined, { token: alice.token });
      expect(res.status).toBe(200);
      expect(res.body.name).toBe('apps');
      for (const entry of res.body.results) {
        expect(entry).toEqual({
          label: { es: expect.any(String), en: expect.any(String), 'es-AR': expect.any(String) },
          icon: expect.any(String),
          icon_color: expect.stringMatching(/^#[0-9A-F]{6}$/i),
          path: expect.stringMatching(/^\//),
          submenu: expect.any(Array),
          app_module: expect.any(String),
        });
      }
      const modules = res.body.results.map((e: { app_module: string }) => e.app_module);
      expect(modules).not.toContain('store');
      const owner = await demoToken(DEMO.users.demoOwner.email);
      const ownerMenu = await call(b.app, 'GET', `/graph/${DEMO.users.demoOwner.id}:${DEMO.users.demoOwner.id}/menu/apps`, undefined, {
        token: owner,
      });
      const store = ownerMenu.body.results.find((e: { app_module: string }) => e.app_module === 'store');
      expect(store.label).toEqual({ es: 'Mi tienda', en: 'My shop', 'es-AR': 'Mi tienda' });
      expect(store.submenu.length).toBeGreaterThan(0);
      expect(ownerMenu.body.results.map((e: { app_module: string }) => e.app_module)).toEqual(
        expect.arrayContaining(['affinity-group', 'referral', 'crm']),
      );
      expect(
        (await call(b.app, 'GET', `/graph/${alice.id}:${alice.id}/menu/me`, undefined, { token: alice.token })).body.results.length,
      ).toBeGreaterThan(0);
      expect((await call(b.app, 'GET', `/graph/${alice.id}:${alice.id}/menu/nope`, undefined, { token: alice.token })).status).toBe(404);
    });
  });
});
