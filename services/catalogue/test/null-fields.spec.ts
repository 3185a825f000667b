import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO, DEMO_ITEMS, demoCatalogueId } from '@vitrina/contracts';
import { rowsOf } from '@vitrina/platform';
import { eventually, json } from './helpers.js';
import { startWorld, type World } from './world.js';

/**
 * issue 9 item 2: an explicit null in an optional field is decided in the DTO. Each table row sends null in one
 * field: either 400 `{ code, message }` with nothing changed, or 2xx with the documented meaning (null removes
 * the strike-through price, untracks stock, lifts the purchase limit, clears the experience date, the return
 * info or a catalogue's photo).
 */
const A = DEMO.users.supplierA.id;
const OWNER = DEMO.users.demoOwner.id;
const items = `/catalogue/${A}:${A}/affiliate/items`;
const catalogues = `/catalogue/${OWNER}:${OWNER}/affiliate/catalogues`;

describe('null in optional catalogue fields', () => {
  let w: World;
  let supplier: string;
  let owner: string;
  let itemId: string;
  let catalogueId: string;

  const count = async (table: string, where: string): Promise<number> => {
    const rows = rowsOf<{ n: number }>(
      await w.tdb.database.drizzle({}).execute(`select count(*)::int as n from catalogue.${table} where ${where}`),
    );
    return rows[0].n;
  };
  const expectRefused = (res: { status: number; body: any }, field: string) => {
    expect({ field, status: res.status, code: typeof res.body?.code, message: typeof res.body?.message }).toEqual({
      field,
      status: 400,
      code: 'string',
      message: 'string',
    });
  };
  const item = async () => (await json(w.catalogue, 'GET', `${items}/${itemId}`, { auth: supplier })).body;

  beforeAll(async () => {
    w = await startWorld({ seed: true });
    await w.store.demo();
    supplier = await w.token(A, 2, ['dssupplier-admin']);
    owner = await w.token(OWNER, 2);
    const created = await json(w.catalogue, 'POST', items, {
      auth: supplier,
      payload: {
        name: 'Jarrito nulo',
        type: 'experience',
        list_price: '10',
        crossout_price: '12',
        experience_date: '2030-01-01T10:00:00.000Z',
        stock: { available: 3, max_purchase_amount: 2 },
        return_info: { return_type: '72hrs', return_fees: 'free' },
      },
    });
    expect(created.status).toBe(201);
    itemId = created.body.id;
    const cat = await json(w.catalogue, 'POST', catalogues, {
      auth: owner,
      payload: { name: 'Nulos', photo: 'https://cdn.example.com/c.png' },
    });
    expect(cat.status).toBe(201);
    catalogueId = cat.body.id;
    await eventually(async () => (await json(w.catalogue, 'GET', `/catalogue/public/catalogues/${demoCatalogueId(1)}`)).status === 200);
  });
  afterAll(async () => {
    await w?.close();
  });

  describe('items', () => {
    const refusedOnBoth = [
      'slug',
      'main_type',
      'photos',
      'description',
      'tags',
      'list_price',
      'list_price_minor',
      'currency',
      'hide_price',
      'is_free',
      'is_dropshipping',
      'contribution_margin',
      'contribution_margin_minor',
      'variants',
      'stock',
      'hiden',
      'queue_position',
      'category_ids',
    ];

    it.each([...refusedOnBoth, 'list_state', 'name', 'type'])('create refuses null %s and creates nothing', async (field) => {
      const before = await count('items', `owner_id = '${A}'`);
      const res = await json(w.catalogue, 'POST', items, { auth: supplier, payload: { name: 'Con nulo', type: 'product', [field]: null } });
      expectRefused(res, field);
      expect(await count('items', `owner_id = '${A}'`)).toBe(before);
    });

    it.each([...refusedOnBoth, 'name'])('update refuses null %s and changes nothing', async (field) => {
      const before = await item();
      expectRefused(await json(w.catalogue, 'PATCH', `${items}/${itemId}`, { auth: supplier, payload: { [field]: null } }), field);
      expect(await item()).toEqual(before);
    });

    it.each(['stock_type', 'sold_out'])('refuses null stock.%s in an item and on the stock endpoint', async (field) => {
      const before = await item();
      expectRefused(
        await json(w.catalogue, 'PATCH', `${items}/${itemId}`, { auth: supplier, payload: { stock: { [field]: null } } }),
        field,
      );
      expectRefused(await json(w.catalogue, 'PUT', `${items}/${itemId}/stock`, { auth: supplier, payload: { [field]: null } }), field);
      expect(await item()).toEqual(before);
    });

    it('null removes the strike-through price (either spelling)', async () => {
      for (const field of ['crossout_price', 'crossout_price_minor']) {
        await json(w.catalogue, 'PATCH', `${items}/${itemId}`, { auth: supplier, payload: { crossout_price: '15' } });
        const res = await json(w.catalogue, 'PATCH', `${items}/${itemId}`, { auth: supplier, payload: { [field]: null } });
        expect([field, res.status, res.body.crossout_price, res.body.crossout_price_minor]).toEqual([field, 200, null, null]);
      }
    });

    it('null stock.available untracks the stock, null max_purchase_amount lifts the limit', async () => {
      const viaItem = await json(w.catalogue, 'PATCH', `${items}/${itemId}`, { auth: supplier, payload: { stock: { available: null } } });
      expect([viaItem.status, viaItem.body.stock.available]).toEqual([200, null]);
      await json(w.catalogue, 'PUT', `${items}/${itemId}/stock`, { auth: supplier, payload: { available: 5, max_purchase_amount: 3 } });
      const viaStock = await json(w.catalogue, 'PUT', `${items}/${itemId}/stock`, {
        auth: supplier,
        payload: { available: null, max_purchase_amount: null },
      });
      expect([viaStock.status, viaStock.body.stock]).toEqual([
        200,
        expect.objectContaining({ available: null, max_purchase_amount: null }),
      ]);
    });

    it('null clears the experience date and the return info; null return-info parts are stored as not set', async () => {
      const date = await json(w.catalogue, 'PATCH', `${items}/${itemId}`, { auth: supplier, payload: { experience_date: null } });
      expect([date.status, date.body.experience_date]).toEqual([200, null]);
      for (const part of ['return_fees', 'return_policy', 'return_policy_legend', 'return_shipping_label', 'restocking_fees']) {
        const res = await json(w.catalogue, 'PATCH', `${items}/${itemId}`, {
          auth: supplier,
          payload: { return_info: { return_type: '72hrs', [part]: null } },
        });
        expect([part, res.status, res.body.return_info?.return_type, res.body.return_info?.[part] ?? null]).toEqual([
          part,
          200,
          '72hrs',
          null,
        ]);
      }
      expectRefused(
        await json(w.catalogue, 'PATCH', `${items}/${itemId}`, { auth: supplier, payload: { return_info: { return_type: null } } }),
        'return_type',
      );
      const cleared = await json(w.catalogue, 'PATCH', `${items}/${itemId}`, { auth: supplier, payload: { return_info: null } });
      expect([cleared.status, cleared.body.return_info]).toEqual([200, null]);
    });
  });

  describe('catalogues', () => {
    const catalogue = async () => (await json(w.catalogue, 'GET', `${catalogues}/${catalogueId}`, { auth: owner })).body;

    it.each(['weight', 'state', 'origin_id', 'origin_slug', 'origin_owner', 'name'])(
      'create refuses null %s and creates nothing',
      async (field) => {
        const before = await count('catalogues', `owner_id = '${OWNER}'`);
        expectRefused(await json(w.catalogue, 'POST', catalogues, { auth: owner, payload: { name: 'Otro', [field]: null } }), field);
        expect(await count('catalogues', `owner_id = '${OWNER}'`)).toBe(before);
      },
    );

    it.each(['weight', 'state', 'name'])('update refuses null %s and changes nothing', async (field) => {
      const before = await catalogue();
      expectRefused(await json(w.catalogue, 'PATCH', `${catalogues}/${catalogueId}`, { auth: owner, payload: { [field]: null } }), field);
      expect(await catalogue()).toEqual(before);
    });

    it('null photo: none on create, cleared on update', async () => {
      const created = await json(w.catalogue, 'POST', catalogues, { auth: owner, payload: { name: 'Sin foto', photo: null } });
      expect([created.status, created.body.photo]).toEqual([201, null]);
      expect((await catalogue()).photo).not.toBeNull();
      const cleared = await json(w.catalogue, 'PATCH', `${catalogues}/${catalogueId}`, { auth: owner, payload: { photo: null } });
      expect([cleared.status, cleared.body.photo]).toEqual([200, null]);
      expect((await catalogue()).photo).toBeNull();
    });

    it.each([
      ['move', { position: null }],
      ['products/move', { product: DEMO_ITEMS[0].id, position: null }],
      ['products/move', { product: null, position: 1 }],
      ['products/add_filtered', { query: null }],
      ['products/add_filtered', { query: { ids: null } }],
      ['products/add_filtered', { query: { ids: [null] } }],
      ['products/add_filtered', { query: { text: null } }],
      ['products/add_filtered', { query: { type: null } }],
      ['products/add_filtered', { query: { dssupplier: null } }],
      ['products/add_filtered', { query: { category: null } }],
      ['products/add_filtered', { query: { ids: [DEMO_ITEMS[0].id] }, silent: null }],
      ['products/clone', { origin_id: null }],
      ['products/clone', { origin_slug: null, origin_owner: OWNER }],
    ])('%s refuses %j and changes nothing', async (path, payload) => {
      const before = await count('catalogue_products', `catalogue_id = '${catalogueId}'`);
      const listBefore = (await json(w.catalogue, 'GET', `${catalogues}?limit=100`, { auth: owner })).body;
      expectRefused(
        await json(w.catalogue, 'POST', `${catalogues}/${catalogueId}/${path}`, { auth: owner, payload }),
        JSON.stringify(payload),
      );
      expect(await count('catalogue_products', `catalogue_id = '${catalogueId}'`)).toBe(before);
      expect((await json(w.catalogue, 'GET', `${catalogues}?limit=100`, { auth: owner })).body).toEqual(listBefore);
    });
  });
});
