import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO, benchItemId, benchShopId, benchShopOfItem, benchShopOwnerId, benchShopSlug } from '@vitrina/contracts';
import { LISTING_CACHE, type ListingCache } from '../src/listings/listing-cache.js';
import { ShopListingQuery } from '../src/listings/queries/shop-listing.query.js';
import { eventually, json } from './helpers.js';
import { startWorld, type World } from './world.js';

const { users, shops } = DEMO;
const A = users.supplierA.id;
const B = users.supplierB.id;
const PUBLIC_PRODUCTS = 40;
// A bench world beside the demo: 6000 items over 12 shops (500 each), for the query plans.
const BENCH_ITEMS = 6000;
const BENCH_SHOPS = 12;

describe('shop listing: like (similar items) and filter (spec syntax)', () => {
  let w: World;
  let supplierA: string;
  let owner: string;
  const list = (query: string, auth?: string, shop = 'demo') =>
    json(w.catalogue, 'GET', `/catalogue/shops/${shop}/items?${query}`, { auth });
  const ids = (body: any) => body.results.map((i: any) => i.id as string);
  const cache = () => w.catalogue.get<ListingCache>(LISTING_CACHE);
  // the fixture of `like`: a reference product and its neighbours, shown by the demo shop unless said otherwise
  const fx = {} as Record<'ref' | 'two' | 'one' | 'category' | 'service' | 'unrelated' | 'foreign' | 'unlisted', string>;

  const create = async (body: object) => {
    const res = await json(w.catalogue, 'POST', `/catalogue/${A}:${A}/affiliate/items`, {
      auth: supplierA,
      payload: { type: 'product', list_state: 'published', list_price: '10', ...body },
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  beforeAll(async () => {
    w = await startWorld({ seed: true, env: { SEED_BENCH_ITEMS: String(BENCH_ITEMS), SEED_BENCH_SHOPS: String(BENCH_SHOPS) } });
    await w.store.demo();
    supplierA = await w.token(A, 2, ['dssupplier-admin']);
    owner = await w.token(users.demoOwner.id, 2);

    const tags = ['molinete', 'fogon'];
    fx.ref = await create({ name: 'Molinillo de madera', tags, category_ids: ['cat-molinos'], queue_position: 50 });
    fx.unrelated = await create({ name: 'Rebozo de seda', tags: ['rebozito'], queue_position: 1 });
    // queue positions put the least similar first, so only the relevance can order them
    fx.category = await create({ name: 'Metate', tags: ['comalito'], category_ids: ['cat-molinos'], queue_position: 2 });
    fx.one = await create({ name: 'Cuchara de palo', tags: ['fogon'], queue_position: 3 });
    fx.two = await create({ name: 'Molinillo grande', tags: ['Molinete', 'fogon', 'batidor'], queue_position: 4 });
    fx.service = await create({ type: 'service', name: 'Taller de molinillos', tags, queue_position: 5 });
    fx.unlisted = await create({ name: 'Molinillo borrador', tags, list_state: 'unpublished', queue_position: 6 });
    fx.foreign = await create({ name: 'Molinillo de otra tienda', tags, queue_position: 7 });
    await w.store.itemsAdded(shops.demo.id, [fx.ref, fx.unrelated, fx.category, fx.one, fx.two, fx.service, fx.unlisted]);
    await w.store.itemsAdded(shops.other.id, [fx.foreign, fx.ref]);

    // every bench shop shows its 500 items, so the projection holds 6000+ rows as well
    const benchOf = (shop: number) =>
      Array.from({ length: BENCH_ITEMS }, (_, i) => i + 1).filter((n) => benchShopOfItem(n, BENCH_SHOPS) === shop);
    const bench = benchOf(1);
    for (let shop = 1; shop <= BENCH_SHOPS; shop++) {
      await w.store.shopCreated({
        shopId: benchShopId(shop),
        ownerId: benchShopOwnerId(shop),
        slug: benchShopSlug(shop),
        storeType: 'affiliate',
        name: `Banco ${shop}`,
      });
      await w.store.itemsAdded(benchShopId(shop), benchOf(shop).map(benchItemId));
    }

    await eventually(async () => (await list('type=product')).body.matches_estimated === PUBLIC_PRODUCTS + 5, 30_000);
    for (const shop of [1, BENCH_SHOPS])
      await eventually(async () => (await list('', undefined, benchShopSlug(shop))).body.matches_estimated === bench.length, 60_000);
    await w.tdb.database.drizzle({}).execute('analyze catalogue.shop_items');
    await w.tdb.database.drizzle({}).execute('analyze catalogue.items');
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  describe('like', () => {
    it('lists items of the same type sharing tags or a category, most shared tags first, never the item itself', async () => {
      const res = await list(`like=${fx.ref}`);
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([fx.two, fx.one, fx.category]);
      expect(res.body.matches_estimated).toBe(3);
    });

    it('never lists another shop’s items nor, for the public, unlisted ones; the owner sees those dimmed', async () => {
      const olga = await list(`like=${fx.ref}`, undefined, 'olga');
      expect(ids(olga.body)).toEqual([fx.foreign]);
      const mine = await list(`like=${fx.ref}`, owner);
      expect(ids(mine.body)).toEqual(expect.arrayContaining([fx.two, fx.one, fx.category, fx.unlisted]));
      expect(ids(mine.body)).not.toContain(fx.ref);
      expect(ids(mine.body)).not.toContain(fx.foreign);
    });

    it('answers an empty page for an unknown id, another shop’s item or an unlisted one; 400 for a malformed id', async () => {
      for (const like of ['01930000-0000-7000-9999-000000000001', fx.foreign, fx.unlisted]) {
        const res = await list(`like=${like}`);
        expect([like, res.status, res.body]).toEqual([like, 200, { results: [], matches_estimated: 0 }]);
      }
      for (const like of ['a%20b', 'x'.repeat(65), '', '%3Cscript%3E']) {
        const res = await list(`like=${like}`);
        expect([like, res.status, res.body.code]).toEqual([like, 400, 'validation_failed']);
      }
    });

    it('combines with the other parameters; an explicit sort keeps the filter but not the relevance', async () => {
      expect((await list(`like=${fx.ref}&type=service`)).body).toEqual({ results: [], matches_estimated: 0 });
      expect(ids((await list(`like=${fx.ref}&text=molin`)).body)).toEqual([fx.two]);
      expect(ids((await list(`like=${fx.ref}&filter=tag:comalito`)).body)).toEqual([fx.category]);
      const byPrice = await list(`like=${fx.ref}&sort=-list_price`);
      expect(byPrice.body.matches_estimated).toBe(3);
      expect(new Set(ids(byPrice.body))).toEqual(new Set([fx.two, fx.one, fx.category]));
      expect(ids((await list(`like=${fx.ref}&limit=1&offset=1`)).body)).toEqual([fx.one]);
    });

    it('reads indexes, never every item, on a shop of a 6000-item world', async () => {
      const query = w.catalogue.get(ShopListingQuery);
      const ref = benchItemId(1);
      const similar = await list(`like=${ref}&limit=100`, undefined, benchShopSlug(1));
      expect(similar.status).toBe(200);
      expect(similar.body.matches_estimated).toBeGreaterThan(0);
      const first = (await list('limit=1', undefined, benchShopSlug(1))).body.results[0];
      expect(first.id).toBe(ref);
      const refTags = new Set<string>(first.tags);
      expect(
        similar.body.results.every((i: any) => i.id !== ref && i.type === 'product' && i.tags.some((t: string) => refTags.has(t))),
      ).toBe(true);
      const shared = similar.body.results.map((i: any) => i.tags.filter((t: string) => refTags.has(t)).length);
      expect(shared).toEqual([...shared].sort((a, b) => b - a));

      const plan = await query.explain({ shop: benchShopSlug(1), like: ref });
      expect(plan).not.toMatch(/Seq Scan on (items|shop_items)\b/);
      const withText = await query.explain({ shop: benchShopSlug(1), like: ref, filter: 'cafe type:product' });
      expect(withText).not.toMatch(/Seq Scan on (items|shop_items)\b/);
    });

    it('searches a shop from its own rows: items are read only for the page, never row by row to test the words', async () => {
      const query = w.catalogue.get(ShopListingQuery);
      const shop = benchShopSlug(1);
      const first = (await list('type=product&limit=1', undefined, shop)).body.results[0];
      const word = first.name.split(' ')[0].toLowerCase();
      const found = await list(`type=product&text=${word.slice(0, 4)}`, undefined, shop);
      expect(found.body.results.map((i: any) => i.id)).toContain(first.id);
      const typo = await list(`type=product&text=${word.slice(0, -1)}x`, undefined, shop);
      expect([word, typo.body.results.length > 0]).toEqual([word, true]);
      // plans as a served database has them: with statistics (this machine's PostgreSQL may run without autovacuum)
      await w.tdb.database.drizzle({}).execute('analyze catalogue.shop_items');
      for (const text of [word.slice(0, 4), 'zzqxv', 'ca']) {
        const plan = await query.explain({ shop, type: 'product', text });
        // the only read of `items` is the page's join by primary key
        const itemReads = plan.match(/ on items\b/g)?.length;
        if (itemReads !== 1 || /Seq Scan on (items|shop_items)\b/.test(plan)) throw new Error(`the plan of "${text}":\n${plan}`);
      }
    });
  });

  describe('filter', () => {
    it('matches free words like text and combines them with text (every word must match)', async () => {
      const viaFilter = await list('filter=MOLCAJETE%20volcanica');
      expect(viaFilter.body.results.map((i: any) => i.name)).toEqual(['Molcajete de piedra volcánica']);
      const both = await list('text=cafe&filter=chia');
      expect(both.body.results.map((i: any) => i.name)).toEqual([
        'Café de Chiapas tostado 500 g',
        'Tour por fincas cafetaleras de Chiapas',
      ]);
      expect(both.body).toEqual((await list('text=cafe%20chia')).body);
    });

    it('applies type, supplier, dssupplier, category and tag tokens, with the words', async () => {
      const services = await list('filter=type:service&limit=100');
      expect(services.body.matches_estimated).toBe((await list('type=service&limit=100')).body.matches_estimated);
      expect(services.body.results.every((i: any) => i.type === 'service')).toBe(true);
      const coffee = await list(`filter=caf%20type:product%20supplier:${B}`);
      expect(coffee.body.results.length).toBeGreaterThan(0);
      expect(coffee.body.results.every((i: any) => i.type === 'product' && i.owner === B)).toBe(true);
      expect((await list(`filter=caf%20type:product%20dssupplier:${B}`)).body).toEqual(coffee.body);
      expect((await list(`filter=caf&type=product&supplier=${B}`)).body).toEqual(coffee.body);
      expect(ids((await list('filter=category:cat-molinos')).body)).toEqual([fx.category, fx.ref]);
      const tagged = await list('filter=tag:TALAVERA%20tag:molinete&limit=100');
      expect(tagged.body.results.length).toBeGreaterThan(2);
      expect(tagged.body.results.every((i: any) => i.tags.includes('talavera') || i.tags.includes('molinete'))).toBe(true);
      expect(ids((await list('filter=tag:molinete%20grande')).body)).toEqual([fx.two]);
    });

    it('lets explicit parameters win over tokens', async () => {
      const services = await list('type=service&filter=type:product&limit=100');
      expect(services.body.results.length).toBeGreaterThan(0);
      expect(services.body.results.every((i: any) => i.type === 'service')).toBe(true);
      const ofB = await list(`supplier=${B}&filter=supplier:${A}&limit=100`);
      expect(ofB.body.matches_estimated).toBe(27);
      expect(ofB.body.results.every((i: any) => i.owner === B)).toBe(true);
      expect(ids((await list('tags=comalito&filter=tag:rebozito')).body)).toContain(fx.category);
      expect(ids((await list('tags=comalito&filter=tag:rebozito')).body)).not.toContain(fx.unrelated);
      expect(ids((await list('category=nothing-here&filter=category:cat-molinos')).body)).toEqual([]);
    });

    it('answers 400 invalid_filter for an unknown key, an empty key or value, or a bad value', async () => {
      const bad = [
        'precio:100',
        'type:',
        ':::',
        ':cafe',
        'type:food',
        'type:product%20type:service',
        'supplier:a%2Fb',
        'category:%C3%B1',
        `tag:${'x'.repeat(41)}`,
        'tag:a:b',
        'type:product:x',
        Array.from({ length: 11 }, (_, i) => `tag:t${i}`).join('%20'),
        Array.from({ length: 17 }, (_, i) => `w${i}`).join('%20'),
        'http://example.com',
      ];
      for (const filter of bad) {
        const res = await list(`filter=${filter}`);
        expect([filter, res.status, res.body.code]).toEqual([filter, 400, 'invalid_filter']);
        expect(typeof res.body.message).toBe('string');
        expect(res.body.message).toMatch(/^Filtro no válido: /);
      }
      // the same value twice is not a conflict; spaces around are dropped; an empty filter filters nothing
      expect((await list('filter=type:service%20TYPE:service')).status).toBe(200);
      expect((await list('filter=%20%20')).body.matches_estimated).toBe((await list('')).body.matches_estimated);
    });

    it('answers 400, never 500, for odd strings', async () => {
      const long = await list(`filter=${'a'.repeat(500)}`);
      expect([long.status, long.body.code]).toEqual([400, 'validation_failed']);
      const odd = [
        '%00',
        '%F0%9F%98%80:%F0%9F%98%80',
        "'%3B%20drop%20table%20items%3B--",
        '%5C%22:%22',
        'a%3Ab%3Ac%3Ad',
        '%26%7C!',
        '*:*',
        'type%3Aproduct%00',
      ];
      // and a few hundred pseudo-random ones (deterministic)
      const alphabet = [
        'a',
        'Z',
        '9',
        ':',
        ' ',
        '-',
        '_',
        'ñ',
        'é',
        '*',
        '&',
        '|',
        '!',
        '(',
        ')',
        "'",
        '"',
        '\\',
        '%',
        'type',
        'tag',
        'supplier',
        '😀',
      ];
      let seed = 42;
      const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % alphabet.length;
      for (let n = 0; n < 200; n++) odd.push(encodeURIComponent(Array.from({ length: 1 + (n % 30) }, () => alphabet[next()]).join('')));
      for (const filter of odd) {
        const res = await list(`filter=${filter}`);
        expect([filter, res.status < 500]).toEqual([filter, true]);
        if (res.status !== 200)
          expect([filter, res.status, ['invalid_filter', 'validation_failed', 'invalid_text'].includes(res.body.code)]).toEqual([
            filter,
            400,
            true,
          ]);
      }
    });
  });

  describe('add-products modal', () => {
    it('applies the same filter syntax, explicit parameters winning', async () => {
      const olga = users.otherOwner.id;
      const olgaAuth = await w.token(olga, 2);
      const picker = (q: string) =>
        json(w.catalogue, 'GET', `/catalogue/${olga}:${olga}/affiliate/store/products/search?${q}`, { auth: olgaAuth });
      const tagged = await picker('filter=tag:molinete%20type:product&limit=100');
      expect(tagged.status).toBe(200);
      expect(new Set(ids(tagged.body))).toEqual(new Set([fx.ref, fx.two, fx.foreign]));
      expect(ids((await picker('filter=tag:molinete%20grande')).body)).toEqual([fx.two]);
      expect(ids((await picker('type=service&filter=type:product%20tag:molinete')).body)).toEqual([fx.service]);
      expect(ids((await picker(`dssupplier=${B}&filter=supplier:${A}%20tag:molinete`)).body)).toEqual([]);
      for (const filter of ['precio:1', 'type:', ':::']) {
        const res = await picker(`filter=${filter}`);
        expect([filter, res.status, res.body.code]).toEqual([filter, 400, 'invalid_filter']);
      }
      expect((await picker(`filter=${'a'.repeat(500)}`)).status).toBe(400);
    });
  });

  describe('listing cache', () => {
    it('never serves one filter’s or like’s page for another, and an edit still shows at once', async () => {
      const products = await list('filter=type:product&limit=5');
      const size = cache().size;
      const services = await list('filter=type:service&limit=5');
      expect(cache().size).toBe(size + 1);
      expect(services.body.results.every((i: any) => i.type === 'service')).toBe(true);
      expect(products.body.results.every((i: any) => i.type === 'product')).toBe(true);
      expect((await list('filter=type:product&limit=5')).body).toEqual(products.body);
      const hits = cache().hits;
      expect((await list('filter=type:service&limit=5')).body).toEqual(services.body);
      expect(cache().hits).toBe(hits + 1);
      // like: two references, two pages
      expect(ids((await list(`like=${fx.two}`)).body)).toEqual([fx.ref, fx.one]);
      expect(ids((await list(`like=${fx.category}`)).body)).toEqual([fx.ref]);

      const patched = await json(w.catalogue, 'PATCH', `/catalogue/${A}:${A}/affiliate/items/${fx.one}`, {
        auth: supplierA,
        payload: { name: 'Cuchara renombrada', tags: ['fogon', 'molinete'] },
      });
      expect(patched.status).toBe(200);
      // now as close to fx.two as fx.ref, and earlier in the queue: first
      const after = await list(`like=${fx.two}`);
      expect(ids(after.body)).toEqual([fx.one, fx.ref]);
      expect(after.body.results[0].name).toBe('Cuchara renombrada');
      expect(ids((await list(`like=${fx.category}`)).body)).toEqual([fx.ref]);
      expect((await list('filter=cuchara%20renombrada')).body.results.map((i: any) => i.id)).toEqual([fx.one]);
    });
  });
});
