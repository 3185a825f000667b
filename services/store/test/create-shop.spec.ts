import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { DEMO, RESERVED_SHOP_SLUGS, type EventEnvelope } from '@vitrina/contracts';
import { newId, rowsOf } from '@vitrina/platform';
import { json, type StoreEventData } from './helpers.js';
import { startWorld, type World } from './world.js';

const { users } = DEMO;

/** issue 16 'Create a shop': `POST /store/shops` by a signed-in user, races decided by the database. */
describe('creating a shop (issue 16)', () => {
  let w: World;
  const db = () => w.tdb.database.drizzle({});
  const outbox = async <K extends keyof StoreEventData>(type: K) => {
    const rows = rowsOf<{ envelope: EventEnvelope<StoreEventData[K]> }>(
      await db().execute(sql`select envelope from store.outbox where envelope->>'type' = ${type} order by seq`),
    );
    return rows.map((r) => r.envelope);
  };
  const shopRows = async (where: ReturnType<typeof sql>) =>
    rowsOf<Record<string, unknown>>(await db().execute(sql`select * from store.shops where ${where}`));
  /** A newcomer: a user of level 1 (no store_id yet) with a token of their own. */
  const newcomer = async () => {
    const id = newId();
    return { id, auth: await w.token(id, 1) };
  };
  const create = (auth: string | undefined, payload: unknown) => json(w.store, 'POST', '/store/shops', { auth, payload });

  beforeAll(async () => {
    w = await startWorld({ seed: true });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('opens the caller’s shop with its starting content and store.shop.created, answering the owner’s view (201)', async () => {
    const me = await newcomer();
    const res = await create(me.auth, { name: '  Tienda de Ana  ', slug: 'Tienda-Ana', store_type: 'affiliate' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slug: 'Tienda-Ana',
      owner: me.id,
      name: 'Tienda de Ana',
      store_type: 'affiliate',
      state: 'published',
      permissions: ['admin'],
      is_proxy: false,
      root_affinity_store_info: null,
      user_info: { user_level: 1, is_owner: true },
      store_theme_info: {
        theme: '03',
        columns: 2,
        signup_form: 'complete',
        sections_info: ['products', 'services', 'experiences', 'digital'],
      },
    });
    expect(res.body.store_theme_info.header_info).toEqual([
      expect.objectContaining({ title: 'Bienvenidos a nuestra tienda', target: 'all', action_type: 'none', position: 1 }),
    ]);

    const [row] = await shopRows(sql`owner_id = ${me.id}`);
    expect(row).toMatchObject({
      id: res.body.id,
      slug: 'Tienda-Ana',
      name: 'Tienda de Ana',
      search_name: 'tienda de ana',
      store_type: 'affiliate',
    });
    const created = (await outbox('store.shop.created')).filter((e) => e.key === res.body.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      actorId: me.id,
      data: {
        shopId: res.body.id,
        ownerId: me.id,
        slug: 'Tienda-Ana',
        name: 'Tienda de Ana',
        storeType: 'affiliate',
        supplierId: null,
        isProxy: false,
        state: 'published',
      },
    });

    // the storefront finds it at /tienda/{slug}; its supplier invitation is the one-line banner
    const visited = await json(w.store, 'GET', '/store/shops/by-slug/Tienda-Ana');
    expect([visited.body.id, visited.body.supplier_card]).toEqual([res.body.id, false]);
  });

  it("marks the platform's supplier-recruitment shop (SUPPLIER_CARD_SHOPS, the demo shop when seeding) for the 'Proveedor' card", async () => {
    expect((await json(w.store, 'GET', '/store/shops/by-slug/demo')).body.supplier_card).toBe(true);
    expect((await json(w.store, 'GET', `/store/shops/by-slug/${DEMO.shops.reseller.slug}`)).body.supplier_card).toBe(false);
    const owner = await w.token(users.demoOwner.id, 2);
    const admin = await json(w.store, 'GET', `/store/${users.demoOwner.id}:${users.demoOwner.id}/affiliate/store`, { auth: owner });
    expect([admin.status, admin.body.supplier_card]).toEqual([200, true]);
  });

  it('starts the carousel with two slides drawn once for the platform; deleting one shop’s slide leaves the next shop’s', async () => {
    const first = await newcomer();
    const a = await create(first.auth, { name: 'Primera', slug: 'primera-slides', store_type: 'affiliate' });
    expect(a.status).toBe(201);
    const slides = a.body.store_theme_info.slider_info;
    expect(slides).toEqual([
      expect.objectContaining({ position: 1, action_type: 'none', target: 'all', url: null, hzt_image_id: null, vrt_image_id: null }),
      expect.objectContaining({ position: 2, action_type: 'none', target: 'all', url: null, hzt_image_id: null, vrt_image_id: null }),
    ]);
    // four distinct pictures, served by the gallery like any upload (JPEG, with its WebP size variants)
    const pictures = slides.flatMap((s: any) => [s.hzt_image, s.vrt_image]);
    expect(new Set(pictures).size).toBe(4);
    for (const url of pictures) {
      const file = await w.store.inject({ method: 'GET', url: new URL(url, 'http://x').pathname.replace(/^\/api/, '') });
      expect([url, file.statusCode, file.headers['content-type']]).toEqual([url, 200, 'image/jpeg']);
      const variant = await w.store.inject({
        method: 'GET',
        url: new URL(url, 'http://x').pathname.replace(/^\/api/, '').replace(/\.jpg$/, '-640.webp'),
      });
      expect([url, variant.statusCode]).toEqual([url, 200]);
    }
    // in no user's gallery: the owner cannot pick them as their own upload, nor delete them
    const owned = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from store.gallery_images where owner_id = ${first.id}`),
    );
    expect(owned[0].n).toBe(0);

    // the owner deletes the first slide: nothing is marked for deletion, the next shop starts with the same pictures
    const base = `/store/${first.id}:${first.id}/affiliate/store`;
    expect((await json(w.store, 'DELETE', `${base}/banners/${slides[0].id}`, { auth: first.auth })).status).toBe(204);
    const marked = rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from store.gallery_images where mashup_id = 'starter-banners' and delete_requested_at is not null`,
      ),
    );
    expect(marked[0].n).toBe(0);
    const second = await newcomer();
    const b = await create(second.auth, { name: 'Segunda', slug: 'segunda-slides', store_type: 'others' });
    expect(b.body.store_theme_info.slider_info.flatMap((s: any) => [s.hzt_image, s.vrt_image])).toEqual(pictures);
    // the owner edits a starter slide like any banner (here its link); its pictures stay without an image id
    const kept = await json(
      w.store,
      'PATCH',
      `/store/${second.id}:${second.id}/others/store/banners/${b.body.store_theme_info.slider_info[1].id}`,
      {
        auth: second.auth,
        payload: { url: 'https://vitrina.local/ofertas', action_type: 'url' },
      },
    );
    expect([kept.status, kept.body.hzt_image, kept.body.url]).toEqual([200, pictures[2], 'https://vitrina.local/ofertas']);
    expect((await json(w.store, 'GET', '/store/shops/by-slug/primera-slides')).body.store_theme_info.slider_info).toHaveLength(1);
  });

  it('lets the new owner use the shop admin calls, and refuses them to anyone else (403)', async () => {
    const me = await newcomer();
    expect((await create(me.auth, { name: 'Mi Tienda', slug: 'mi-tienda-admin', store_type: 'others' })).status).toBe(201);
    const base = `/store/${me.id}:${me.id}/others/store`;

    const read = await json(w.store, 'GET', base, { auth: me.auth });
    expect([read.status, read.body.slug, read.body.store_type]).toEqual([200, 'mi-tienda-admin', 'others']);
    const edited = await json(w.store, 'PATCH', base, { auth: me.auth, payload: { name: 'Mi Tienda Nueva', color1: '#112233' } });
    expect([edited.status, edited.body.name, edited.body.store_theme_info.color1]).toEqual([200, 'Mi Tienda Nueva', '#112233']);
    const banner = await json(w.store, 'POST', `${base}/banners`, {
      auth: me.auth,
      payload: { url: 'https://vitrina.local/promo', hzt_image: 'https://vitrina.local/h.png', vrt_image: 'https://vitrina.local/v.png' },
    });
    expect(banner.status).toBe(201);
    const header = await json(w.store, 'POST', `${base}/headers`, { auth: me.auth, payload: { title: 'Ofertas' } });
    expect(header.status).toBe(201);
    expect((await json(w.store, 'GET', `${base}/headers`, { auth: me.auth })).body.results.map((h: any) => h.title)).toEqual([
      'Bienvenidos a nuestra tienda',
      'Ofertas',
    ]);

    const other = await w.token(users.otherOwner.id, 2);
    for (const [method, url, payload] of [
      ['GET', base, undefined],
      ['PATCH', base, { name: 'No' }],
      [
        'POST',
        `${base}/banners`,
        { url: 'https://vitrina.local', hzt_image: 'https://vitrina.local/a.png', vrt_image: 'https://vitrina.local/b.png' },
      ],
      ['DELETE', `${base}/banners/${banner.body.id}`, undefined],
      ['POST', `${base}/headers`, { title: 'No' }],
      ['GET', `${base}/items`, undefined],
    ] as const) {
      const res = await json(w.store, method, url, { auth: other, payload });
      expect([method, url, res.status, res.body.code]).toEqual([method, url, 403, 'forbidden']);
    }
    expect((await json(w.store, 'GET', base, { auth: me.auth })).body.name).toBe('Mi Tienda Nueva');
  });

  it('gives one slug to exactly one of 20 users creating it at once; the rest 409 slug_taken', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => newcomer()));
    const answers = await Promise.all(
      // the same slug in different cases: the database compares it case-insensitively
      people.map((p, i) => create(p.auth, { name: `Carrera ${i}`, slug: i % 2 ? 'carrera' : 'CARRERA', store_type: 'affiliate' })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.code])).toEqual(Array.from({ length: 19 }, () => [409, 'slug_taken']));
    expect(refused[0].body.message).toEqual(expect.any(String));
    expect(await shopRows(sql`lower(slug) = 'carrera'`)).toHaveLength(1);
    const winner = answers.find((a) => a.status === 201)!.body;
    expect((await outbox('store.shop.created')).filter((e) => e.data.slug.toLowerCase() === 'carrera').map((e) => e.key)).toEqual([
      winner.id,
    ]);
  });

  it('has the database refuse a second shop whose slug differs only in case (shops_slug_lower_uq)', async () => {
    const insert = (slug: string) =>
      db().execute(sql`insert into store.shops (id, slug, owner_id, name) values (${newId()}, ${slug}, ${newId()}, 'Directa')`);
    await insert('indice-directo');
    const err = await insert('Indice-Directo').then(
      () => undefined,
      (e: unknown) => e,
    );
    const cause = (e: any): any => (e?.code ? e : e?.cause ? cause(e.cause) : e);
    expect([cause(err)?.code, cause(err)?.constraint]).toEqual(['23505', 'shops_slug_lower_uq']);
  });

  it('makes one shop of 10 creations by one user at once; the rest 409 shop_already_owned', async () => {
    const me = await newcomer();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => create(me.auth, { name: `Prisa ${i}`, slug: `prisa-${i}`, store_type: 'affinity' })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.code])).toEqual(
      Array.from({ length: 9 }, () => [409, 'shop_already_owned']),
    );
    expect(await shopRows(sql`owner_id = ${me.id}`)).toHaveLength(1);
    // and later too, with a free slug; a demo owner already has one
    expect((await create(me.auth, { name: 'Otra', slug: 'otra-mas', store_type: 'others' })).body.code).toBe('shop_already_owned');
    const demoOwner = await w.token(users.demoOwner.id, 2);
    expect((await create(demoOwner, { name: 'Otra', slug: 'otra-mas', store_type: 'others' })).body.code).toBe('shop_already_owned');
  });

  it('refuses a reserved slug in any case with 409 slug_reserved', async () => {
    const me = await newcomer();
    for (const slug of ['admin', 'API', 'Tienda', 'mis-compras', 'SOPORTE', 'www']) {
      const res = await create(me.auth, { name: 'Reservada', slug, store_type: 'others' });
      expect([slug, res.status, res.body.code]).toEqual([slug, 409, 'slug_reserved']);
    }
    expect(RESERVED_SHOP_SLUGS).toEqual(expect.arrayContaining(['admin', 'api', 'tienda', 'checkout', 'support']));
    expect(await shopRows(sql`owner_id = ${me.id}`)).toHaveLength(0);
    // the taken slug of an existing shop, in another case
    const taken = await create(me.auth, { name: 'Copia', slug: 'DEMO', store_type: 'others' });
    expect([taken.status, taken.body.code]).toEqual([409, 'slug_taken']);
  });

  it('refuses invalid bodies with 400 and a code, and anonymous callers with 401', async () => {
    const me = await newcomer();
    const good = { name: 'Buena', slug: 'buena-tienda', store_type: 'others' };
    const bad: Array<[string, unknown, string]> = [
      ['blank name', { ...good, name: '   ' }, 'validation_failed'],
      ['no name', { slug: good.slug, store_type: 'others' }, 'validation_failed'],
      ['long name', { ...good, name: 'x'.repeat(101) }, 'validation_failed'],
      ['name not text', { ...good, name: 42 }, 'validation_failed'],
      ['slug with a space', { ...good, slug: 'mi tienda' }, 'validation_failed'],
      ['slug with a dot', { ...good, slug: 'mi.tienda' }, 'validation_failed'],
      ['slug with an accent', { ...good, slug: 'tiendañ' }, 'validation_failed'],
      ['short slug', { ...good, slug: 'ab' }, 'validation_failed'],
      ['long slug', { ...good, slug: 'a'.repeat(61) }, 'validation_failed'],
      ['no slug', { name: 'Buena', store_type: 'others' }, 'validation_failed'],
      ['unknown store type', { ...good, store_type: 'boutique' }, 'validation_failed'],
      ['no store type', { name: 'Buena', slug: good.slug }, 'validation_failed'],
      ['unknown field', { ...good, owner_id: users.demoOwner.id }, 'validation_failed'],
      ['franchise', { ...good, store_type: 'franchise' }, 'store_type_not_allowed'],
    ];
    for (const [what, payload, code] of bad) {
      const res = await create(me.auth, payload);
      expect([what, res.status, res.body.code]).toEqual([what, 400, code]);
      expect(typeof res.body.message).toBe('string');
    }
    const anonymous = await create(undefined, good);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'unauthorized']);
    expect(await shopRows(sql`owner_id = ${me.id} or slug = ${good.slug}`)).toHaveLength(0);
    // 60 characters and 3 characters are fine
    expect((await create(me.auth, { ...good, slug: 'a'.repeat(60) })).status).toBe(201);
    const short = await newcomer();
    expect((await create(short.auth, { ...good, slug: 'abc' })).status).toBe(201);
  });

  it('opens a franchise only for a supplier, tied to their products; an affinity store hangs from the affinity store that referred its owner', async () => {
    const supplierId = newId();
    const supplier = await w.token(supplierId, 1, ['dssupplier-admin']);
    const res = await create(supplier, { name: 'Franquicia Jabones', slug: `franq-${supplierId.slice(-6)}`, store_type: 'franchise' });
    expect(res.status).toBe(201);
    const [row] = await shopRows(sql`id = ${res.body.id}`);
    expect(row).toMatchObject({ store_type: 'franchise', dssupplier_id: supplierId });

    // the reseller's demo shop is an affinity store: a new affinity store referred by it hangs from it; nothing else does
    const [demo] = await shopRows(sql`slug = ${DEMO.shops.reseller.slug}`);
    expect(demo.store_type).toBe('affinity');
    const a = await newcomer();
    const child = await create(a.auth, {
      name: 'Hija',
      slug: `hija-${a.id.slice(-6)}`,
      store_type: 'affinity',
      referral: DEMO.shops.reseller.slug.toUpperCase(),
    });
    expect(child.status).toBe(201);
    expect((await shopRows(sql`id = ${child.body.id}`))[0].root_affinity_store_id).toBe(demo.id);
    const b = await newcomer();
    const plain = await create(b.auth, {
      name: 'Otra',
      slug: `otra-${b.id.slice(-6)}`,
      store_type: 'affiliate',
      referral: DEMO.shops.reseller.slug,
    });
    expect((await shopRows(sql`id = ${plain.body.id}`))[0].root_affinity_store_id).toBeNull();
    const c = await newcomer();
    const stray = await create(c.auth, {
      name: 'Suelta',
      slug: `suelta-${c.id.slice(-6)}`,
      store_type: 'affinity',
      referral: 'no-existe',
    });
    expect(stray.status).toBe(201);
    expect((await shopRows(sql`id = ${stray.body.id}`))[0].root_affinity_store_id).toBeNull();
    // the referral cookie holds the referring user: their own affinity store is the root
    const d = await newcomer();
    const byUser = await create(d.auth, {
      name: 'Nieta',
      slug: `nieta-${d.id.slice(-6)}`,
      store_type: 'affinity',
      referral: DEMO.users.reseller.id,
    });
    expect((await shopRows(sql`id = ${byUser.body.id}`))[0].root_affinity_store_id).toBe(demo.id);
  });

  it('opens a shop with the logo the gallery upload answered; refuses a script URL as logo', async () => {
    const me = await newcomer();
    const bad = await create(me.auth, {
      name: 'Logo',
      slug: `logo-${me.id.slice(-6)}`,
      store_type: 'others',
      photo: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
    const res = await create(me.auth, {
      name: 'Logo',
      slug: `logo-${me.id.slice(-6)}`,
      store_type: 'others',
      photo: '/api/gallery/x/logo.png',
    });
    expect(res.status).toBe(201);
    expect(res.body.photo).toBe('/api/gallery/x/logo.png');
  });

  it('tells why a slug is not available: taken or reserved', async () => {
    const check = async (slug: string) => (await json(w.store, 'GET', `/store/shops/slug-availability?slug=${slug}`)).body;
    expect(await check('Demo')).toEqual({ slug: 'Demo', available: false, reason: 'taken' });
    expect(await check('Checkout')).toEqual({ slug: 'Checkout', available: false, reason: 'reserved' });
    expect(await check('libre-del-todo')).toEqual({ slug: 'libre-del-todo', available: true, reason: null });
  });

  it('refuses a reserved slug in the shop settings too (409 slug_reserved), changing nothing', async () => {
    const auth = await w.token(users.otherOwner.id, 2);
    const base = `/store/${users.otherOwner.id}:${users.otherOwner.id}/affiliate/store`;
    const events = (await outbox('store.shop.updated')).length;
    for (const slug of ['ayuda', 'Carrito']) {
      const res = await json(w.store, 'PATCH', base, { auth, payload: { slug } });
      expect([slug, res.status, res.body.code]).toEqual([slug, 409, 'slug_reserved']);
    }
    expect((await json(w.store, 'GET', base, { auth })).body.slug).toBe('olga');
    expect(await outbox('store.shop.updated')).toHaveLength(events);
  });
});
