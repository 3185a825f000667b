import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { DEMO, type EventEnvelope } from '@vitrina/contracts';
import { rowsOf } from '@vitrina/platform';
import { json, type StoreEventData } from './helpers.js';
import { startWorld, type World } from './world.js';

const { users, shops } = DEMO;

describe('shops for the storefront', () => {
  let w: World;
  const outbox = async <K extends keyof StoreEventData>(type: K) => {
    const rows = rowsOf<{ envelope: EventEnvelope<StoreEventData[K]> }>(
      await w.tdb.database.drizzle({}).execute(sql`select envelope from store.outbox where envelope->>'type' = ${type} order by seq`),
    );
    return rows.map((r) => r.envelope);
  };

  beforeAll(async () => {
    w = await startWorld({ seed: true });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('loads a shop by slug with every spec field, its theme and root affinity store', async () => {
    const demo = await json(w.store, 'GET', '/store/shops/by-slug/demo');
    expect(demo.status).toBe(200);
    expect(demo.body).toMatchObject({
      id: shops.demo.id,
      slug: 'demo',
      owner: users.demoOwner.id,
      store_type: 'affiliate',
      photo_display: 'bdr_cir',
      whatsapp_phone: '5512345678',
      discord: 'https://discord.gg/vitrina-demo',
      facebook: 'vitrinademo',
      user_info: { user_level: null, is_owner: false },
      root_affinity_store_info: null,
      store_theme_info: { theme: '03', columns: 2, signup_form: 'complete' },
    });
    expect(demo.body.store_theme_info.sections_info).toContain('catalogues');
    expect(demo.body.photo).toMatch(/^\/api\/gallery\/files\/[0-9a-f-]{36}\.png$/);
    const rita = await json(w.store, 'GET', '/store/shops/by-slug/rita');
    expect(rita.body.root_affinity_store_info).toMatchObject({
      id: shops.demo.id,
      slug: 'demo',
      owner: users.demoOwner.id,
      name: 'Bazar de Daniela',
      currentShopID: shops.reseller.id,
    });
    const franchise = await json(w.store, 'GET', `/store/shops/${shops.franchise.id}`);
    expect(franchise.body).toMatchObject({
      store_type: 'franchise',
      dssupplier: users.supplierA.id,
      store_theme_info: { theme: '05', columns: 1 },
    });
  });

  it('answers 404 shop_not_found for an unknown slug or host', async () => {
    for (const url of [
      '/store/shops/by-slug/nope',
      '/store/shops/by-host/nope.example.com',
      '/store/shops/by-host/%20bad%20host',
      `/store/shops/01930000-0000-7000-8000-00000000dead`,
    ]) {
      const res = await json(w.store, 'GET', url);
      expect([url, res.status, res.body.code]).toEqual([url, 404, 'shop_not_found']);
    }
  });

  it('loads a shop served on its own host', async () => {
    await w.tdb.database.drizzle({}).execute(sql`update store.shops set host = 'tienda.olga.example' where slug = 'olga'`);
    const res = await json(w.store, 'GET', '/store/shops/by-host/Tienda.Olga.Example:443');
    expect(res.status).toBe(200);
    expect(res.body.slug).toBe('olga');
  });

  it('records affiliate parameters of a shop load as a visit event, and nothing without them', async () => {
    const before = (await outbox('store.shop.visited')).length;
    await json(w.store, 'GET', '/store/shops/by-slug/demo');
    expect(await outbox('store.shop.visited')).toHaveLength(before);
    const res = await json(
      w.store,
      'GET',
      '/store/shops/by-slug/demo?referral=rita&campaign=verano&click_id=c1&gclid=g1&fbclid=f1&referral_slug=rita',
      {
        auth: await w.token(users.customer.id, 0),
      },
    );
    expect(res.status).toBe(200);
    const visits = await outbox('store.shop.visited');
    expect(visits).toHaveLength(before + 1);
    expect(visits.at(-1)).toMatchObject({
      key: shops.demo.id,
      shopId: shops.demo.id,
      data: {
        shopId: shops.demo.id,
        ownerId: users.demoOwner.id,
        slug: 'demo',
        visitorId: users.customer.id,
        params: { referral: 'rita', campaign: 'verano', click_id: 'c1', gclid: 'g1', fbclid: 'f1', referral_slug: 'rita' },
      },
    });
    expect((await json(w.store, 'GET', '/store/shops/by-slug/demo?utm=x')).status).toBe(400);
  });

  it('applies banner and header visibility targets for the viewer', async () => {
    // demo banners: 1 all, 2 all, 3 anon, 4 ul2; headers: 1 all, 2 anon
    const views: Array<[string | undefined, number[], number[]]> = [
      [undefined, [1, 2, 3], [1, 2]],
      [await w.token(users.customer.id, 0), [1, 2], [1]],
      [await w.token(users.entrepreneur.id, 1), [1, 2], [1]],
      [await w.token(users.reseller.id, 2), [1, 2, 4], [1]],
      [await w.token(users.otherOwner.id, 3), [1, 2], [1]],
    ];
    for (const [auth, bannerPositions, headerPositions] of views) {
      const shop = await json(w.store, 'GET', '/store/shops/by-slug/demo', { auth });
      expect(shop.body.store_theme_info.slider_info.map((b: any) => b.position)).toEqual(bannerPositions);
      expect(shop.body.store_theme_info.header_info.map((h: any) => h.position)).toEqual(headerPositions);
      const banners = await json(w.store, 'GET', '/store/shops/demo/banners?offset=0&limit=10', { auth });
      expect(banners.body.results.map((b: any) => b.position)).toEqual(bannerPositions);
      expect(banners.body.matches_estimated).toBe(bannerPositions.length);
      const headers = await json(w.store, 'GET', '/store/shops/demo/headers', { auth });
      expect(headers.body.results.map((h: any) => h.position)).toEqual(headerPositions);
    }
    const ownerView = await json(w.store, 'GET', `/store/${users.demoOwner.id}:${users.demoOwner.id}/affiliate/store/banners`, {
      auth: await w.token(users.demoOwner.id, 2),
    });
    expect(ownerView.body.results.map((b: any) => b.target)).toEqual(['all', 'all', 'anon', 'ul2']);
  });

  it('answers menu options: admin for the owner, read-only for others, proxy without add buttons', async () => {
    const admin = await json(w.store, 'GET', '/store/shops/demo/menu?store_type=affiliate', { auth: await w.token(users.demoOwner.id, 2) });
    expect(admin.body.mode).toBe('admin');
    expect(admin.body.results.map((m: any) => m.key)).toEqual([
      'products',
      'services',
      'experiences',
      'digital',
      'catalogues',
      'blogs',
      'franchises',
    ]);
    expect(admin.body.results.every((m: any) => m.can_add)).toBe(true);
    expect(admin.body.results[0]).toMatchObject({
      label: { es: 'Productos', en: 'Products', 'es-AR': 'Productos' },
      path: '/productos',
      icon: expect.any(String),
      icon_color: expect.any(String),
      submenu: [],
      app_module: 'products',
    });
    const franchiseAdmin = await json(w.store, 'GET', '/store/shops/franquicia-sol/menu', { auth: await w.token(users.supplierA.id, 2) });
    expect(franchiseAdmin.body.results.map((m: any) => m.key)).toContain('retail');
    const ritaAdmin = await json(w.store, 'GET', '/store/shops/rita/menu', { auth: await w.token(users.reseller.id, 2) });
    expect(ritaAdmin.body.results.map((m: any) => m.key)).not.toContain('digital');
    const visitor = await json(w.store, 'GET', '/store/shops/demo/menu');
    expect(visitor.body.mode).toBe('public');
    expect(visitor.body.results.map((m: any) => m.path)).toEqual([
      '/productos',
      '/servicios',
      '/experiencias',
      '/digitales',
      '/catalogos',
      '/blogs',
      '/franquicias',
      '/info',
    ]);
    expect(visitor.body.results.some((m: any) => m.can_add)).toBe(false);
    await w.tdb.database.drizzle({}).execute(sql`update store.shops set is_proxy = true where slug = 'olga'`);
    const proxy = await json(w.store, 'GET', '/store/shops/olga/menu', { auth: await w.token(users.otherOwner.id, 2) });
    expect(proxy.body.mode).toBe('proxy');
    expect(proxy.body.results.some((m: any) => m.can_add)).toBe(false);
    await w.tdb.database.drizzle({}).execute(sql`update store.shops set is_proxy = false where slug = 'olga'`);
    // an owner without the admin permission is no shop admin (spec 1 §6): read-only menu
    await w.tdb.database.drizzle({}).execute(sql`update store.shops set permissions = '{}' where slug = 'olga'`);
    const noAdmin = await json(w.store, 'GET', '/store/shops/olga/menu', { auth: await w.token(users.otherOwner.id, 2) });
    expect(noAdmin.body.mode).toBe('public');
    expect(noAdmin.body.results.some((m: any) => m.can_add)).toBe(false);
    await w.tdb.database.drizzle({}).execute(sql`update store.shops set permissions = '{admin}' where slug = 'olga'`);
  });

  it('searches published franchises and lists a referral’s franchises', async () => {
    const all = await json(w.store, 'GET', '/store/published/franchises');
    expect(all.body.results.map((f: any) => f.slug)).toEqual(['franquicia-sol', 'rita']);
    const text = await json(w.store, 'GET', '/store/published/franchises?text=SOL&type=franchise');
    expect(text.body).toMatchObject({
      matches_estimated: 1,
      results: [{ id: shops.franchise.id, name: 'Franquicia Artesanías del Sol', store_type: 'franchise' }],
    });
    expect((await json(w.store, 'GET', '/store/published/franchises?type=affinity')).body.results.map((f: any) => f.slug)).toEqual([
      'rita',
    ]);
    expect((await json(w.store, 'GET', '/store/published/franchises?type=others')).status).toBe(400);
    const mine = await json(w.store, 'GET', '/store/published/franchises', { auth: await w.token(users.demoOwner.id, 2) });
    expect(mine.body.results.find((f: any) => f.slug === 'franquicia-sol').in_store).toBe(true);
    const ofCatalogue = await json(
      w.store,
      'GET',
      `/store/public/referral/demo/catalogues/01930000-0000-7000-8003-000000000001/franchises`,
    );
    expect(ofCatalogue.body.results.map((f: any) => f.slug)).toEqual(['franquicia-sol']);
  });

  it('tells whether a slug is free', async () => {
    expect((await json(w.store, 'GET', '/store/shops/slug-availability?slug=DEMO')).body).toEqual({
      slug: 'DEMO',
      available: false,
      reason: 'taken',
    });
    expect((await json(w.store, 'GET', '/store/shops/slug-availability?slug=nueva-tienda')).body.available).toBe(true);
    expect((await json(w.store, 'GET', '/store/shops/slug-availability?slug=no%20spaces')).status).toBe(400);
  });
});
