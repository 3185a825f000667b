import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { DEMO, StoreLimits } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import { json } from './helpers.js';
import { startWorld, type World } from './world.js';

const { users, shops } = DEMO;
const admin = (ownerId: string) => `/store/${ownerId}:${ownerId}/affiliate/store/franchises`;

/** spec 1 §6 'Admin sees the admin franchise list; others see the public list' (/franquicias). */
describe("a shop's franchises by its slug", () => {
  let w: World;
  let demoAuth: string;
  /** Franchise shops created for these tests, in the order the demo shop adds them. */
  const extra: Array<{ id: string; slug: string; name: string }> = [];
  const execute = (query: ReturnType<typeof sql>) => w.tdb.database.drizzle({}).execute(query);
  const slugsOf = (body: { results: Array<{ slug: string }> }) => body.results.map((f) => f.slug);

  async function franchiseShop(n: number, name: string) {
    const shop = { id: newId(), slug: `franquicia-${n}`, name };
    await execute(sql`
      insert into store.shops (id, slug, owner_id, name, store_type, state, search_name, permissions)
      values (${shop.id}, ${shop.slug}, ${newId()}, ${name}, 'franchise', 'published', ${name.toLowerCase()}, '{admin}')`);
    return shop;
  }

  beforeAll(async () => {
    w = await startWorld({ seed: true });
    demoAuth = await w.token(users.demoOwner.id, 2);
    // 31 more franchises in the demo shop: 32 with the seeded franquicia-sol, one page of 30 and a second of 2.
    for (let n = 1; n <= 31; n++) {
      const shop = await franchiseShop(n, `Franquicia ${String(n).padStart(2, '0')}`);
      const added = await json(w.store, 'PUT', `${admin(users.demoOwner.id)}/${shop.id}`, { auth: demoAuth });
      expect(added.status).toBe(200);
      extra.push(shop);
    }
  });
  afterAll(async () => {
    await w?.close();
  });

  it('lists the published franchises the shop shows, in the order they were added, 30 a page', async () => {
    const first = await json(w.store, 'GET', `/store/shops/by-slug/${shops.demo.slug}/franchises`);
    expect(first.status).toBe(200);
    expect(first.body.matches_estimated).toBe(32);
    expect(first.body.results).toHaveLength(StoreLimits.franchisesPageSize);
    expect(first.body.results[0]).toMatchObject({
      id: shops.franchise.id,
      name: 'Franquicia Artesanías del Sol',
      slug: shops.franchise.slug,
      store_type: 'franchise',
      in_store: true,
    });
    expect(Object.keys(first.body.results[0]).sort()).toEqual(['canonical_url', 'id', 'in_store', 'name', 'photo', 'slug', 'store_type']);
    const second = await json(w.store, 'GET', `/store/shops/by-slug/${shops.demo.slug}/franchises?offset=30`);
    expect(slugsOf(second.body)).toEqual([extra[29].slug, extra[30].slug]);
    const window = await json(w.store, 'GET', `/store/shops/by-slug/${shops.demo.slug}/franchises?offset=5&limit=3`);
    expect(slugsOf(window.body)).toEqual([extra[4].slug, extra[5].slug, extra[6].slug]);
    expect(window.body.matches_estimated).toBe(32);
  });

  it('filters by part of the name, accents and case ignored', async () => {
    const sol = await json(w.store, 'GET', `/store/shops/by-slug/${shops.demo.slug}/franchises?text=ARTESANIAS`);
    expect(sol.body).toEqual({ results: [expect.objectContaining({ slug: shops.franchise.slug })], matches_estimated: 1 });
    const tens = await json(
      w.store,
      'GET',
      `/store/shops/by-slug/${shops.demo.slug}/franchises?text=${encodeURIComponent('franquicia 1')}`,
    );
    expect(slugsOf(tens.body)).toEqual(extra.slice(9, 19).map((s) => s.slug));
    const none = await json(w.store, 'GET', `/store/shops/by-slug/${shops.demo.slug}/franchises?text=zzz`);
    expect(none.body).toEqual({ results: [], matches_estimated: 0 });
  });

  it('leaves out unpublished franchises and shops that are no longer franchises; the owner’s admin list keeps them', async () => {
    const [hidden, changed] = [extra[0], extra[1]];
    await execute(sql`update store.shops set state = 'unpublished' where id = ${hidden.id}`);
    await execute(sql`update store.shops set store_type = 'affiliate' where id = ${changed.id}`);
    try {
      const all = await json(w.store, 'GET', `/store/shops/by-slug/${shops.demo.slug}/franchises?limit=100`);
      expect(all.body.matches_estimated).toBe(30);
      expect(slugsOf(all.body)).not.toContain(hidden.slug);
      expect(slugsOf(all.body)).not.toContain(changed.slug);
      const mine = await json(w.store, 'GET', `${admin(users.demoOwner.id)}?limit=100`, { auth: demoAuth });
      expect(mine.status).toBe(200);
      expect(slugsOf(mine.body)).toEqual(expect.arrayContaining([hidden.slug, changed.slug]));
      expect(mine.body.matches_estimated).toBe(32);
    } finally {
      await execute(sql`update store.shops set state = 'published', store_type = 'franchise' where id in (${hidden.id}, ${changed.id})`);
    }
  });

  it('never shows a franchise another shop added', async () => {
    const olgas = await franchiseShop(99, 'Franquicia de Olga');
    const olgaAuth = await w.token(users.otherOwner.id, 2);
    expect((await json(w.store, 'PUT', `${admin(users.otherOwner.id)}/${olgas.id}`, { auth: olgaAuth })).status).toBe(200);
    const olga = await json(w.store, 'GET', `/store/shops/by-slug/${shops.other.slug}/franchises`);
    expect(olga.body).toEqual({ results: [expect.objectContaining({ id: olgas.id, in_store: true })], matches_estimated: 1 });
    const demo = await json(w.store, 'GET', `/store/shops/by-slug/${shops.demo.slug}/franchises?limit=100`);
    expect(demo.body.results.map((f: { id: string }) => f.id)).not.toContain(olgas.id);
    // nor in the demo owner's admin list, whoever asks
    const mine = await json(w.store, 'GET', `${admin(users.demoOwner.id)}?limit=100`, { auth: demoAuth });
    expect(mine.body.results.map((f: { id: string }) => f.id)).not.toContain(olgas.id);
    expect((await json(w.store, 'GET', admin(users.demoOwner.id), { auth: olgaAuth })).status).toBe(403);
  });

  it('follows a removal at once', async () => {
    const gone = extra[2];
    expect((await json(w.store, 'DELETE', `${admin(users.demoOwner.id)}/${gone.id}`, { auth: demoAuth })).status).toBe(204);
    const all = await json(w.store, 'GET', `/store/shops/by-slug/${shops.demo.slug}/franchises?limit=100`);
    expect(slugsOf(all.body)).not.toContain(gone.slug);
    expect(all.body.matches_estimated).toBe(31);
    expect((await json(w.store, 'PUT', `${admin(users.demoOwner.id)}/${gone.id}`, { auth: demoAuth })).status).toBe(200);
  });

  it('answers 404 shop_not_found for an unknown slug', async () => {
    for (const slug of ['nope', encodeURIComponent('no existe')]) {
      const res = await json(w.store, 'GET', `/store/shops/by-slug/${slug}/franchises`);
      expect([slug, res.status, res.body.code]).toEqual([slug, 404, 'shop_not_found']);
    }
  });

  it('refuses a bad page or text with 400 validation_failed', async () => {
    for (const query of ['offset=-1', 'offset=x', 'limit=0', 'limit=101', 'limit=2.5', `text=${'x'.repeat(101)}`, 'text=a&text=b']) {
      const res = await json(w.store, 'GET', `/store/shops/by-slug/${shops.demo.slug}/franchises?${query}`);
      expect([query, res.status, res.body.code]).toEqual([query, 400, 'validation_failed']);
    }
  });
});
