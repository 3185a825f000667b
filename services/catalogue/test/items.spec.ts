import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO, DEMO_ITEMS } from '@vitrina/contracts';
import { rowsOf } from '@vitrina/platform';
import { eventually, json } from './helpers.js';
import { startWorld, type World } from './world.js';

const A = DEMO.users.supplierA.id;
const OTHER = DEMO.users.otherOwner.id;
const base = `/catalogue/${A}:${A}/affiliate/items`;

describe('supplier items', () => {
  let w: World;
  let auth: string;

  const outboxTypes = async (itemId: string): Promise<string[]> => {
    const rows = rowsOf<{ type: string }>(
      await w.tdb.database
        .drizzle({})
        .execute(`select envelope->>'type' as type from catalogue.outbox where key = '${itemId}' order by seq`),
    );
    return rows.map((r) => r.type);
  };

  beforeAll(async () => {
    w = await startWorld({ seed: true });
    auth = await w.token(A, 2, ['dssupplier-admin']);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('creates an item, unpublished by default, with the spec’s fields and a created event', async () => {
    const res = await json(w.catalogue, 'POST', base, {
      auth,
      payload: {
        name: 'Florero de talavera',
        type: 'product',
        description: 'Pintado a mano',
        tags: ['Talavera', 'florero', 'talavera'],
        photos: ['/api/gallery/files/x.png', 'https://cdn.example.com/a.jpg'],
        list_price: '199.5',
        crossout_price: 249,
        contribution_margin_minor: 3000,
        is_dropshipping: true,
        variants: { Color: 'Azul' },
        stock: { available: 4, stock_type: 'onstock', max_purchase_amount: 2 },
      },
    });
    expect([res.status, res.body]).toEqual([201, expect.anything()]);
    expect(res.body).toMatchObject({
      owner: A,
      owner_name: 'Artesanías del Sol',
      slug: 'florero-de-talavera',
      type: 'product',
      main_type: 'business',
      tags: ['talavera', 'florero'],
      list_price: '199.50',
      list_price_minor: 19950,
      crossout_price: '249.00',
      crossout_price_minor: 24900,
      contribution_margin: '30.00',
      currency: 'MXN',
      is_free: false,
      stock: { available: 4, stock_type: 'onstock', max_purchase_amount: 2 },
      available: 4,
      sold_out: false,
      list_state: 'unpublished',
      hiden: false,
      experience_date: null,
      concluded: false,
    });
    expect(await outboxTypes(res.body.id)).toEqual(['catalogue.item.created']);
    const twin = await json(w.catalogue, 'POST', base, { auth, payload: { name: 'Florero de talavera', type: 'product' } });
    expect(twin.body.slug).toBe('florero-de-talavera-2');
  });

  it('gives a new item with a taken slug the next free one, and answers 409 slug_taken to an edit onto a taken slug, writing nothing', async () => {
    const first = await json(w.catalogue, 'POST', base, { auth, payload: { name: 'Jarra azul', type: 'product', slug: 'jarra-azul' } });
    const second = await json(w.catalogue, 'POST', base, { auth, payload: { name: 'Jarra verde', type: 'product', slug: 'jarra-verde' } });
    expect([first.status, second.status]).toEqual([201, 201]);
    const created = await json(w.catalogue, 'POST', base, { auth, payload: { name: 'Otra jarra', type: 'product', slug: 'jarra-azul' } });
    expect([created.status, created.body.slug]).toEqual([201, 'jarra-azul-2']);
    const renamed = await json(w.catalogue, 'PATCH', `${base}/${second.body.slug}`, { auth, payload: { slug: 'jarra-azul' } });
    expect([renamed.status, renamed.body.code]).toEqual([409, 'slug_taken']);
    expect(await outboxTypes(second.body.id)).toEqual(['catalogue.item.created']);
    expect((await json(w.catalogue, 'GET', `${base}/jarra-verde`, { auth })).body).toMatchObject({
      id: second.body.id,
      slug: 'jarra-verde',
    });
  });

  it('refuses invalid items with field errors', async () => {
    const cases: Array<[object, string]> = [
      [{ type: 'product' }, 'name'],
      [{ name: 'x', type: 'food' }, 'type'],
      [{ name: 'x', type: 'product', list_price: '1.999' }, 'list_price'],
      [{ name: 'x', type: 'product', list_price: '10', contribution_margin: '11' }, 'contribution_margin'],
      [{ name: 'x', type: 'product', list_price: '10', list_price_minor: 999 }, 'list_price'],
      [{ name: 'x', type: 'product', is_free: true, list_price: '5' }, 'list_price'],
      [{ name: 'x', type: 'product', experience_date: '2030-01-01T10:00:00Z' }, 'experience_date'],
      [{ name: 'x', type: 'product', photos: ['javascript:alert(1)'] }, 'photos'],
      [{ name: 'x', type: 'product', currency: 'pesos' }, 'currency'],
      [{ name: 'x', type: 'product', owner: OTHER }, 'owner'],
      [{ name: 'x'.repeat(151), type: 'product' }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const res = await json(w.catalogue, 'POST', base, { auth, payload });
      expect([field, res.status, res.body.code]).toEqual([field, 400, 'validation_failed']);
      expect(Object.keys(res.body.fields ?? {})).toContain(field);
    }
  });

  it('serialises concurrent edits of one item: every one applies, in turn, with its event', async () => {
    const { body: item } = await json(w.catalogue, 'POST', base, {
      auth,
      payload: { name: 'Jarra de barro', type: 'product', list_price: '100' },
    });
    const prices = Array.from({ length: 20 }, (_, i) => `${200 + i}.00`);
    const answers = await Promise.all(
      prices.map((p) => json(w.catalogue, 'PATCH', `${base}/${item.slug}`, { auth, payload: { list_price: p } })),
    );
    expect(answers.map((a) => [a.status, a.body.list_price])).toEqual(prices.map((p) => [200, p]));
    // An edit writes only on the revision it read; one that lost the race does it again under the row lock, reading
    // its predecessor's write: the updated events carry 20 distinct, consecutive revisions after the created one's.
    const rows = rowsOf<{ revision: number }>(
      await w.tdb.database
        .drizzle({})
        .execute(`select (envelope->'data'->>'revision')::int as revision from catalogue.outbox where key = '${item.id}' order by seq`),
    );
    const [created, ...updated] = rows.map((r) => Number(r.revision));
    expect([...updated].sort((a, b) => a - b)).toEqual(prices.map((_, k) => created + 1 + k));
    expect(await outboxTypes(item.id)).toEqual(['catalogue.item.created', ...prices.map(() => 'catalogue.item.updated')]);
  });

  (process.env.DATABASE_URL ? it : it.skip)(
    'an edit that races a stock change writes on top of it (PostgreSQL): the new price and the stock the other left',
    async () => {
      const { body: item } = await json(w.catalogue, 'POST', base, {
        auth,
        payload: { name: 'Cántaro de cobre', type: 'product', list_price: '100', stock: { available: 10, stock_type: 'onstock' } },
      });
      const db = w.tdb.database.drizzle({});
      let go!: () => void;
      const release = new Promise<void>((r) => (go = r));
      let holding!: () => void;
      const held = new Promise<void>((r) => (holding = r));
      // A stock commit's shape: row locked, available down, revision up; it commits only once the edit waits on it.
      const commit = db.transaction(async (tx) => {
        await tx.execute(`select 1 from catalogue.items where id = '${item.id}' for update`);
        holding();
        await release;
        await tx.execute(`update catalogue.items set available = available - 3, revision = revision + 1 where id = '${item.id}'`);
      });
      await held;
      const patch = json(w.catalogue, 'PATCH', `${base}/${item.id}`, { auth, payload: { list_price: '123.00' } });
      await eventually(async () => {
        const rows = rowsOf<{ n: number }>(
          await db.execute(
            `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%update "catalogue"."items"%'`,
          ),
        );
        return Number(rows[0].n) > 0;
      });
      go();
      await commit;
      const res = await patch;
      expect([res.status, res.body.list_price, res.body.available, res.body.stock]).toEqual([
        200,
        '123.00',
        7,
        expect.objectContaining({ available: 7 }),
      ]);
      // One updated event (the write that found the revision moved wrote nothing), describing the row as it is.
      expect(await outboxTypes(item.id)).toEqual(['catalogue.item.created', 'catalogue.item.updated']);
      const rows = rowsOf<{ data: { available: number; revision: number; listPriceMinor: number }; revision: number }>(
        await db.execute(
          `select o.envelope->'data' as data, i.revision from catalogue.outbox o join catalogue.items i on i.id = o.key
         where o.key = '${item.id}' and o.envelope->>'type' = 'catalogue.item.updated'`,
        ),
      );
      expect(rows[0].data).toMatchObject({ available: 7, listPriceMinor: 12300, revision: rows[0].revision });
    },
  );

  it('edits, publishes, unpublishes and sets stock with their events', async () => {
    const { body: item } = await json(w.catalogue, 'POST', base, {
      auth,
      payload: { name: 'Cuenco de barro', type: 'product', list_price: '100' },
    });
    const patched = await json(w.catalogue, 'PATCH', `${base}/${item.id}`, {
      auth,
      payload: { list_price: '120.00', hiden: true, stock: { sold_out: true } },
    });
    expect([patched.status, patched.body]).toEqual([200, expect.anything()]);
    expect(patched.body).toMatchObject({ list_price: '120.00', hiden: true, sold_out: true, name: 'Cuenco de barro' });
    expect((await json(w.catalogue, 'POST', `${base}/${item.slug}/publish`, { auth })).body.list_state).toBe('published');
    expect((await json(w.catalogue, 'POST', `${base}/${item.id}/unpublish`, { auth })).body.list_state).toBe('unpublished');
    const stock = await json(w.catalogue, 'PUT', `${base}/${item.id}/stock`, { auth, payload: { available: 0, stock_type: 'ondemand' } });
    expect(stock.body.stock).toEqual({ available: 0, stock_type: 'ondemand', max_purchase_amount: null });
    expect(await outboxTypes(item.id)).toEqual([
      'catalogue.item.created',
      'catalogue.item.updated',
      'catalogue.item.stock-changed',
      'catalogue.item.updated',
      'catalogue.item.updated',
      'catalogue.item.stock-changed',
    ]);
    const list = await json(w.catalogue, 'GET', `${base}?list_state=unpublished&text=cuenco`, { auth });
    expect(list.body.results.map((i: any) => i.id)).toEqual([item.id]);
    expect((await json(w.catalogue, 'GET', `${base}?text=%21%21`, { auth })).body).toEqual({ results: [], matches_estimated: 0 });
    const del = await json(w.catalogue, 'DELETE', `${base}/${item.id}`, { auth });
    expect(del.status).toBe(204);
    expect((await json(w.catalogue, 'GET', `${base}/${item.id}`, { auth })).status).toBe(404);
    expect((await outboxTypes(item.id)).at(-1)).toBe('catalogue.item.deleted');
  });

  it('shows a published item to anyone and an unpublished one only to its supplier', async () => {
    const published = DEMO_ITEMS[2].id;
    const anon = await json(w.catalogue, 'GET', `/catalogue/items/${A}/${published}`);
    expect(anon.status).toBe(200);
    expect(anon.body.name).toBe('Rebozo de seda tejido');
    expect((await json(w.catalogue, 'GET', `/catalogue/items/${A}/rebozo-de-seda-tejido`)).body.id).toBe(published);
    const unpublished = DEMO_ITEMS[20].id;
    expect((await json(w.catalogue, 'GET', `/catalogue/items/${unpublished}`)).status).toBe(404);
    expect((await json(w.catalogue, 'GET', `/catalogue/items/${unpublished}`, { auth: await w.token(OTHER) })).status).toBe(404);
    expect((await json(w.catalogue, 'GET', `/catalogue/items/${unpublished}`, { auth })).status).toBe(200);
    const batch = await json(w.catalogue, 'GET', `/catalogue/items?ids=${published},${unpublished},nope`);
    expect(batch.body.results.map((i: any) => i.id)).toEqual([published]);
  });

  it('treats an experience whose date has passed as concluded', async () => {
    const past = await json(w.catalogue, 'GET', `/catalogue/items/${DEMO_ITEMS[31].id}`);
    expect(past.body).toMatchObject({ type: 'experience', concluded: true, experience_available: false });
    const future = await json(w.catalogue, 'GET', `/catalogue/items/${DEMO_ITEMS[28].id}`);
    expect(future.body).toMatchObject({ type: 'experience', concluded: false, experience_available: true });
    expect(new Date(future.body.experience_date).getTime()).toBeGreaterThan(Date.now());
    const free = await json(w.catalogue, 'GET', `/catalogue/items/${DEMO_ITEMS[19].id}`);
    expect(free.body).toMatchObject({ is_free: true, list_price: '0.00' });
    const soldOut = await json(w.catalogue, 'GET', `/catalogue/items/${DEMO_ITEMS[22].id}`);
    expect(soldOut.body).toMatchObject({ sold_out: true, available: 0 });
  });

  it('answers 403 to another owner and 401 without a token on every admin endpoint', async () => {
    const other = await w.token(OTHER, 2);
    const item = DEMO_ITEMS[3].id;
    const cat = '01930000-0000-7000-8003-000000000001';
    const routes: Array<[string, string, object?]> = [
      ['GET', base],
      ['POST', base, { name: 'x', type: 'product' }],
      ['GET', `${base}/${item}`],
      ['PATCH', `${base}/${item}`, { name: 'hacked' }],
      ['DELETE', `${base}/${item}`],
      ['POST', `${base}/${item}/publish`],
      ['POST', `${base}/${item}/unpublish`],
      ['PUT', `${base}/${item}/stock`, { available: 1 }],
      ['GET', `/catalogue/${A}:${A}/affiliate/catalogues`],
      ['GET', `/catalogue/${A}:${A}/affiliate/catalogues/${cat}`],
      ['GET', `/catalogue/${A}:${A}/affiliate/catalogues/${cat}/products`],
      ['GET', `/catalogue/${A}:${A}/affiliate/catalogues/${cat}/products/search`],
      ['POST', `/catalogue/${A}:${A}/affiliate/catalogues`, { name: 'x' }],
      ['PATCH', `/catalogue/${A}:${A}/affiliate/catalogues/${cat}`, { name: 'x' }],
      ['DELETE', `/catalogue/${A}:${A}/affiliate/catalogues/${cat}?force=true`],
      ['POST', `/catalogue/${A}:${A}/affiliate/catalogues/${cat}/move`, { position: 1 }],
      ['POST', `/catalogue/${A}:${A}/affiliate/catalogues/${cat}/products/add_filtered`, { query: { ids: [item] } }],
      ['POST', `/catalogue/${A}:${A}/affiliate/catalogues/${cat}/products/move`, { product: item, position: 1 }],
      ['POST', `/catalogue/${A}:${A}/affiliate/catalogues/${cat}/products/clone`, { origin_id: cat }],
      ['DELETE', `/catalogue/${A}:${A}/affiliate/catalogues/${cat}/products/${item}`],
      ['GET', `/catalogue/${A}:${A}/affiliate/store/dssuppliers/search`],
      ['GET', `/catalogue/${A}:${A}/affiliate/store/products/search`],
    ];
    for (const [method, url, payload] of routes) {
      const forbidden = await json(w.catalogue, method, url, { auth: other, payload });
      expect([method, url, forbidden.status, forbidden.body.code]).toEqual([method, url, 403, 'forbidden']);
      const anonymous = await json(w.catalogue, method, url, { payload });
      expect([method, url, anonymous.status]).toEqual([method, url, 401]);
      // `{owner}:{someone else}` is refused too, whoever signs in
      const mixed = await json(w.catalogue, method, url.replace(`${A}:${A}`, `${A}:${OTHER}`), { auth, payload });
      expect([method, url, mixed.status]).toEqual([method, url, 403]);
    }
    expect((await json(w.catalogue, 'GET', `/catalogue/items/${item}`)).body.name).toBe('Cesta de palma natural');
    // nothing changed: the catalogue is still there with its products
    expect((await json(w.catalogue, 'GET', `/catalogue/public/catalogues/${cat}`)).body.num_products).toBe(9);
  });

  it('serves generated demo photos for a slug, immutable', async () => {
    const res = await w.catalogue.inject({ method: 'GET', url: '/catalogue/demo-photos/cafe-de-chiapas-tostado-500-g--2.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await w.catalogue.inject({ method: 'GET', url: '/catalogue/demo-photos/..%2Fsecret.jpg' })).statusCode).toBe(404);
    expect((await w.catalogue.inject({ method: 'GET', url: '/catalogue/demo-photos/x.png' })).statusCode).toBe(404);
  });
});
