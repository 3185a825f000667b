import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO, DEMO_ITEMS } from '@vitrina/contracts';
import { rowsOf } from '@vitrina/platform';
import { eventually, json } from './helpers.js';
import { DemoSeeder } from '../src/demo/demo-seeder.js';
import { LISTING_CACHE, type ListingCache } from '../src/listings/listing-cache.js';
import { ListingChangesCompactionJob } from '../src/listings/jobs/listing-changes-compaction.job.js';
import { published, startWorld, type World } from './world.js';

const { users } = DEMO;
const A = users.supplierA.id;
const B = users.supplierB.id;
// Demo shop `demo` shows all 64 demo items: 42 products, of which #21 is unpublished and #22 hidden.
const PUBLIC_PRODUCTS = 40;

describe('shop listings and search (catalogue projection fed by the store)', () => {
  let w: World;
  let supplierA: string;
  let owner: string;
  const list = (query: string, auth?: string) => json(w.catalogue, 'GET', `/catalogue/shops/demo/items?${query}`, { auth });

  beforeAll(async () => {
    w = await startWorld({ seed: true });
    await w.store.demo();
    supplierA = await w.token(A, 2, ['dssupplier-admin']);
    owner = await w.token(users.demoOwner.id, 2);
    // The projection fills asynchronously from store.items events.
    await eventually(async () => (await list('type=product')).body.matches_estimated === PUBLIC_PRODUCTS);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('lists published, not hidden products of the shop, 36 per page by default', async () => {
    const page1 = await list('type=product');
    expect(page1.status).toBe(200);
    expect(page1.body.results).toHaveLength(36);
    expect(page1.body.matches_estimated).toBe(PUBLIC_PRODUCTS);
    expect(page1.body.results.every((i: any) => i.type === 'product' && i.list_state === 'published' && i.hiden === false)).toBe(true);
    const page2 = await list('type=product&page=2');
    expect(page2.body.results).toHaveLength(PUBLIC_PRODUCTS - 36);
    const ids = new Set([...page1.body.results, ...page2.body.results].map((i: any) => i.id));
    expect(ids.size).toBe(PUBLIC_PRODUCTS);
    expect(ids.has(DEMO_ITEMS[20].id)).toBe(false); // unpublished
    expect(ids.has(DEMO_ITEMS[21].id)).toBe(false); // hidden
    expect((await list('type=service')).body.results).toHaveLength(7);
  });

  it('answers prices with two decimals and in minor units', async () => {
    const { body } = await list('type=product&text=jarron');
    expect(body.results[0]).toMatchObject({
      name: 'Jarrón de barro negro',
      list_price: '850.00',
      list_price_minor: 85000,
      currency: 'MXN',
    });
  });

  it('sorts by queue_position, -list_price and list_price', async () => {
    const byQueue = (await list('type=product&limit=100')).body.results.map((i: any) => i.queue_position);
    expect(byQueue).toEqual([...byQueue].sort((a, b) => a - b));
    const desc = (await list('type=product&sort=-list_price&limit=100')).body.results.map((i: any) => i.list_price_minor);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(desc[0]).toBe(320000);
    const asc = (await list('type=product&sort=list_price&limit=100')).body.results.map((i: any) => i.list_price_minor);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(asc[0]).toBe(0);
    const unknown = await list('sort=price');
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('validation_failed');
  });

  it('handles page 0, a huge page and refuses a negative offset', async () => {
    const first = await list('type=product');
    const zero = await list('type=product&page=0');
    expect(zero.status).toBe(200);
    expect(zero.body.results.map((i: any) => i.id)).toEqual(first.body.results.map((i: any) => i.id));
    const huge = await list('type=product&page=999999');
    expect(huge.status).toBe(200);
    expect(huge.body).toEqual({ results: [], matches_estimated: PUBLIC_PRODUCTS });
    const beyond = await list('type=product&offset=500');
    expect(beyond.body).toEqual({ results: [], matches_estimated: PUBLIC_PRODUCTS });
    for (const q of ['offset=-1', 'offset=abc', 'limit=0', 'limit=101', 'offset=1000001', 'type=food']) {
      const res = await list(q);
      expect([q, res.status, res.body.code]).toEqual([q, 400, 'validation_failed']);
    }
  });

  it('matches word prefixes of name, tags and description, accents folded', async () => {
    const caf = await list('text=caf');
    expect(caf.body.matches_estimated).toBeGreaterThan(10);
    expect(
      caf.body.results.every(
        (i: any) =>
          /caf/i.test(i.name.normalize('NFD').replace(/\p{Diacritic}/gu, '')) ||
          i.tags.some((t: string) => t.startsWith('caf')) ||
          /caf/i.test(i.description.normalize('NFD').replace(/\p{Diacritic}/gu, '')),
      ),
    ).toBe(true);
    const both = await list('text=cafe%20chia');
    expect(both.body.results.map((i: any) => i.name)).toEqual(['Café de Chiapas tostado 500 g', 'Tour por fincas cafetaleras de Chiapas']);
    const accent = await list('text=MOLCAJETE%20volcanica');
    expect(accent.body.results.map((i: any) => i.name)).toEqual(['Molcajete de piedra volcánica']);
    const none = await list('text=zzzzqqq');
    expect(none.body).toEqual({ results: [], matches_estimated: 0 });
    // Punctuation only has no word to look for: it finds nothing (it used to list the whole shop). Blank is no text.
    expect((await list('text=%21%21%21')).body).toEqual({ results: [], matches_estimated: 0 });
    expect((await list('type=product&text=%C2%BF%3F')).body).toEqual({ results: [], matches_estimated: 0 });
    expect((await list('text=%20%20')).body.matches_estimated).toBeGreaterThan(10);
  });

  it('ranks a name match above a tag match above a description match', async () => {
    const create = async (body: object) => {
      const res = await json(w.catalogue, 'POST', `/catalogue/${A}:${A}/affiliate/items`, {
        auth: supplierA,
        payload: { type: 'product', list_state: 'published', list_price: '10', ...body },
      });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    // queue positions put the description match first, so only the rank can put the name match on top
    const inDescription = await create({ name: 'Caja sencilla', description: 'Inspirada en grecas zapotecas', queue_position: 1 });
    const inTags = await create({ name: 'Plato liso', tags: ['zapoteca'], queue_position: 2 });
    const inName = await create({ name: 'Tapiz zapoteco', queue_position: 3 });
    await w.store.itemsAdded(DEMO.shops.demo.id, [inDescription, inTags, inName]);
    const found = await eventually(async () => {
      const res = await list('text=zapot');
      // the count and the rows converge through two projections (store.items, catalogue.item): wait for both
      return res.body.matches_estimated === 3 && res.body.results.length === 3 ? res : undefined;
    });
    expect(found.body.results.map((i: any) => i.id)).toEqual([inName, inTags, inDescription]);
    // an explicit price sort keeps the filter but not the rank
    expect((await list('text=zapot&sort=-list_price')).body.matches_estimated).toBe(3);
  });

  it('forgives a typo with trigram similarity when no word prefix matches', async () => {
    const res = await list('type=product&text=alebrijes');
    expect(res.body.results.map((i: any) => i.name)).toContain('Alebrije jaguar pintado a mano');
  });

  it('filters by type, supplier, category and tags', async () => {
    const services = await list('type=service&limit=100');
    expect(services.body.results.every((i: any) => i.type === 'service')).toBe(true);
    const ofB = await list(`supplier=${B}&limit=100`);
    expect(ofB.body.matches_estimated).toBe(27);
    expect(ofB.body.results.every((i: any) => i.owner === B && i.owner_name === 'Café de Altura')).toBe(true);
    const dss = await list(`dssupplier=${A}&type=digital`);
    expect(dss.body.results.every((i: any) => i.owner === A && i.type === 'digital')).toBe(true);
    const tagged = await list('tags=talavera');
    expect(tagged.body.results.length).toBeGreaterThan(0);
    expect(tagged.body.results.every((i: any) => i.tags.includes('talavera'))).toBe(true);
  });

  it('shows the owner unpublished and hidden items (to be dimmed), nobody else', async () => {
    const mine = await list('type=product&limit=100', owner);
    expect(mine.body.matches_estimated).toBeGreaterThanOrEqual(PUBLIC_PRODUCTS + 2);
    expect(mine.body.results.some((i: any) => i.list_state === 'unpublished')).toBe(true);
    expect(mine.body.results.some((i: any) => i.hiden)).toBe(true);
    const other = await list('type=product&limit=100', await w.token(users.otherOwner.id, 2));
    expect(other.body.results.some((i: any) => i.list_state === 'unpublished' || i.hiden)).toBe(false);
  });

  it('suggests only for non-empty text, lower-cased, 5 by default', async () => {
    expect((await json(w.catalogue, 'GET', '/catalogue/shops/demo/suggestions?text=')).body).toEqual({ results: [], matches_estimated: 0 });
    expect((await json(w.catalogue, 'GET', '/catalogue/shops/demo/suggestions?text=%20%20')).body.results).toEqual([]);
    const caf = await json(w.catalogue, 'GET', '/catalogue/shops/demo/suggestions?text=CAF');
    expect(caf.body.results).toHaveLength(5);
    expect(caf.body.results[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), name: expect.any(String), slug: expect.any(String), type: expect.any(String) }),
    );
    const two = await json(w.catalogue, 'GET', '/catalogue/shops/demo/suggestions?text=caf&n_suggestions=2&type=service');
    expect(two.body.results).toHaveLength(2);
    expect(two.body.results.every((s: any) => s.type === 'service')).toBe(true);
  });

  it('lists items to add for the add-products modal with in_store, franchise stores only their supplier’s', async () => {
    const olga = users.otherOwner.id;
    const picker = (owner: string, q: string, auth: string) =>
      json(w.catalogue, 'GET', `/catalogue/${owner}:${owner}/affiliate/store/products/search?${q}`, { auth });
    const olgaAuth = await w.token(olga, 2);
    const res = await picker(olga, 'type=product&limit=100', olgaAuth);
    expect(res.status).toBe(200);
    // every published, not hidden product (the demo's plus those created above)
    expect(res.body.matches_estimated).toBeGreaterThanOrEqual(PUBLIC_PRODUCTS);
    expect(res.body.results).toHaveLength(res.body.matches_estimated);
    const margins = res.body.results.map((i: any) => i.contribution_margin_minor);
    expect(margins).toEqual([...margins].sort((a: number, b: number) => b - a));
    expect(res.body.results.every((i: any) => i.in_store === (i.owner === B))).toBe(true);
    const coffee = await picker(olga, `text=cafe&dssupplier=${B}&limit=5`, olgaAuth);
    expect(coffee.body.results.every((i: any) => i.owner === B)).toBe(true);
    expect(coffee.body.results).toHaveLength(5);
    expect((await picker(olga, 'text=%21%21', olgaAuth)).body).toEqual({ results: [], matches_estimated: 0 });
    const franchise = await picker(A, 'type=product&limit=100', supplierA);
    expect(franchise.body.results.every((i: any) => i.owner === A)).toBe(true);
    // the supplier's own unpublished and hidden items are offered to its own store
    expect(franchise.body.results.some((i: any) => i.list_state === 'unpublished')).toBe(true);
    expect((await picker(olga, 'sort=name', olgaAuth)).status).toBe(400);
    expect((await picker(olga, '', owner)).status).toBe(403);
  });

  it('answers 404 shop_not_found for an unknown shop', async () => {
    const res = await json(w.catalogue, 'GET', '/catalogue/shops/no-such-shop/items');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('shop_not_found');
  });

  it('drops an unpublished item from public listings at once', async () => {
    const item = DEMO_ITEMS[0].id; // Jarrón de barro negro
    const unpublished = await json(w.catalogue, 'POST', `/catalogue/${A}:${A}/affiliate/items/${item}/unpublish`, { auth: supplierA });
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.list_state).toBe('unpublished');
    expect((await list('text=jarron')).body.results).toEqual([]);
    expect((await json(w.catalogue, 'GET', `/catalogue/items/${A}/${item}`)).status).toBe(404);
    expect((await list('text=jarron', owner)).body.results.map((i: any) => i.id)).toEqual([item]);
    await json(w.catalogue, 'POST', `/catalogue/${A}:${A}/affiliate/items/${item}/publish`, { auth: supplierA });
    expect((await list('text=jarron')).body.results.map((i: any) => i.id)).toEqual([item]);
  });

  it('removes a deleted item from listings at once and tells the store with catalogue.item.deleted', async () => {
    const item = DEMO_ITEMS[1].id; // Alebrije jaguar
    expect((await list('text=alebrije%20jaguar')).body.results).toHaveLength(1);
    const del = await json(w.catalogue, 'DELETE', `/catalogue/${A}:${A}/affiliate/items/${item}`, { auth: supplierA });
    expect(del.status).toBe(204);
    expect((await list('text=alebrije%20jaguar')).body.results).toEqual([]);
    expect((await list('text=alebrije%20jaguar', owner)).body.results).toEqual([]);
    const events = await published(w, 'catalogue.item.deleted');
    expect(events.map((e) => e.data)).toContainEqual({ itemId: item, ownerId: A, revision: expect.any(Number) });
    expect(events.find((e) => (e.data as any).itemId === item)?.key).toBe(item);
    // a late store.items.added for it (sent before the store heard of the deletion) does not bring it back
    await w.store.itemsAdded(DEMO.shops.other.id, [item]);
    await w.store.itemsAdded(DEMO.shops.other.id, [DEMO_ITEMS[3].id]);
    await eventually(async () => (await json(w.catalogue, 'GET', '/catalogue/shops/olga/items?text=cesta')).body.matches_estimated === 1);
    expect((await json(w.catalogue, 'GET', '/catalogue/shops/olga/items?text=alebrije%20jaguar')).body.results).toEqual([]);
  });

  it('follows store.items.removed, and store.items.added of a new item', async () => {
    await w.store.itemsRemoved(DEMO.shops.demo.id, [DEMO_ITEMS[4].id]);
    const taza = DEMO_ITEMS[4].id;
    await eventually(async () => !(await list('text=taza%20talavera')).body.results.some((r: any) => r.id === taza));
    // the store lists an id first, the item is created afterwards: it shows up once it exists
    const shopFirst = DEMO.shops.reseller.id;
    const create = await json(w.catalogue, 'POST', `/catalogue/${A}:${A}/affiliate/items`, {
      auth: supplierA,
      payload: { name: 'Petate tejido', type: 'product', list_state: 'published' },
    });
    await w.store.itemsAdded(shopFirst, [create.body.id]);
    await eventually(async () => (await json(w.catalogue, 'GET', '/catalogue/shops/rita/items?text=petate')).body.matches_estimated === 1);
  });
});

describe('cached listing pages (listing_version)', () => {
  let w: World;
  let supplierA: string;
  let owner: string;
  const list = (query: string, auth?: string) => json(w.catalogue, 'GET', `/catalogue/shops/demo/items?${query}`, { auth });
  const cache = () => w.catalogue.get<ListingCache>(LISTING_CACHE);
  const version = async () => {
    const rows = rowsOf<{ v: number }>(
      await w.tdb.database.drizzle({}).execute(
        `select (listing_version + (select count(*) from catalogue.listing_changes c where c.shop_id = s.id))::int as v
           from catalogue.shops s where id = '${DEMO.shops.demo.id}'`,
      ),
    );
    return rows[0].v;
  };
  const cardOf = async (itemId: string, query = 'type=product&sort=list_price') =>
    (await list(query)).body.results.find((r: any) => r.id === itemId);

  beforeAll(async () => {
    w = await startWorld({ seed: true });
    await w.store.demo();
    supplierA = await w.token(A, 2, ['dssupplier-admin']);
    owner = await w.token(users.demoOwner.id, 2);
    await eventually(async () => (await list('type=product')).body.matches_estimated === PUBLIC_PRODUCTS);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('serves a repeated public page from memory, the same bytes, while nothing changed', async () => {
    const first = await json(w.catalogue, 'GET', '/catalogue/shops/demo/items?type=product&offset=0&limit=5');
    const hits = cache().hits;
    const again = await w.catalogue.inject({ method: 'GET', url: '/catalogue/shops/demo/items?type=product&offset=0&limit=5' });
    expect(cache().hits).toBe(hits + 1);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.json()).toEqual(first.body);
    expect(again.json().results).toHaveLength(5);
    // another page is another entry; the owner's view is never taken from (or put in) the cache
    const size = cache().size;
    await list('type=product&offset=5&limit=5');
    expect(cache().size).toBe(size + 1);
    const before = cache().hits;
    await list('type=product&offset=0&limit=5', owner);
    await list('type=product&offset=0&limit=5', owner);
    expect(cache().hits).toBe(before);
  });

  it('shows an item edit (price, name) at once', async () => {
    const item = DEMO_ITEMS[5]; // supplier A's 6th product, published
    const before = await cardOf(item.id);
    expect(before).toBeDefined();
    const v = await version();
    const patched = await json(w.catalogue, 'PATCH', `/catalogue/${A}:${A}/affiliate/items/${item.id}`, {
      auth: supplierA,
      payload: { list_price: '1.25', contribution_margin: '0.25', name: 'Precio de liquidación' },
    });
    expect(patched).toMatchObject({ status: 200 });
    expect(await version()).toBeGreaterThan(v);
    const after = await cardOf(item.id);
    expect(after).toMatchObject({ list_price: '1.25', name: 'Precio de liquidación' });
    // search and type-ahead read the shop's own copy of the search columns: the new name is found at once
    const found = await list('text=liquidacion');
    expect(found.body.results.map((i: any) => i.id)).toEqual([item.id]);
    expect((await list('text=liquidasion')).body.results.map((i: any) => i.id)).toContain(item.id); // the typo pass too
    const typed = await json(w.catalogue, 'GET', '/catalogue/shops/demo/suggestions?text=liquid');
    expect(typed.body.results.map((i: any) => i.id)).toEqual([item.id]);
    // sorted by price it now comes before every dearer item
    const sorted = (await list('type=product&sort=list_price')).body.results as Array<{ id: string; list_price_minor: number }>;
    const at = sorted.findIndex((r) => r.id === item.id);
    expect(sorted.slice(0, at).every((r) => r.list_price_minor <= 125)).toBe(true);
    expect(sorted.slice(at + 1).every((r) => r.list_price_minor >= 125)).toBe(true);
  });

  it('shows a stock change (sold out) at once, though the projection row does not change', async () => {
    const item = DEMO_ITEMS[6];
    expect((await cardOf(item.id, 'type=product'))?.sold_out).toBe(false);
    const stock = await json(w.catalogue, 'PUT', `/catalogue/${A}:${A}/affiliate/items/${item.id}/stock`, {
      auth: supplierA,
      payload: { sold_out: true },
    });
    expect(stock.status).toBe(200);
    expect((await cardOf(item.id, 'type=product'))?.sold_out).toBe(true);
  });

  it("shows a supplier's new name on its cards at once", async () => {
    const item = DEMO_ITEMS[37]; // supplier B's first product
    expect((await cardOf(item.id, 'type=product'))?.owner_name).not.toBe('Talleres Renombrados');
    await w.tdb.database.drizzle({}).execute(`update catalogue.suppliers set name = 'Talleres Renombrados' where id = '${B}'`);
    expect((await cardOf(item.id, 'type=product'))?.owner_name).toBe('Talleres Renombrados');
  });

  it('drops an item the store removed at once, in every cached page of the shop', async () => {
    const item = DEMO_ITEMS[7];
    expect(await cardOf(item.id, 'type=product')).toBeDefined();
    const v = await version();
    await w.store.itemsRemoved(DEMO.shops.demo.id, [item.id]);
    await eventually(async () => (await version()) > v);
    expect(await cardOf(item.id, 'type=product')).toBeUndefined();
  });

  it('compaction folds listing_changes into the shop row without changing the version or serving an old page', async () => {
    const item = DEMO_ITEMS[8];
    const query = 'type=product&sort=list_price&limit=100';
    expect(await cardOf(item.id, query)).toBeDefined();
    const v = await version();
    const changes = async () => {
      const rows = rowsOf<{ n: number }>(
        await w.tdb.database
          .drizzle({})
          .execute(`select count(*)::int as n from catalogue.listing_changes where shop_id = '${DEMO.shops.demo.id}'`),
      );
      return rows[0].n;
    };
    // (the job's own minute may already have folded some: only the outcome is asserted)
    await w.catalogue.get(ListingChangesCompactionJob).compact();
    expect(await changes()).toBe(0);
    expect(await version()).toBe(v);
    const rows = rowsOf<{ v: number }>(
      await w.tdb.database.drizzle({}).execute(`select listing_version::int as v from catalogue.shops where id = '${DEMO.shops.demo.id}'`),
    );
    expect(rows[0].v).toBe(v); // all of it now in the shop row's base
    const hits = cache().hits;
    await cardOf(item.id, query);
    expect(cache().hits).toBe(hits + 1); // same version: the cached page is still good
    // A write after compaction moves the version on again, and the page shows it.
    const patched = await json(w.catalogue, 'PATCH', `/catalogue/${A}:${A}/affiliate/items/${item.id}`, {
      auth: supplierA,
      payload: { name: 'Después de compactar' },
    });
    expect(patched.status).toBe(200);
    expect(await version()).toBe(v + 1);
    expect(await cardOf(item.id, query)).toMatchObject({ name: 'Después de compactar' });
  });

  it('item writes of one shop do not wait for each other: a transaction holding a change leaves others free', async () => {
    const [first, second] = [DEMO_ITEMS[9], DEMO_ITEMS[10]];
    const v = await version();
    const db = w.tdb.database.drizzle({});
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside!: () => void;
    const started = new Promise<void>((r) => (inside = r));
    // One transaction changes an item the demo shop shows and stays open...
    const open = db.transaction(async (tx) => {
      await tx.execute(`update catalogue.items set name = 'Abierta' where id = '${first.id}'`);
      inside();
      await held;
    });
    await started;
    try {
      if (w.tdb.database.kind === 'postgres') {
        // ...while another item of the same shop is edited and committed (it used to wait on the shop row).
        const patched = await Promise.race([
          json(w.catalogue, 'PATCH', `/catalogue/${A}:${A}/affiliate/items/${second.id}`, {
            auth: supplierA,
            payload: { name: 'Sin esperar' },
          }),
          new Promise<'waited'>((r) => setTimeout(() => r('waited'), 5_000)),
        ]);
        expect(patched).toMatchObject({ status: 200 });
        expect(await version()).toBe(v + 1);
        expect(await cardOf(second.id, 'type=product&sort=list_price&limit=100')).toMatchObject({ name: 'Sin esperar' });
      }
    } finally {
      release();
      await open;
    }
    expect(await version()).toBeGreaterThan(v);
    expect(await cardOf(first.id, 'type=product&sort=list_price&limit=100')).toMatchObject({ name: 'Abierta' });
  });
});

describe('shop listings when the store speaks first', () => {
  it('lists items whose store.items.added arrived before the items themselves', async () => {
    // (the shop events are sent first; the demo items are seeded afterwards)
    const w = await startWorld({ seed: false });
    try {
      await w.store.demo();
      // the projection holds placeholders: nothing is listed yet. The shop itself comes in an event of its own, which
      // may be projected after its items' placeholders (until then the listing answers 404 shop_not_found).
      await eventually(async () => {
        const rows = rowsOf<{ n: number }>(
          await w.tdb.database
            .drizzle({})
            .execute(`select count(*)::int as n from catalogue.shop_items where shop_id = '${DEMO.shops.demo.id}'`),
        );
        return (
          rows[0].n === DEMO_ITEMS.length && (await json(w.catalogue, 'GET', '/catalogue/shops/demo/items?type=product')).status === 200
        );
      }, 30_000);
      expect((await json(w.catalogue, 'GET', '/catalogue/shops/demo/items?type=product')).body.matches_estimated).toBe(0);
      await w.catalogue.get(DemoSeeder).seedDemo();
      await eventually(
        async () => (await json(w.catalogue, 'GET', '/catalogue/shops/demo/items?type=product')).body.matches_estimated === PUBLIC_PRODUCTS,
        30_000,
      );
      // the placeholders got the items' search columns too
      const found = await json(w.catalogue, 'GET', '/catalogue/shops/demo/items?type=product&text=molcajete%20volcanica');
      expect(found.body.results.map((i: any) => i.name)).toEqual(['Molcajete de piedra volcánica']);
    } finally {
      await w.close();
    }
  }, 90_000);
});
