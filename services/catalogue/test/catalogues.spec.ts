import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO, DEMO_ITEMS, demoCatalogueId } from '@vitrina/contracts';
import { eventually, json } from './helpers.js';
import { startWorld, type World } from './world.js';

const OWNER = DEMO.users.demoOwner.id;
const admin = `/catalogue/${OWNER}:${OWNER}/affiliate/catalogues`;

describe('custom catalogues', () => {
  let w: World;
  let auth: string;

  beforeAll(async () => {
    w = await startWorld({ seed: true });
    await w.store.demo();
    auth = await w.token(OWNER, 2);
    // share URLs need the owner's shop, which arrives with store.shop.created
    await eventually(async () => (await json(w.catalogue, 'GET', `/catalogue/public/catalogues/${demoCatalogueId(1)}`)).body.share?.url);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('lists the owner’s catalogues by -weight then name, 30 per page', async () => {
    const res = await json(w.catalogue, 'GET', admin, { auth });
    expect(res.status).toBe(200);
    expect(res.body.matches_estimated).toBe(5);
    expect(res.body.results.map((c: any) => c.weight)).toEqual([40, 30, 20, 10, 5]);
    expect(res.body.results[0]).toMatchObject({
      name: 'Lo más vendido',
      slug: 'lo-mas-vendido',
      position: 1,
      num_products: 9,
      state: 'published',
      owner: OWNER,
      origin_id: null,
    });
    const byName = await json(w.catalogue, 'GET', `${admin}?sort=name&limit=2&offset=1`, { auth });
    expect(byName.body.results.map((c: any) => c.name)).toEqual(['Lo más vendido', 'Para los amantes del café']);
    expect(byName.body.matches_estimated).toBe(5);
    const found = await json(w.catalogue, 'GET', `${admin}?text=cafe`, { auth });
    expect(found.body.results.map((c: any) => c.name)).toEqual(['Para los amantes del café']);
    // Punctuation only is no word to look for: nothing matches it (it was `like '%%'`, every catalogue).
    expect((await json(w.catalogue, 'GET', `${admin}?text=%21%21`, { auth })).body).toEqual({ results: [], matches_estimated: 0 });
    expect((await json(w.catalogue, 'GET', `${admin}?sort=price`, { auth })).status).toBe(400);
  });

  it('lists published catalogues by owner, by shop and by referral owner', async () => {
    const byOwner = await json(w.catalogue, 'GET', `/catalogue/published/catalogues?owner=${OWNER}&limit=5`);
    expect(byOwner.body.results).toHaveLength(5);
    const byShop = await json(w.catalogue, 'GET', `/catalogue/published/catalogues?shop=demo&limit=3`);
    expect(byShop.body.results.map((c: any) => c.id)).toEqual(byOwner.body.results.slice(0, 3).map((c: any) => c.id));
    expect(byShop.body.matches_estimated).toBe(5);
    const referral = await json(w.catalogue, 'GET', `/catalogue/public/referral/rita/catalogues`);
    expect(referral.body.results.map((c: any) => c.name)).toEqual(['Favoritos de Rita']);
    expect((await json(w.catalogue, 'GET', '/catalogue/published/catalogues')).status).toBe(400);
  });

  it('gives a share URL by slug with the name cut at 100 characters', async () => {
    const long = await json(w.catalogue, 'GET', `/catalogue/public/catalogues/${demoCatalogueId(5)}`);
    expect(long.body.name.length).toBeGreaterThan(100);
    expect(long.body.share.name).toBe(long.body.name.slice(0, 100));
    expect(long.body.share.path).toBe(`/catalogos/${long.body.slug}`);
    expect(long.body.share.url).toBe(`/tienda/demo/catalogos/${long.body.slug}`);
    const bySlug = await json(w.catalogue, 'GET', `/catalogue/public/referral/${OWNER}/catalogues/${long.body.slug}`);
    expect(bySlug.body.id).toBe(demoCatalogueId(5));
    const byShopSlug = await json(w.catalogue, 'GET', `/catalogue/public/referral/demo/catalogues/lo-mas-vendido`);
    expect(byShopSlug.body.id).toBe(demoCatalogueId(1));
    expect((await json(w.catalogue, 'GET', `/catalogue/public/referral/demo/catalogues/no-such`)).status).toBe(404);
  });

  it('lists a catalogue’s products by -contribution_margin with text, offset and limit', async () => {
    const url = `/catalogue/public/catalogues/${demoCatalogueId(3)}/products`;
    const all = await json(w.catalogue, 'GET', url);
    expect(all.body.matches_estimated).toBe(10);
    const margins = all.body.results.map((i: any) => i.contribution_margin_minor);
    expect(margins).toEqual([...margins].sort((a, b) => b - a));
    const page = await json(w.catalogue, 'GET', `${url}?offset=2&limit=3`);
    expect(page.body.results.map((i: any) => i.id)).toEqual(all.body.results.slice(2, 5).map((i: any) => i.id));
    const text = await json(w.catalogue, 'GET', `${url}?text=molino`);
    expect(text.body.results.map((i: any) => i.name)).toEqual(['Molino de café manual']);
    expect((await json(w.catalogue, 'GET', `${url}?text=%C2%BF%3F`)).body).toEqual({ results: [], matches_estimated: 0 });
    const byPrice = await json(w.catalogue, 'GET', `${url}?sort=list_price`);
    const prices = byPrice.body.results.map((i: any) => i.list_price_minor);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect((await json(w.catalogue, 'GET', `${url}?sort=name`)).status).toBe(400);
    const referral = await json(
      w.catalogue,
      'GET',
      `/catalogue/public/referral/demo/catalogues/para-los-amantes-del-cafe/products?limit=4`,
    );
    expect(referral.body.results.map((i: any) => i.id)).toEqual(all.body.results.slice(0, 4).map((i: any) => i.id));
  });

  it('keeps unpublished items out of public catalogue products, not out of the owner’s', async () => {
    const A = DEMO.users.supplierA.id;
    const item = DEMO_ITEMS[2].id; // in 'Lo más vendido'
    await json(w.catalogue, 'POST', `/catalogue/${A}:${A}/affiliate/items/${item}/unpublish`, {
      auth: await w.token(A, 2, ['dssupplier-admin']),
    });
    const pub = await json(w.catalogue, 'GET', `/catalogue/public/catalogues/${demoCatalogueId(1)}/products`);
    expect(pub.body.results.map((i: any) => i.id)).not.toContain(item);
    expect(pub.body.matches_estimated).toBe(8);
    const mine = await json(w.catalogue, 'GET', `${admin}/${demoCatalogueId(1)}/products`, { auth });
    expect(mine.body.results.map((i: any) => i.id)).toContain(item);
  });

  it('answers the detail of one of the owner’s catalogues by id or slug', async () => {
    const byId = await json(w.catalogue, 'GET', `${admin}/${demoCatalogueId(2)}`, { auth });
    expect(byId.body.name).toBe('Regalos artesanales');
    const bySlug = await json(w.catalogue, 'GET', `${admin}/regalos-artesanales`, { auth });
    expect(bySlug.body.id).toBe(demoCatalogueId(2));
    // another owner's catalogue is not found under this owner's path
    expect((await json(w.catalogue, 'GET', `${admin}/${demoCatalogueId(6)}`, { auth })).status).toBe(404);
  });
});

describe('suppliers and categories', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ seed: true });
    await w.store.demo();
  });
  afterAll(async () => {
    await w?.close();
  });

  it('lists and suggests suppliers and categories, only for non-empty text', async () => {
    const suppliers = await json(w.catalogue, 'GET', '/catalogue/dssuppliers');
    expect(suppliers.body.results.map((s: any) => s.name)).toEqual(['Artesanías del Sol', 'Café de Altura']);
    expect((await json(w.catalogue, 'GET', '/catalogue/dssuppliers/suggestions?text=')).body.results).toEqual([]);
    expect((await json(w.catalogue, 'GET', '/catalogue/dssuppliers/suggestions?text=ALTU')).body.results.map((s: any) => s.name)).toEqual([
      'Café de Altura',
    ]);
    const categories = await json(w.catalogue, 'GET', '/catalogue/categories');
    expect(categories.body.results).toHaveLength(8);
    // A text with no letter or digit finds nothing rather than everything.
    expect((await json(w.catalogue, 'GET', '/catalogue/dssuppliers?text=%21%21')).body).toEqual({ results: [], matches_estimated: 0 });
    expect((await json(w.catalogue, 'GET', '/catalogue/categories?text=%21%21')).body).toEqual({ results: [], matches_estimated: 0 });
    expect((await json(w.catalogue, 'GET', '/catalogue/categories/suggestions?text=')).body.results).toEqual([]);
    expect((await json(w.catalogue, 'GET', '/catalogue/categories/suggestions?text=caf')).body.results.map((c: any) => c.name)).toEqual([
      'Café y bebidas',
    ]);
  });

  it('searches suppliers for the add-products modal; a franchise owner only gets its supplier', async () => {
    const owner = DEMO.users.demoOwner.id;
    const res = await json(w.catalogue, 'GET', `/catalogue/${owner}:${owner}/affiliate/store/dssuppliers/search?text=a`, {
      auth: await w.token(owner),
    });
    expect(res.body.results.map((s: any) => s.name)).toEqual(['Artesanías del Sol', 'Café de Altura']);
    const A = DEMO.users.supplierA.id;
    const franchise = await eventually(async () => {
      const r = await json(w.catalogue, 'GET', `/catalogue/${A}:${A}/franchise/store/dssuppliers/search`, { auth: await w.token(A) });
      return r.body.results?.length === 1 ? r : undefined;
    });
    expect(franchise.body.results[0].id).toBe(A);
  });
});
