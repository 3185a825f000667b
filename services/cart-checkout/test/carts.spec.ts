import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CatalogueItemSnapshot } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import { eventually, json, startWorld, type World } from './world.js';

const A = newId(); // a configured supplier
const B = newId(); // a supplier without settings
const R = newId(); // a reseller: owns the shop 'rita-cart'
const SHOPPER = newId();
const OTHER = newId();

describe('carts (issue 11)', () => {
  let w: World;
  let auth: string;
  let a1: CatalogueItemSnapshot; // A, 5 in stock
  let a2: CatalogueItemSnapshot; // A, on demand, at most 4 per purchase
  let b1: CatalogueItemSnapshot; // B
  let ds: CatalogueItemSnapshot; // B's dropshipping item
  let hidden: CatalogueItemSnapshot;
  let soldOut: CatalogueItemSnapshot;
  const shop = '/cart/shops/rita-cart';

  const known = async (ids: string[]) =>
    eventually(async () => {
      const rows = await w.sql<{ n: number }>(
        `select count(*)::int as n from "cart-checkout".items where item_id in (${ids.map((i) => `'${i}'`).join(',')})`,
      );
      return rows[0].n === ids.length;
    });
  const revisionIs = async (id: string, revision: number) =>
    eventually(
      async () =>
        (await w.sql<{ revision: number }>(`select revision from "cart-checkout".items where item_id = '${id}'`))[0]?.revision === revision,
    );

  beforeAll(async () => {
    w = await startWorld();
    auth = await w.token(SHOPPER);
    await w.peers.shopCreated({ shopId: newId(), ownerId: R, slug: 'rita-cart', storeType: 'affinity', name: 'Rita Reventa' });
    await w.peers.shopCreated({ shopId: newId(), ownerId: B, slug: 'bea-cart', storeType: 'franchise', name: 'Bea' });
    a1 = await w.peers.itemCreated(w.peers.item({ ownerId: A, name: 'Jarrito', available: 5 }));
    a2 = await w.peers.itemCreated(
      w.peers.item({ ownerId: A, name: 'Molcajete', stockType: 'ondemand', available: null, maxPurchaseAmount: 4, listPriceMinor: 9950 }),
    );
    b1 = await w.peers.itemCreated(w.peers.item({ ownerId: B, name: 'Rebozo', listPriceMinor: 50000 }));
    ds = await w.peers.itemCreated(w.peers.item({ ownerId: B, name: 'Alebrije', isDropshipping: true, listPriceMinor: 20000 }));
    hidden = await w.peers.itemCreated(w.peers.item({ ownerId: A, hidden: true }));
    soldOut = await w.peers.itemCreated(w.peers.item({ ownerId: A, soldOut: true, available: 0 }));
    await known([a1.itemId, a2.itemId, b1.itemId, ds.itemId, hidden.itemId, soldOut.itemId]);
    await eventually(async () => (await w.sql<{ n: number }>(`select count(*)::int as n from "cart-checkout".shops`))[0].n === 2);
    // A can take orders: a payment type and fixed shipping
    const settings = await json(w.app, 'PUT', '/checkout/supplier-settings', {
      auth: await w.token(A),
      payload: { enabled_payment_types: ['card', 'cash'], fixed_shipping_cost_minor: 9900, fixed_shipping_days: 3 },
    });
    expect(settings.status).toBe(200);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('answers an empty cart for a real shop, 404 shop_not_found for another, 401 without a token', async () => {
    const empty = await json(w.app, 'GET', shop, { auth });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      cart_id: null,
      shop_slug: 'rita-cart',
      total_products: 0,
      amount: '0.00',
      amount_minor: 0,
      orders: [],
    });
    expect((await json(w.app, 'GET', '/cart/shops/nowhere', { auth })).body.code).toBe('shop_not_found');
    expect((await json(w.app, 'GET', shop)).status).toBe(401);
    expect((await json(w.app, 'GET', `${shop}/total`, { auth })).body).toEqual({
      total_products: 0,
      amount: '0.00',
      amount_minor: 0,
      currency: 'MXN',
    });
  });

  it('refuses every quantity the rules forbid with its code, changing nothing', async () => {
    const add = (item_id: string, amount: unknown) => json(w.app, 'POST', `${shop}/items`, { auth, payload: { item_id, amount } });
    for (const amount of [0, -1, 1.5, '2', null]) {
      const r = await add(a1.itemId, amount);
      expect([r.status, r.body.code]).toEqual([400, 'invalid_amount']);
    }
    expect((await add(a1.itemId, 6)).body).toMatchObject({ code: 'quantity_exceeded', available: 5 });
    expect((await add(a2.itemId, 5)).body).toMatchObject({ code: 'max_purchase_amount_exceeded', max_purchase_amount: 4 });
    expect((await add(hidden.itemId, 1)).body.code).toBe('unavailable_for_sale');
    expect((await add(soldOut.itemId, 1)).body.code).toBe('out_of_stock');
    const missing = await add(newId(), 1);
    expect([missing.status, missing.body.code]).toEqual([404, 'item_not_found']);
    expect((await json(w.app, 'GET', shop, { auth })).body.orders).toEqual([]);
    // adding sums with what the line holds: 3 + 3 > 5
    expect((await add(a1.itemId, 3)).status).toBe(200);
    const over = await add(a1.itemId, 3);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'quantity_exceeded', available: 5 });
    expect((await json(w.app, 'GET', `${shop}/total`, { auth })).body.total_products).toBe(3);
    // on demand: more than "available" is fine, the maximum per purchase is not
    expect((await add(a2.itemId, 4)).status).toBe(200);
    const put = await json(w.app, 'PUT', `${shop}/items/${a2.itemId}`, { auth, payload: { amount: 5 } });
    expect(put.body.code).toBe('max_purchase_amount_exceeded');
    expect((await json(w.app, 'PUT', `${shop}/items/${a1.itemId}`, { auth, payload: { amount: 0 } })).body.code).toBe('invalid_amount');
  });

  it('groups lines into cart orders per supplier and dropshipping supplier, with their configuration', async () => {
    await json(w.app, 'POST', `${shop}/items`, { auth, payload: { item_id: b1.itemId, amount: 1 } });
    const res = await json(w.app, 'POST', `${shop}/items`, { auth, payload: { item_id: ds.itemId, amount: 2 } });
    expect(res.status).toBe(200);
    const cart = res.body;
    expect(cart.cart_id).toEqual(expect.any(String));
    expect(cart.orders.map((o: any) => o.id)).toEqual([A, B, `${R}:${B}`]);
    const [a, b, d] = cart.orders;
    expect(a).toMatchObject({
      supplier: A,
      dssupplier: null,
      aggregated: false,
      is_configured: true,
      supplier_info: { enabled_payment_types: ['card', 'cash'] },
      dssupplier_info: null,
      amount: 7,
      total: '848.00', // 3 × 150.00 + 4 × 99.50
      total_minor: 84800,
      currency: 'MXN',
      public_slug: null,
    });
    expect(a.products[0]).toMatchObject({
      id: a1.itemId,
      line_id: a1.itemId,
      variant: {},
      name: 'Jarrito',
      amount: 3,
      available: 5,
      stock_type: 'onstock',
      disabled: false,
      disabled_reason: null,
      unit_price: '150.00',
      unit_price_minor: 15000,
      total: '450.00',
      total_minor: 45000,
      type: 'product',
      owner_id: A,
    });
    expect(b).toMatchObject({ supplier: B, is_configured: false, supplier_info: { enabled_payment_types: [] } });
    expect(d).toMatchObject({ supplier: R, dssupplier: B, aggregated: true, is_configured: false, supplier_name: 'Rita Reventa' });
    expect(d.dssupplier_info).toMatchObject({ fixed_shipping_cost: null, fixed_shipping_days: null });
    expect(cart).toMatchObject({ total_products: 10, amount_minor: 84800 + 50000 + 40000, amount: '1748.00' });
    // the same dropshipping item in its own supplier's shop is an ordinary line of B
    const own = await json(w.app, 'POST', '/cart/shops/bea-cart/items', { auth, payload: { item_id: ds.itemId, amount: 1 } });
    expect(own.body.orders.map((o: any) => [o.id, o.aggregated])).toEqual([[B, false]]);
    expect((await json(w.app, 'GET', `${shop}/total`, { auth })).body).toEqual({
      total_products: 10,
      amount: '1748.00',
      amount_minor: 174800,
      currency: 'MXN',
    });
  });

  it('shows a price change at once and an unpublished or deleted item as a disabled line', async () => {
    a1 = await w.peers.itemUpdated({ ...a1, listPriceMinor: 17500 });
    b1 = await w.peers.itemUpdated({ ...b1, listState: 'unpublished' });
    await revisionIs(b1.itemId, b1.revision);
    await revisionIs(a1.itemId, a1.revision);
    const cart = (await json(w.app, 'GET', shop, { auth })).body;
    const line = (id: string) => cart.orders.flatMap((o: any) => o.products).find((p: any) => p.id === id);
    expect(line(a1.itemId)).toMatchObject({ unit_price: '175.00', total_minor: 52500, disabled: false });
    expect(line(b1.itemId)).toMatchObject({ disabled: true, disabled_reason: 'unpublished' });
    expect(cart.orders[1].total_minor).toBe(0);
    // an older snapshot redelivered changes nothing
    await w.peers.itemCreated({ ...a1, listPriceMinor: 1, revision: 1 });
    await w.peers.itemDeleted(b1);
    await eventually(
      async () =>
        (await w.sql<{ deleted: boolean }>(`select deleted from "cart-checkout".items where item_id = '${b1.itemId}'`))[0]?.deleted,
    );
    const after = (await json(w.app, 'GET', shop, { auth })).body;
    const lineAfter = (id: string) => after.orders.flatMap((o: any) => o.products).find((p: any) => p.id === id);
    expect(lineAfter(b1.itemId)).toMatchObject({ disabled: true, disabled_reason: 'deleted' });
    expect(lineAfter(a1.itemId).unit_price_minor).toBe(17500);
    // a disabled line cannot take more, but can be removed
    expect((await json(w.app, 'PUT', `${shop}/items/${b1.itemId}`, { auth, payload: { amount: 2 } })).body.code).toBe('item_not_found');
    const removed = await json(w.app, 'DELETE', `${shop}/items/${b1.itemId}`, { auth });
    expect(removed.body.orders.map((o: any) => o.id)).toEqual([A, `${R}:${B}`]);
  });

  it('shows the description, and a concluded experience as a disabled line that takes no more', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    let tour = await w.peers.itemCreated(
      w.peers.item({ ownerId: A, type: 'experience', name: 'Recorrido', description: 'Dos horas por el centro', experienceDate: tomorrow }),
    );
    await known([tour.itemId]);
    const added = await json(w.app, 'POST', `${shop}/items`, { auth, payload: { item_id: tour.itemId, amount: 1 } });
    expect(added.status).toBe(200);
    const line = (cart: any) => cart.orders.flatMap((o: any) => o.products).find((p: any) => p.id === tour.itemId);
    expect(line(added.body)).toMatchObject({ description: 'Dos horas por el centro', disabled: false });
    // the experience took place: the line stays, disabled, and takes no more
    tour = await w.peers.itemUpdated({ ...tour, experienceDate: new Date(Date.now() - 60_000).toISOString() });
    await revisionIs(tour.itemId, tour.revision);
    expect(line((await json(w.app, 'GET', shop, { auth })).body)).toMatchObject({ disabled: true, disabled_reason: 'concluded' });
    const more = await json(w.app, 'PUT', `${shop}/items/${tour.itemId}`, { auth, payload: { amount: 2 } });
    expect([more.status, more.body.code]).toEqual([409, 'unavailable_for_sale']);
    await json(w.app, 'DELETE', `${shop}/items/${tour.itemId}`, { auth });
  });

  it('merges the anonymous cart at sign-in: sums with the server, clamps, skips unknown items', async () => {
    const merged = await json(w.app, 'POST', `${shop}/bulk`, {
      auth,
      payload: {
        items: [
          { item_id: a1.itemId, amount: 4 }, // 3 held + 4 > 5 available
          { item_id: a2.itemId, amount: 1 }, // 4 held + 1 > max 4
          { item_id: ds.itemId, amount: 1 }, // 2 + 1
          { item_id: hidden.itemId, amount: 1 },
          { item_id: 'gone', amount: 2 },
        ],
      },
    });
    expect(merged.status).toBe(200);
    const line = (id: string) => merged.body.orders.flatMap((o: any) => o.products).find((p: any) => p.id === id);
    expect(line(a1.itemId).amount).toBe(5);
    expect(line(a2.itemId).amount).toBe(4);
    expect(line(ds.itemId).amount).toBe(3);
    expect(line(hidden.itemId)).toBeUndefined();
    expect(merged.body.adjustments).toEqual([
      { item_id: a1.itemId, line_id: a1.itemId, variant: {}, requested: 7, amount: 5, code: 'quantity_exceeded' },
      { item_id: a2.itemId, line_id: a2.itemId, variant: {}, requested: 5, amount: 4, code: 'max_purchase_amount_exceeded' },
      { item_id: hidden.itemId, line_id: hidden.itemId, variant: {}, requested: 1, amount: 0, code: 'unavailable_for_sale' },
      { item_id: 'gone', line_id: 'gone', variant: {}, requested: 2, amount: 0, code: 'not_found' },
    ]);
    // a first sign-in on another account starts from the local cart alone
    const other = await json(w.app, 'POST', `${shop}/bulk`, {
      auth: await w.token(OTHER),
      payload: { items: [{ item_id: a1.itemId, amount: 2 }] },
    });
    expect(other.body.orders[0].products[0].amount).toBe(2);
    expect(other.body.adjustments).toEqual([]);
    expect((await json(w.app, 'POST', `${shop}/bulk`, { auth, payload: { items: [{ item_id: a1.itemId, amount: 0 }] } })).body.code).toBe(
      'invalid_amount',
    );
    // the shopper's cart is theirs alone
    expect((await json(w.app, 'GET', shop, { auth })).body.orders[0].products[0].amount).toBe(5);
  });

  it('serialises concurrent adds to one cart: the quantity never passes the stock', async () => {
    const item = await w.peers.itemCreated(w.peers.item({ ownerId: A, available: 5 }));
    await known([item.itemId]);
    const racer = await w.token(newId());
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => json(w.app, 'POST', `${shop}/items`, { auth: racer, payload: { item_id: item.itemId, amount: 1 } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(5).fill('quantity_exceeded'));
    expect((await json(w.app, 'GET', `${shop}/total`, { auth: racer })).body.total_products).toBe(5);
  });

  it('writes a line in one round trip that still orders the cart: variants and a merge at once, a refusal leaves no cart', async () => {
    // the database's cart_write_line takes the cart row's lock, then reads the item's lines in a statement of its own
    const mug = await w.peers.itemCreated(w.peers.item({ ownerId: A, available: 6, variants: { Color: 'Negro, Blanco, Rojo' } }));
    await known([mug.itemId]);
    const racer = newId();
    const token = await w.token(racer);
    const cartsOf = async () =>
      (await w.sql<{ n: number }>(`select count(*)::int as n from "cart-checkout".carts where user_id = '${racer}'`))[0].n;
    const held = async () =>
      (
        await w.sql<{ n: number }>(
          `select coalesce(sum(l.quantity), 0)::int as n from "cart-checkout".cart_lines l
           join "cart-checkout".carts c on c.id = l.cart_id where c.user_id = '${racer}'`,
        )
      )[0].n;
    // a refused first add creates no cart (the function's refusal rolls its cart back)
    const refused = await json(w.app, 'POST', `${shop}/items`, { auth: token, payload: { item_id: mug.itemId, amount: 7 } });
    expect([refused.status, refused.body.code, refused.body.available]).toEqual([409, 'quantity_exceeded', 6]);
    expect(await cartsOf()).toBe(0);
    // nine adds of one over three colours and a merge of three, all at once, on 6 in stock: the first writes race to
    // create the cart, the rest to lines of one item in three variants; the item's total ends at 6, never above
    const colours = ['Negro', 'Blanco', 'Rojo'];
    const answers = await Promise.all([
      ...Array.from({ length: 9 }, (_, i) =>
        json(w.app, 'POST', `${shop}/items`, {
          auth: token,
          payload: { item_id: mug.itemId, amount: 1, variant: { Color: colours[i % 3] } },
        }),
      ),
      json(w.app, 'POST', `${shop}/bulk`, {
        auth: token,
        payload: { items: [{ item_id: mug.itemId, amount: 3, variant: { Color: 'Rojo' } }] },
      }),
    ]);
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(
      Array(answers.filter((a) => a.status === 409).length).fill('quantity_exceeded'),
    );
    expect(await held()).toBe(6);
    expect(await cartsOf()).toBe(1);
    // a set through the item route (its first-option line) within the stock, then one past it
    const line = await json(w.app, 'PUT', `${shop}/items/${mug.itemId}`, { auth: token, payload: { amount: 1 } });
    expect(line.status).toBe(200);
    const past = await json(w.app, 'PUT', `${shop}/items/${mug.itemId}`, { auth: token, payload: { amount: 6 } });
    expect([past.status, past.body.code]).toEqual([409, 'quantity_exceeded']);
    expect(await held()).toBeLessThanOrEqual(6);
  });

  it('quotes an anonymous local cart without saving it', async () => {
    const before = await w.sql<{ n: number }>(`select count(*)::int as n from "cart-checkout".cart_lines`);
    const quote = await json(w.app, 'POST', `${shop}/quote`, {
      payload: {
        items: [
          { item_id: a1.itemId, amount: 9 },
          { item_id: ds.itemId, amount: 1 },
          { item_id: 'nope', amount: 1 },
        ],
      },
    });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ cart_id: null, total_products: 6 });
    expect(quote.body.orders.map((o: any) => o.id)).toEqual([A, `${R}:${B}`]);
    expect(quote.body.adjustments).toEqual([
      { item_id: a1.itemId, line_id: a1.itemId, variant: {}, requested: 9, amount: 5, code: 'quantity_exceeded' },
      { item_id: 'nope', line_id: 'nope', variant: {}, requested: 1, amount: 0, code: 'not_found' },
    ]);
    expect(await w.sql(`select count(*)::int as n from "cart-checkout".cart_lines`)).toEqual(before);
    expect((await json(w.app, 'POST', '/cart/shops/nowhere/quote', { payload: { items: [] } })).status).toBe(404);
  });
  describe('lines with the chosen variant', () => {
    let shirt: CatalogueItemSnapshot; // Talla "S, M, L", Color "Rojo, Azul", Material fixed; 5 in stock, at most 4 per purchase
    let vauth: string;
    const vshop = '/cart/shops/bea-cart';
    const products = (cart: any) => cart.orders.flatMap((o: any) => o.products);

    beforeAll(async () => {
      shirt = await w.peers.itemCreated(
        w.peers.item({
          ownerId: B,
          name: 'Playera',
          available: 5,
          maxPurchaseAmount: 4,
          variants: { Talla: 'S, M, L', Color: 'Rojo, Azul', Material: 'Algodón' },
        }),
      );
      await known([shirt.itemId]);
      vauth = await w.token(newId());
    });

    it('keeps the same item in two variants as two lines, each with its variant and a stable line_id', async () => {
      const s = await json(w.app, 'POST', `${vshop}/items`, {
        auth: vauth,
        payload: { item_id: shirt.itemId, amount: 1, variant: { Talla: 'S', Color: 'Azul' } },
      });
      expect(s.status).toBe(200);
      // the keys' order does not matter; a name with a single value may be repeated with that value
      const m = await json(w.app, 'POST', `${vshop}/items`, {
        auth: vauth,
        payload: { item_id: shirt.itemId, amount: 1, variant: { Color: 'Rojo', Talla: 'M', Material: 'Algodón' } },
      });
      // no variant given: the first option of each choice, as the item page shows by default
      const first = await json(w.app, 'POST', `${vshop}/items`, { auth: vauth, payload: { item_id: shirt.itemId, amount: 1 } });
      expect(first.status).toBe(200);
      const again = await json(w.app, 'POST', `${vshop}/items`, {
        auth: vauth,
        payload: { item_id: shirt.itemId, amount: 1, variant: { Talla: 'M', Color: 'Rojo' } },
      });
      const lines = products(again.body);
      expect(lines.map((p: any) => [p.variant, p.amount])).toEqual([
        [{ Color: 'Azul', Talla: 'S' }, 1],
        [{ Color: 'Rojo', Talla: 'M' }, 2],
        [{ Color: 'Rojo', Talla: 'S' }, 1],
      ]);
      expect(new Set(lines.map((p: any) => p.line_id)).size).toBe(3);
      for (const p of lines) {
        expect(p.id).toBe(shirt.itemId);
        expect(p.line_id).toMatch(/^[A-Za-z0-9._~-]+$/);
        expect(p.line_id.startsWith(`${shirt.itemId}.`)).toBe(true);
      }
      expect(lines[1].line_id).toBe(products(m.body)[1].line_id);
      expect(again.body.total_products).toBe(4);
      expect((await json(w.app, 'GET', `${vshop}/total`, { auth: vauth })).body.total_products).toBe(4);
    });

    it('applies the quantity rules to the item across its variant lines', async () => {
      const cart = (await json(w.app, 'GET', vshop, { auth: vauth })).body;
      const [s, m] = products(cart);
      // 4 held, at most 4 per purchase: one more in any variant is refused, nothing changed
      const add = await json(w.app, 'POST', `${vshop}/items`, {
        auth: vauth,
        payload: { item_id: shirt.itemId, amount: 1, variant: { Talla: 'L', Color: 'Azul' } },
      });
      expect([add.status, add.body.code, add.body.max_purchase_amount]).toEqual([409, 'max_purchase_amount_exceeded', 4]);
      const put = await json(w.app, 'PUT', `${vshop}/lines/${m.line_id}`, { auth: vauth, payload: { amount: 3 } });
      expect([put.status, put.body.code]).toEqual([409, 'max_purchase_amount_exceeded']);
      expect((await json(w.app, 'GET', `${vshop}/total`, { auth: vauth })).body.total_products).toBe(4);
      // setting a line by its line_id changes that line only
      const down = await json(w.app, 'PUT', `${vshop}/lines/${m.line_id}`, { auth: vauth, payload: { amount: 1 } });
      expect(down.status).toBe(200);
      expect(products(down.body).map((p: any) => [p.line_id, p.amount])).toEqual([
        [s.line_id, 1],
        [m.line_id, 1],
        [products(cart)[2].line_id, 1],
      ]);
      // the stock is shared by the variants too
      const mug = await w.peers.itemCreated(w.peers.item({ ownerId: B, name: 'Taza', available: 3, variants: { Color: 'Negro, Blanco' } }));
      await known([mug.itemId]);
      const black = await json(w.app, 'POST', `${vshop}/items`, { auth: vauth, payload: { item_id: mug.itemId, amount: 2 } });
      expect(black.status).toBe(200);
      const white = await json(w.app, 'POST', `${vshop}/items`, {
        auth: vauth,
        payload: { item_id: mug.itemId, amount: 2, variant: { Color: 'Blanco' } },
      });
      expect([white.status, white.body.code, white.body.available]).toEqual([409, 'quantity_exceeded', 3]);
      const mugLine = products(black.body).find((p: any) => p.id === mug.itemId);
      expect(mugLine).toMatchObject({ variant: { Color: 'Negro' }, amount: 2 });
      // the item route addresses the line without a variant: for an item with choices, its first-option line
      const viaItem = await json(w.app, 'PUT', `${vshop}/items/${mug.itemId}`, { auth: vauth, payload: { amount: 3 } });
      expect(products(viaItem.body).find((p: any) => p.id === mug.itemId)).toMatchObject({ line_id: mugLine.line_id, amount: 3 });
      await json(w.app, 'DELETE', `${vshop}/items/${mug.itemId}`, { auth: vauth });
      // deleting by line_id removes that variant's line only
      const removed = await json(w.app, 'DELETE', `${vshop}/lines/${s.line_id}`, { auth: vauth });
      expect(products(removed.body).map((p: any) => p.line_id)).toEqual([m.line_id, products(cart)[2].line_id]);
      expect(products(removed.body).some((p: any) => p.id !== shirt.itemId)).toBe(false);
      expect((await json(w.app, 'DELETE', `${vshop}/lines/${shirt.itemId}.%2F%2F`, { auth: vauth })).status).toBe(200);
      expect((await json(w.app, 'PUT', `${vshop}/lines/${shirt.itemId}.%2F%2F`, { auth: vauth, payload: { amount: 1 } })).body.code).toBe(
        'item_not_found',
      );
    });

    it('refuses a variant the item does not offer with 400 invalid_variant, changing nothing', async () => {
      const before = (await json(w.app, 'GET', vshop, { auth: vauth })).body;
      for (const variant of [{ Talla: 'XL' }, { Tamaño: 'S' }, { Material: 'Seda' }, { Talla: 3 }, 'S', ['S']]) {
        const r = await json(w.app, 'POST', `${vshop}/items`, { auth: vauth, payload: { item_id: shirt.itemId, amount: 1, variant } });
        expect([r.status, r.body.code]).toEqual([400, 'invalid_variant']);
      }
      // an item without choices takes no variant
      const plain = await json(w.app, 'POST', `${vshop}/items`, {
        auth: vauth,
        payload: { item_id: a1.itemId, amount: 1, variant: { Talla: 'S' } },
      });
      expect([plain.status, plain.body.code]).toEqual([400, 'invalid_variant']);
      expect((await json(w.app, 'GET', vshop, { auth: vauth })).body).toEqual(before);
      const instant = await json(w.app, 'POST', '/checkout/instant', {
        auth: vauth,
        payload: { shop_slug: 'bea-cart', item_id: shirt.itemId, amount: 1, variant: { Talla: 'XXL' } },
      });
      expect([instant.status, instant.body.code]).toEqual([400, 'invalid_variant']);
    });

    it('merges and quotes a local cart line by line: variants summed per line, clamped per item, unknown variants skipped', async () => {
      const fresh = await w.token(newId());
      await json(w.app, 'POST', `${vshop}/items`, { auth: fresh, payload: { item_id: shirt.itemId, amount: 1, variant: { Talla: 'M' } } });
      const local = [
        { item_id: shirt.itemId, amount: 1, variant: { Talla: 'M', Color: 'Rojo' } }, // the server's M line: 1 + 1
        { item_id: shirt.itemId, amount: 1, variant: { Talla: 'L', Color: 'Azul' } },
        { item_id: shirt.itemId, amount: 3, variant: { Talla: 'S', Color: 'Azul' } }, // 2 + 1 + 3 > at most 4: 1 left
        { item_id: shirt.itemId, amount: 1, variant: { Talla: 'XL' } },
      ];
      const merged = await json(w.app, 'POST', `${vshop}/bulk`, { auth: fresh, payload: { items: local } });
      expect(merged.status).toBe(200);
      expect(products(merged.body).map((p: any) => [p.variant, p.amount])).toEqual([
        [{ Color: 'Rojo', Talla: 'M' }, 2],
        [{ Color: 'Azul', Talla: 'L' }, 1],
        [{ Color: 'Azul', Talla: 'S' }, 1],
      ]);
      const sLine = products(merged.body)[2].line_id;
      expect(merged.body.adjustments).toEqual([
        {
          item_id: shirt.itemId,
          line_id: sLine,
          variant: { Color: 'Azul', Talla: 'S' },
          requested: 3,
          amount: 1,
          code: 'max_purchase_amount_exceeded',
        },
        { item_id: shirt.itemId, line_id: expect.any(String), variant: { Talla: 'XL' }, requested: 1, amount: 0, code: 'invalid_variant' },
      ]);
      // a quote saves nothing and prices the same lines
      const quote = await json(w.app, 'POST', `${vshop}/quote`, { payload: { items: local } });
      expect(quote.status).toBe(200);
      expect(quote.body.cart_id).toBeNull();
      expect(products(quote.body).map((p: any) => [p.variant, p.amount])).toEqual([
        [{ Color: 'Rojo', Talla: 'M' }, 1],
        [{ Color: 'Azul', Talla: 'L' }, 1],
        [{ Color: 'Azul', Talla: 'S' }, 2],
      ]);
      expect(quote.body.adjustments.map((a: any) => [a.code, a.requested, a.amount])).toEqual([
        ['max_purchase_amount_exceeded', 3, 2],
        ['invalid_variant', 1, 0],
      ]);
    });
  });
});
