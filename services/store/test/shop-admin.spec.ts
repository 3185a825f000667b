import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { CatalogueCatalogueEvents, CatalogueTopics, DEMO, DEMO_ITEMS, type EventEnvelope } from '@vitrina/contracts';
import { newId, rowsOf } from '@vitrina/platform';
import { eventually, json, type StoreEventData } from './helpers.js';
import { startWorld, type World } from './world.js';

const { users, shops } = DEMO;
const OWNER = users.demoOwner.id;
const base = `/store/${OWNER}:${OWNER}/affiliate/store`;

describe('shop identity and settings (issue 5)', () => {
  let w: World;
  let auth: string;
  const outbox = async <K extends keyof StoreEventData>(type: K) => {
    const rows = rowsOf<{ envelope: EventEnvelope<StoreEventData[K]> }>(
      await w.tdb.database.drizzle({}).execute(sql`select envelope from store.outbox where envelope->>'type' = ${type} order by seq`),
    );
    return rows.map((r) => r.envelope);
  };
  const patch = (payload: object) => json(w.store, 'PATCH', base, { auth, payload });
  const catalogueEvent = (type: string, data: object, id = newId()) =>
    w.runtime.bus.publish(CatalogueTopics.catalogue, [
      {
        id,
        type,
        version: 1,
        occurredAt: new Date().toISOString(),
        key: (data as { ownerId: string }).ownerId,
        traceId: newId(),
        data,
      } satisfies EventEnvelope,
    ]);

  beforeAll(async () => {
    w = await startWorld({ seed: true });
    await w.catalogue.demo();
    auth = await w.token(OWNER, 2);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('updates identity, theme, social links, contact and settings; publishes store.shop.updated', async () => {
    const res = await patch({
      name: '  Bazar Nuevo ',
      photo: '/api/gallery/files/logo.png',
      photo_display: 'bdr_rec',
      color1: '#112233',
      color2: 'rgb(1, 2, 3)',
      columns: 1,
      bgcolor: 'https://cdn.example.com/bg.jpg',
      facebook: '@bazar.nuevo',
      instagram: '',
      twitter: null,
      discord: 'https://discord.gg/bazar',
      contact_email: 'hola@bazar.mx',
      contact_phone: '5512345678',
      contact_country_code: '+52',
      whatsapp_phone: '5587654321',
      whatsapp_country_code: '52',
      darkmode: true,
      hidden_darkmode: false,
      footer_bg: '#000000',
      footer_fg: '#fff',
      footer_style: 'simple',
      seo_description: 'Artesanías',
      hidden_store_name: true,
      sections_info: ['products', 'services'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Bazar Nuevo',
      photo: '/api/gallery/files/logo.png',
      photo_display: 'bdr_rec',
      bgcolor: 'https://cdn.example.com/bg.jpg',
      facebook: 'bazar.nuevo',
      instagram: null,
      twitter: null,
      discord: 'https://discord.gg/bazar',
      contact_email: 'hola@bazar.mx',
      contact_country_code: '+52',
      whatsapp_phone: '5587654321',
      darkmode: true,
      footer_style: 'simple',
      hidden_store_name: true,
      store_theme_info: { color1: '#112233', color2: 'rgb(1, 2, 3)', columns: 1 },
    });
    // 'catalogues' follows the catalogues, not the form
    expect(res.body.store_theme_info.sections_info).toEqual(['products', 'services', 'catalogues']);
    const event = (await outbox('store.shop.updated')).at(-1);
    expect(event).toMatchObject({ key: shops.demo.id, actorId: OWNER, data: { shopId: shops.demo.id, name: 'Bazar Nuevo', slug: 'demo' } });
    expect(event?.data.changed).toEqual(expect.arrayContaining(['name', 'photo', 'facebook', 'instagram', 'columns', 'discord']));
    expect((await json(w.store, 'GET', '/store/shops/by-slug/demo')).body.name).toBe('Bazar Nuevo');
    // sending the same again changes nothing and publishes nothing
    const count = (await outbox('store.shop.updated')).length;
    expect((await patch({ name: 'Bazar Nuevo' })).status).toBe(200);
    expect(await outbox('store.shop.updated')).toHaveLength(count);
  });

  it('refuses the owner of a shop without the admin permission (403), changing nothing', async () => {
    const db = w.tdb.database.drizzle({});
    await db.execute(sql`update store.shops set permissions = '{digital_products}' where owner_id = ${OWNER}`);
    try {
      const before = (await json(w.store, 'GET', `/store/shops/${shops.demo.slug}`)).body;
      for (const [method, url, payload] of [
        ['GET', base, undefined],
        ['PATCH', base, { name: 'No debería cambiar' }],
        [
          'POST',
          `${base}/banners`,
          { url: 'https://vitrina.local', hzt_image: 'https://vitrina.local/a.png', vrt_image: 'https://vitrina.local/b.png' },
        ],
        ['POST', `${base}/headers`, { title: 'No' }],
        ['GET', `${base}/franchises`, undefined],
      ] as const) {
        const res = await json(w.store, method, url, { auth, payload });
        expect([method, url, res.status, res.body.code]).toEqual([method, url, 403, 'forbidden']);
      }
      expect((await json(w.store, 'GET', `/store/shops/${shops.demo.slug}`)).body).toEqual(before);
      // the menu is the read-only one
      expect((await json(w.store, 'GET', `/store/shops/${shops.demo.slug}/menu`, { auth })).body.mode).toBe('public');
    } finally {
      await db.execute(sql`update store.shops set permissions = '{admin,digital_products}' where owner_id = ${OWNER}`);
    }
    expect((await json(w.store, 'GET', base, { auth })).status).toBe(200);
  });

  it('refuses every invalid field with 400 validation_failed naming it', async () => {
    const bad: Array<[string, unknown]> = [
      ['name', ''],
      ['name', '   '],
      ['name', null],
      ['name', 'x'.repeat(101)],
      ['photo', 'not a url'],
      ['photo', 'javascript:alert(1)'],
      ['photo_display', 'round'],
      ['columns', 3],
      ['columns', '2'],
      ['color1', 'red;'],
      ['bgcolor', 'javascript:alert(1)'],
      ['facebook', 'https://facebook.com/x'],
      ['kick', 'two words'],
      ['discord', 'discord.gg/x'],
      ['discord', 'ftp://discord.gg/x'],
      ['contact_email', 'nope'],
      ['contact_phone', '55-12'],
      ['whatsapp_country_code', '+52123'],
      ['darkmode', null],
      ['darkmode', 'yes'],
      ['footer_style', 'fancy'],
      ['footer_bg', 'blue'],
      ['users_support_url', '/relative'],
      ['sections_info', ['products', 'shoes']],
      ['slug', 'no spaces'],
      ['owner_id', users.otherOwner.id],
    ];
    for (const [field, value] of bad) {
      const res = await patch({ [field]: value });
      expect([field, value, res.status, res.body.code]).toEqual([field, value, 400, 'validation_failed']);
    }
    expect((await json(w.store, 'GET', '/store/shops/by-slug/demo')).body.name).toBe('Bazar Nuevo');
  });

  it('changes the slug when free; a taken one answers 409 slug_taken (the web says "Este dominio no está disponible")', async () => {
    const taken = await patch({ slug: 'RITA' });
    expect([taken.status, taken.body.code, taken.body.message]).toEqual([409, 'slug_taken', 'This shop address is already taken']);
    const ok = await patch({ slug: 'bazar-nuevo' });
    expect([ok.status, ok.body.slug]).toEqual([200, 'bazar-nuevo']);
    expect((await json(w.store, 'GET', '/store/shops/slug-availability?slug=bazar-nuevo')).body.available).toBe(false);
    expect((await json(w.store, 'GET', '/store/shops/slug-availability?slug=demo')).body.available).toBe(true);
    expect((await outbox('store.shop.updated')).at(-1)?.data).toMatchObject({ slug: 'bazar-nuevo', changed: ['slug'] });
    expect((await patch({ slug: 'demo' })).status).toBe(200);
  });

  it('drives sections_info by the owner’s catalogue count (catalogue.catalogue events)', async () => {
    const olga = `/store/shops/${shops.other.id}`;
    const sections = async () => (await json(w.store, 'GET', olga)).body.store_theme_info.sections_info as string[];
    const had = (await sections()).includes('catalogues');
    const change = { catalogueId: newId(), ownerId: users.otherOwner.id, slug: 'c', name: 'C', numProducts: 0 };
    await catalogueEvent(CatalogueCatalogueEvents.deleted, { ...change, ownerCatalogues: 0 });
    await eventually(async () => !(await sections()).includes('catalogues'));
    await catalogueEvent(CatalogueCatalogueEvents.created, { ...change, ownerCatalogues: 1 });
    await eventually(async () => (await sections()).includes('catalogues'));
    // an event that changes nothing is claimed all the same (in one statement, without the inbox transaction)
    const moved = newId();
    const consumed = async (id: string) =>
      rowsOf(await w.tdb.database.drizzle({}).execute(sql`select 1 from store.inbox where event_id = ${id} and consumer = 'store'`))
        .length === 1;
    await catalogueEvent(CatalogueCatalogueEvents.moved, { ...change, ownerCatalogues: 1, position: 1 }, moved);
    await eventually(() => consumed(moved));
    expect((await sections()).filter((s) => s === 'catalogues')).toHaveLength(1);
    const updates = (await outbox('store.shop.updated')).filter((e) => e.key === shops.other.id);
    expect(updates.map((e) => e.data.changed)).toEqual(had ? [['sections_info'], ['sections_info']] : [['sections_info']]);

    // so that, redelivered after the owner's last catalogue went, it does not bring the section back
    await catalogueEvent(CatalogueCatalogueEvents.deleted, { ...change, ownerCatalogues: 0 });
    await eventually(async () => !(await sections()).includes('catalogues'));
    await catalogueEvent(CatalogueCatalogueEvents.moved, { ...change, ownerCatalogues: 1, position: 1 }, moved);
    const after = newId(); // the owner's next event: consumed after the redelivery (one owner's events in order)
    await catalogueEvent(CatalogueCatalogueEvents.updated, { ...change, ownerCatalogues: 0 }, after);
    await eventually(() => consumed(after));
    expect(await sections()).not.toContain('catalogues');
    await catalogueEvent(CatalogueCatalogueEvents.created, { ...change, ownerCatalogues: 1 });
    await eventually(async () => (await sections()).includes('catalogues'));
  });

  it('puts a fork’s items in the owner’s store; a franchise store only takes its supplier’s', async () => {
    const A = DEMO_ITEMS.filter((i) => i.supplier === 'supplierA').map((i) => i.id);
    const B = DEMO_ITEMS.filter((i) => i.supplier === 'supplierB').map((i) => i.id);
    const fork = {
      catalogueId: newId(),
      slug: 'f',
      name: 'F',
      numProducts: 4,
      ownerCatalogues: 2,
      originId: newId(),
      originOwnerId: OWNER,
    };
    // Olga's store holds B's items; the fork brings two of A's (one unpublished: #21 is skipped)
    const unpublished = DEMO_ITEMS[20].id;
    const wanted = A.filter((id) => id !== unpublished).slice(0, 2);
    await catalogueEvent(CatalogueCatalogueEvents.cloned, {
      ...fork,
      ownerId: users.otherOwner.id,
      itemIds: [...wanted, unpublished, B[0]],
    });
    const olgaAuth = await w.token(users.otherOwner.id, 2);
    const inStore = async () =>
      (
        await json(w.store, 'POST', `/store/${users.otherOwner.id}:${users.otherOwner.id}/affiliate/store/items/instore`, {
          auth: olgaAuth,
          payload: { ids: [...wanted, unpublished] },
        })
      ).body.results;
    const results = await eventually(async () => {
      const r = await inStore();
      return r[wanted[0]] && r[wanted[1]] ? r : undefined;
    });
    expect(results[unpublished]).toBe(false);
    expect((await outbox('store.items.added')).at(-1)?.data).toEqual({ shopId: shops.other.id, itemIds: expect.arrayContaining(wanted) });
    // franchise of supplier A: B's items are skipped
    await catalogueEvent(CatalogueCatalogueEvents.productsAdded, { ...fork, ownerId: users.supplierA.id, itemIds: [B[1], B[2]] });
    await new Promise((r) => setTimeout(r, 300));
    const fAuth = await w.token(users.supplierA.id, 2);
    const franchise = await json(w.store, 'POST', `/store/${users.supplierA.id}:${users.supplierA.id}/franchise/store/items/instore`, {
      auth: fAuth,
      payload: { ids: [B[1], B[2]] },
    });
    expect(franchise.body.results).toEqual({ [B[1]]: false, [B[2]]: false });
  });
});
