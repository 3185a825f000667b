/**
 * Checkout creation against the real catalogue (issue 11; ARCHITECTURE §8): cart-checkout and catalogue on one
 * memory-bus runtime, the reservation client over real HTTP to the catalogue's internal endpoint (it lives in
 * launcher/test: only the launcher may import every service). Items are created through the catalogue's API, so
 * cart-checkout's projection learns them from `catalogue.item` events; the store's side is played on the bus.
 * Runs on PostgreSQL (with DATABASE_URL) and then on PGlite.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { StoreEvents, Topics, variantKey, type StoreShopCreated } from '@vitrina/contracts';
import { TokenSigner, createServiceApp, newId, openDatabase, rowsOf, type Runtime } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import { catalogueService } from '@vitrina/catalogue';
import { CheckoutExpiry, Clock, cartCheckoutService } from '@vitrina/cart-checkout';
import { eventually } from './support/inject.js';

/** Both engines when PostgreSQL is configured (as in CI): the races below behave differently on each. */
const ENGINES = process.env.DATABASE_URL ? ['PostgreSQL', 'PGlite'] : ['PGlite'];
const SUPPLIER = newId();
const UNCONFIGURED = newId();
const SERVICES_ONLY = newId(); // takes payments, ships nothing
const OWNER = newId();
const SLUG = 'tienda-checkout';

async function call(
  app: NestFastifyApplication,
  method: string,
  url: string,
  opts: { auth?: string; payload?: object; key?: string } = {},
): Promise<{ status: number; body: any; raw: string }> {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: { ...(opts.auth ? { authorization: opts.auth } : {}), ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
    ...(opts.payload ? { payload: opts.payload } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json<any>() : undefined, raw: res.body };
}

describe.each(ENGINES)('checkout creation with stock reservations on %s', (engine) => {
  let tdb: TestDatabase;
  let runtime: Runtime;
  let catalogue: NestFastifyApplication;
  let app: NestFastifyApplication;
  let token: (id: string, keychain?: string[]) => Promise<string>;
  const previous = { ...process.env };

  const sql = async <T extends Record<string, unknown>>(text: string): Promise<T[]> =>
    rowsOf<T>(await tdb.database.drizzle({}).execute(text));
  const stock = async (itemId: string) =>
    (
      await sql<{ available: number | null; reserved: number }>(`select available, reserved from catalogue.items where id = '${itemId}'`)
    )[0];

  /** An item created and published through the catalogue's API; resolves once cart-checkout's projection has it. */
  const newItem = async (owner: string, available: number | null, extra: Record<string, unknown> = {}): Promise<string> => {
    const res = await call(catalogue, 'POST', `/catalogue/${owner}:${owner}/affiliate/items`, {
      auth: await token(owner, ['dssupplier-admin']),
      payload: {
        name: `Artículo ${newId().slice(-5)}`,
        type: 'product',
        list_state: 'published',
        list_price_minor: 25000,
        stock: { available, stock_type: available === null ? 'ondemand' : 'onstock' },
        ...extra,
      },
    });
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    await eventually(async () => (await sql(`select 1 from "cart-checkout".items where item_id = '${id}'`)).length === 1);
    return id;
  };
  /** A cart with lines, written straight into the tables (setup for the races below). */
  const cartOf = async (userId: string, lines: Array<[string, number]>): Promise<string> => {
    const shopId = (await sql<{ shop_id: string }>(`select shop_id from "cart-checkout".shops where slug = '${SLUG}'`))[0].shop_id;
    const cartId = newId();
    await sql(`insert into "cart-checkout".carts (id, user_id, shop_id) values ('${cartId}', '${userId}', '${shopId}')`);
    for (const [itemId, quantity] of lines) {
      await sql(`insert into "cart-checkout".cart_lines (cart_id, item_id, quantity) values ('${cartId}', '${itemId}', ${quantity})`);
    }
    return cartId;
  };
  const checkout = (userId: string, cartId: string, supplierId = SUPPLIER, key?: string) =>
    token(userId).then((auth) =>
      call(app, 'POST', `/shopping-carts/${cartId}/checkout`, { auth, key, payload: { supplier_id: supplierId } }),
    );

  beforeAll(async () => {
    process.env.SEED_DEMO = 'false';
    if (engine === 'PGlite') delete process.env.DATABASE_URL; // restored with the rest of the environment in afterAll
    process.env.CHECKOUT_SWEEP_MS = '3600000'; // the test sweeps itself
    // A loaded 2-core machine and one database for two services (each has its own pool in production): the race
    // below is about correctness, so the reserve call may wait longer than the client's 2 s default.
    process.env.CATALOGUE_RESERVE_TIMEOUT_MS = '30000';
    tdb = await createTestDatabase('checkout');
    if (tdb.url) {
      // two services' 200 concurrent requests on one pool: size it as two services' pools would be
      const database = await openDatabase({ dataDir: tdb.dataDir, databaseUrl: tdb.url, poolMax: 20, poolWaitMs: 30_000 });
      const own = tdb;
      tdb = { ...own, database, destroy: async () => (await database.close(), own.destroy()) };
    }
    runtime = await createTestRuntime(tdb);
    ({ app: catalogue } = await createServiceApp(catalogueService, runtime));
    await catalogue.listen({ port: 0, host: '127.0.0.1' });
    process.env.SERVICE_URL_CATALOGUE = `http://127.0.0.1:${(catalogue.getHttpServer().address() as AddressInfo).port}`;
    ({ app } = await createServiceApp(cartCheckoutService, runtime));
    await app.getHttpAdapter().getInstance().ready();
    const signer = TokenSigner.fromKeys(runtime.keys, { issuer: runtime.config.AUTH_ISSUER, audience: runtime.config.AUTH_AUDIENCE });
    token = async (id, keychain = []) => `Bearer ${await signer.sign({ id, level: 2, keychain })}`;
    const shop: StoreShopCreated = { shopId: newId(), ownerId: OWNER, slug: SLUG, storeType: 'affiliate', name: 'Tienda' };
    await runtime.bus.publish(Topics.storeShop, [
      {
        id: newId(),
        type: StoreEvents.shopCreated,
        version: 1,
        occurredAt: new Date().toISOString(),
        key: shop.shopId,
        traceId: newId(),
        data: shop,
      },
    ]);
    await eventually(async () => (await sql(`select 1 from "cart-checkout".shops where slug = '${SLUG}'`)).length === 1);
    const settings = await call(app, 'PUT', '/checkout/supplier-settings', {
      auth: await token(SUPPLIER),
      payload: { enabled_payment_types: ['card', 'spei'], fixed_shipping_cost_minor: 9900, fixed_shipping_days: 3 },
    });
    expect(settings.status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await catalogue?.close();
    await runtime?.close();
    await tdb?.destroy();
    for (const key of Object.keys(process.env)) if (!(key in previous)) delete process.env[key];
    Object.assign(process.env, previous);
  });

  it('reserves the cart order for the checkout, shows it to its owner only, and publishes cart.checkout.created', async () => {
    const item = await newItem(SUPPLIER, 5);
    const auth = await token('shopper-1');
    const added = await call(app, 'POST', `/cart/shops/${SLUG}/items`, { auth, payload: { item_id: item, amount: 2 } });
    expect(added.status).toBe(200);
    const created = await call(app, 'POST', `/shopping-carts/${added.body.cart_id}/checkout`, {
      auth,
      payload: { supplier_id: SUPPLIER, referral: 'amiga', click_id: '' },
    });
    expect(created.status).toBe(201);
    const c = created.body;
    expect(c).toMatchObject({
      cart_id: added.body.cart_id,
      shop_slug: SLUG,
      status: 'open',
      supplier: SUPPLIER,
      dssupplier: null,
      subtotal: '500.00',
      subtotal_minor: 50000,
      shipping: null,
      total_minor: 50000,
      enabled_payment_types: ['card', 'spei'],
      needs_attendees: false,
      referral: 'amiga',
      payment_token: null,
    });
    expect(c).not.toHaveProperty('click_id'); // empty properties are dropped (spec 3 §3)
    expect(c.lines).toEqual([expect.objectContaining({ id: item, amount: 2, unit_price_minor: 25000 })]);
    expect(c.seconds_left).toBeGreaterThan(890);
    expect(await stock(item)).toEqual({ available: 5, reserved: 2 });
    expect((await call(app, 'GET', `/checkout/${c.id}`, { auth })).body.id).toBe(c.id);
    const foreign = await call(app, 'GET', `/checkout/${c.id}`, { auth: await token('shopper-2') });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'checkout_not_found']);
    expect(
      (
        await call(app, 'PUT', `/checkout/${c.id}/contact`, {
          auth: await token('shopper-2'),
          payload: { name: 'X', email: 'x@y.mx', phone: '525512345678', phone_country: 'MX' },
        })
      ).status,
    ).toBe(404);
    const events = await sql<{ type: string; key: string }>(
      `select envelope->>'type' as type, key from "cart-checkout".outbox where key = '${c.id}'`,
    );
    expect(events).toEqual([{ type: 'cart.checkout.created', key: c.id }]);
    // another user's cart id is not theirs to check out
    expect(
      (
        await call(app, 'POST', `/shopping-carts/${added.body.cart_id}/checkout`, {
          auth: await token('shopper-2'),
          payload: { supplier_id: SUPPLIER },
        })
      ).body.code,
    ).toBe('cart_order_not_found');
  });

  it('refuses an order whose supplier is not configured, and an order the cart does not have', async () => {
    const item = await newItem(UNCONFIGURED, 5);
    const cartId = await cartOf('shopper-3', [[item, 1]]);
    const refused = await checkout('shopper-3', cartId, UNCONFIGURED);
    expect([refused.status, refused.body.code]).toEqual([409, 'supplier_not_configured']);
    expect(await stock(item)).toEqual({ available: 5, reserved: 0 });
    expect((await checkout('shopper-3', cartId, SUPPLIER)).body.code).toBe('cart_order_not_found');
    // 'Comprar ahora' reads the configurations with the shop and the item: the same refusal
    const auth = await token('shopper-3');
    const instant = await call(app, 'POST', '/checkout/instant', { auth, payload: { shop_slug: SLUG, item_id: item, amount: 1 } });
    expect([instant.status, instant.body.code]).toEqual([409, 'supplier_not_configured']);
    expect(await stock(item)).toEqual({ available: 5, reserved: 0 });
    // a dropshipped item resold in the shop of an unconfigured owner: the dropshipping supplier ships it, so its
    // configuration decides, and the order is the shop owner's (named after the shop: the owner has no name here)
    const dropshipped = await newItem(SUPPLIER, 5, { is_dropshipping: true });
    const resold = await call(app, 'POST', '/checkout/instant', { auth, payload: { shop_slug: SLUG, item_id: dropshipped, amount: 1 } });
    expect(resold.status).toBe(201);
    expect(resold.body).toMatchObject({
      supplier: OWNER,
      supplier_name: 'Tienda',
      dssupplier: SUPPLIER,
      enabled_payment_types: ['card', 'spei'],
      delivery_options: {
        fixed: { price: '99.00', price_minor: 9900, currency: 'MXN', days: 3 },
        scheduled: false,
        broker: false,
        pickup: false,
      },
    });
    // what a read shows (the countdown aside, which may have ticked)
    const read = (await call(app, 'GET', `/checkout/${resold.body.id}`, { auth })).body;
    expect({ ...read, seconds_left: 0 }).toEqual({ ...resold.body, seconds_left: 0 });
  });

  it('adjusts the cart down to what is left when stock runs short, listing what is gone', async () => {
    const short = await newItem(SUPPLIER, 3);
    const gone = await newItem(SUPPLIER, 1);
    expect(
      (
        await checkout(
          'shopper-4',
          await cartOf('shopper-4', [
            [short, 2],
            [gone, 1],
          ]),
        )
      ).status,
    ).toBe(201);
    const cartId = await cartOf('shopper-5', [
      [short, 2],
      [gone, 1],
    ]);
    const refused = await checkout('shopper-5', cartId);
    expect(refused.status).toBe(409);
    expect(['insufficient_stock', 'out_of_stock']).toContain(refused.body.code);
    expect(refused.body.adjusted).toEqual([{ item_id: short, line_id: short, variant: {}, requested: 2, amount: 1 }]);
    expect(refused.body.unavailable).toEqual([{ item_id: gone, line_id: gone, variant: {}, reason: 'out_of_stock' }]);
    const lines = await sql<{ item_id: string; quantity: number }>(
      `select item_id, quantity from "cart-checkout".cart_lines where cart_id = '${cartId}'`,
    );
    expect(lines).toEqual([{ item_id: short, quantity: 1 }]);
    expect(await stock(short)).toEqual({ available: 3, reserved: 2 });
    // with the adjusted cart the checkout goes through
    expect((await checkout('shopper-5', cartId)).status).toBe(201);
    expect(await stock(short)).toEqual({ available: 3, reserved: 3 });
  });

  it('keeps the chosen variant on checkout lines, reserves per item across its variants, and adjusts the cart by line', async () => {
    const shirt = await newItem(SUPPLIER, 4, { variants: { Talla: 'S, M', Material: 'Algodón' } });
    const first = await token('shopper-variants-1');
    await call(app, 'POST', `/cart/shops/${SLUG}/items`, { auth: first, payload: { item_id: shirt, amount: 2, variant: { Talla: 'S' } } });
    const cart = await call(app, 'POST', `/cart/shops/${SLUG}/items`, {
      auth: first,
      payload: { item_id: shirt, amount: 1, variant: { Talla: 'M' } },
    });
    expect(cart.body.orders[0].products.map((p: any) => [p.variant, p.amount])).toEqual([
      [{ Talla: 'S' }, 2],
      [{ Talla: 'M' }, 1],
    ]);
    const created = await call(app, 'POST', `/shopping-carts/${cart.body.cart_id}/checkout`, {
      auth: first,
      payload: { supplier_id: SUPPLIER },
    });
    expect(created.status).toBe(201);
    expect(created.body.lines.map((l: any) => [l.id, l.variant, l.amount, l.line_id])).toEqual(
      cart.body.orders[0].products.map((p: any) => [shirt, p.variant, p.amount, p.line_id]),
    );
    expect((await call(app, 'GET', `/checkout/${created.body.id}`, { auth: first })).body.lines).toEqual(created.body.lines);
    expect(await stock(shirt)).toEqual({ available: 4, reserved: 3 });
    // one unit left for two lines of the item: the first line keeps it, the second leaves the cart
    const second = await token('shopper-variants-2');
    await call(app, 'POST', `/cart/shops/${SLUG}/items`, { auth: second, payload: { item_id: shirt, amount: 1, variant: { Talla: 'S' } } });
    const other = await call(app, 'POST', `/cart/shops/${SLUG}/items`, {
      auth: second,
      payload: { item_id: shirt, amount: 1, variant: { Talla: 'M' } },
    });
    const mLine = other.body.orders[0].products[1].line_id;
    const refused = await call(app, 'POST', `/shopping-carts/${other.body.cart_id}/checkout`, {
      auth: second,
      payload: { supplier_id: SUPPLIER },
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'insufficient_stock']);
    expect(refused.body.adjusted).toEqual([]);
    expect(refused.body.unavailable).toEqual([{ item_id: shirt, line_id: mLine, variant: { Talla: 'M' }, reason: 'out_of_stock' }]);
    const after = (await call(app, 'GET', `/cart/shops/${SLUG}`, { auth: second })).body;
    expect(after.orders[0].products.map((p: any) => [p.variant, p.amount])).toEqual([[{ Talla: 'S' }, 1]]);
    // 'Comprar ahora' with the chosen variant
    const cap = await newItem(SUPPLIER, 5, { variants: { Color: 'Negro, Blanco' } });
    const instant = await call(app, 'POST', '/checkout/instant', {
      auth: second,
      key: newId(),
      payload: { shop_slug: SLUG, item_id: cap, amount: 1, variant: { Color: 'Blanco' } },
    });
    expect(instant.status).toBe(201);
    expect(instant.body.lines).toEqual([expect.objectContaining({ id: cap, variant: { Color: 'Blanco' }, amount: 1 })]);
    expect(
      await sql(`select item_id, variant_key, quantity from "cart-checkout".checkout_lines where checkout_id = '${instant.body.id}'`),
    ).toEqual([{ item_id: cap, variant_key: '{"Color":"Blanco"}', quantity: 1 }]);
  });

  it('creates one checkout for 20 parallel calls with one Idempotency-Key; another body → 422; another user → independent', async () => {
    const item = await newItem(SUPPLIER, 50);
    const cartId = await cartOf('shopper-6', [[item, 1]]);
    const key = `key-${newId()}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkout('shopper-6', cartId, SUPPLIER, key)));
    const ok = answers.filter((a) => a.status === 201);
    expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.code])).toEqual(
      answers.filter((a) => a.status !== 201).map(() => [409, 'idempotency_key_in_flight']),
    );
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((a) => a.raw)).size).toBe(1);
    const rows = await sql<{ n: number }>(`select count(*)::int as n from "cart-checkout".checkouts where user_id = 'shopper-6'`);
    expect(rows[0].n).toBe(1);
    expect(await stock(item)).toEqual({ available: 50, reserved: 1 });
    // the answer was stored by the checkout's own insert (one transaction wrote both rows): a retry after a crash
    // finds this checkout, it never makes a second one holding stock again
    const [written] = await sql<{ tx: string; body: string }>(
      `select c.xmin::text as tx, k.response_body as body from "cart-checkout".checkouts c, "cart-checkout".idempotency_keys k
       where c.user_id = 'shopper-6' and k.user_id = 'shopper-6' and k.key = '${key}' and k.xmin = c.xmin`,
    );
    expect(written?.body).toBe(ok[0].raw);
    // a retry later gets the stored answer, byte for byte
    const replay = await checkout('shopper-6', cartId, SUPPLIER, key);
    expect([replay.status, replay.raw]).toEqual([201, ok[0].raw]);
    // the same key with another body
    const auth = await token('shopper-6');
    const reused = await call(app, 'POST', `/shopping-carts/${cartId}/checkout`, {
      auth,
      key,
      payload: { supplier_id: SUPPLIER, referral: 'x' },
    });
    expect([reused.status, reused.body.code]).toEqual([422, 'idempotency_key_reused']);
    // another user's same key is theirs
    const other = await checkout('shopper-7', await cartOf('shopper-7', [[item, 1]]), SUPPLIER, key);
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(ok[0].body.id);
    // a refusal is an answer too: replayed as it was
    const empty = await cartOf('shopper-8', [[item, 1]]);
    const k2 = `key-${newId()}`;
    const first = await checkout('shopper-8', empty, UNCONFIGURED, k2);
    const again = await checkout('shopper-8', empty, UNCONFIGURED, k2);
    expect([first.status, again.status, again.raw]).toEqual([404, 404, first.raw]);
  });

  it('expires a checkout after its time (moved clock): reads say expired, writes answer 410, the stock comes back', async () => {
    const item = await newItem(SUPPLIER, 4);
    const auth = await token('shopper-9');
    const c = (await checkout('shopper-9', await cartOf('shopper-9', [[item, 3]]))).body;
    expect(await stock(item)).toEqual({ available: 4, reserved: 3 });
    app.get(Clock, { strict: false }).advance(16 * 60_000);
    const read = await call(app, 'GET', `/checkout/${c.id}`, { auth });
    expect(read.body).toMatchObject({ status: 'expired', seconds_left: 0 });
    const write = await call(app, 'PUT', `/checkout/${c.id}/contact`, {
      auth,
      payload: { name: 'Ana', email: 'ana@x.mx', phone: '52 55 1234 5678', phone_country: 'MX' },
    });
    expect([write.status, write.body.code]).toEqual([410, 'checkout_expired']);
    expect(await app.get(CheckoutExpiry, { strict: false }).sweep()).toContain(c.id);
    expect(await app.get(CheckoutExpiry, { strict: false }).sweep()).not.toContain(c.id);
    await eventually(async () => (await stock(item))?.reserved === 0);
    const events = await sql<{ type: string }>(
      `select envelope->>'type' as type from "cart-checkout".outbox where key = '${c.id}' order by seq`,
    );
    expect(events.map((e) => e.type)).toEqual(['cart.checkout.created', 'cart.checkout.expired']);
  });

  it('saves the contact (whitespace removed, phone length per country), attendees per ticket, and one share slug', async () => {
    const item = await newItem(SUPPLIER, 10);
    const auth = await token('shopper-10');
    const c = (await call(app, 'POST', '/checkout/instant', { auth, payload: { shop_slug: SLUG, item_id: item, amount: 2 } })).body;
    expect(c).toMatchObject({ cart_id: null, subtotal_minor: 50000, lines: [expect.objectContaining({ id: item, amount: 2 })] });
    const contact = await call(app, 'PUT', `/checkout/${c.id}/contact`, {
      auth,
      payload: { name: '  Ana  López ', email: ' ana@correo.mx ', phone: '52 1 55 1234 567', phone_country: 'mx' },
    });
    expect(contact.body.contact).toEqual({
      name: 'Ana López',
      email: 'ana@correo.mx',
      phone: '52155123456'.concat('7'),
      phone_country: 'MX',
    });
    const long = await call(app, 'PUT', `/checkout/${c.id}/contact`, {
      auth,
      payload: { name: 'Ana', email: 'ana@correo.mx', phone: '5215512345678', phone_country: 'MX' },
    });
    expect([long.status, long.body.code]).toEqual([400, 'invalid_phone']);
    const us = await call(app, 'PUT', `/checkout/${c.id}/contact`, {
      auth,
      payload: { name: 'Ann', email: 'a@b.us', phone: '1 212 555 0100', phone_country: 'US' },
    });
    expect(us.body.contact.phone).toBe('12125550100');
    expect((await call(app, 'PUT', `/checkout/${c.id}/attendees`, { auth, payload: { attendees: [] } })).body.code).toBe(
      'attendees_mismatch',
    );
    const share = await call(app, 'POST', `/checkout/${c.id}/share_checkout`, { auth });
    expect(share.status).toBe(201);
    expect(share.body.public_slug).toMatch(/^[a-z0-9]{10}$/);
    const again = await call(app, 'POST', `/checkout/${c.id}/share_checkout`, { auth });
    expect([again.status, again.body.code]).toEqual([409, 'slug_public_was_alrready_generated']);
    // 'Comprar ahora' follows the quantity rules
    expect(
      (await call(app, 'POST', '/checkout/instant', { auth, payload: { shop_slug: SLUG, item_id: item, amount: 11 } })).body,
    ).toMatchObject({
      code: 'quantity_exceeded',
      available: 10,
    });
  });

  it('checks out the order named in the path, asks attendees for experiences, and replaces an earlier checkout', async () => {
    const date = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const show = await newItem(SUPPLIER, 20, { type: 'experience', experience_date: date });
    const auth = await token('shopper-11');
    const cartId = await cartOf('shopper-11', [[show, 2]]);
    const first = await call(app, 'POST', `/shopping-carts/${cartId}/${SUPPLIER}/checkout`, { auth, payload: {} });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ needs_attendees: true, attendees: [] });
    const bad = await call(app, 'PUT', `/checkout/${first.body.id}/attendees`, {
      auth,
      payload: { attendees: [{ full_name: 'Ana', phone: '5512345678' }] },
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'attendees_mismatch']);
    const ok = await call(app, 'PUT', `/checkout/${first.body.id}/attendees`, {
      auth,
      payload: {
        attendees: [
          { full_name: ' Ana  Ruiz ', phone: '55 1234 5678' },
          { full_name: 'Beto', phone: '5587654321' },
        ],
      },
    });
    expect(ok.body.attendees).toEqual([
      { full_name: 'Ana Ruiz', phone: '5512345678' },
      { full_name: 'Beto', phone: '5587654321' },
    ]);
    expect(await stock(show)).toEqual({ available: 20, reserved: 2 });
    // a new checkout replacing the first: its stock comes back
    const second = await call(app, 'POST', `/shopping-carts/${cartId}/${SUPPLIER}/checkout`, {
      auth,
      payload: { to_replace: first.body.id },
    });
    expect(second.status).toBe(201);
    expect((await call(app, 'GET', `/checkout/${first.body.id}`, { auth })).body.status).toBe('cancelled');
    await eventually(async () => (await stock(show))?.reserved === 2);
    expect((await call(app, 'POST', `/shopping-carts/${cartId}/nobody/checkout`, { auth, payload: {} })).body.code).toBe(
      'cart_order_not_found',
    );
  });

  it('needs no delivery for services: ready to pay at once; a product checkout says what its shipper offers', async () => {
    const auth = await token('shopper-no-delivery');
    const settings = await call(app, 'PUT', '/checkout/supplier-settings', {
      auth: await token(SERVICES_ONLY),
      payload: { enabled_payment_types: ['card'] },
    });
    expect([settings.status, settings.body.is_configured]).toEqual([200, false]);
    const service = await newItem(SERVICES_ONLY, null, { type: 'service' });
    const product = await newItem(SERVICES_ONLY, 3);
    const order = (cart: any) => cart.orders.find((o: any) => o.supplier === SERVICES_ONLY);
    const added = await call(app, 'POST', `/cart/shops/${SLUG}/items`, { auth, payload: { item_id: service, amount: 1 } });
    expect(order(added.body).is_configured).toBe(true);
    // a product needs a delivery this supplier does not offer
    const both = await call(app, 'POST', `/cart/shops/${SLUG}/items`, { auth, payload: { item_id: product, amount: 1 } });
    expect(order(both.body).is_configured).toBe(false);
    const refused = await call(app, 'POST', `/shopping-carts/${added.body.cart_id}/checkout`, {
      auth,
      payload: { supplier_id: SERVICES_ONLY },
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'supplier_not_configured']);
    await call(app, 'DELETE', `/cart/shops/${SLUG}/items/${product}`, { auth });
    const created = await call(app, 'POST', `/shopping-carts/${added.body.cart_id}/checkout`, {
      auth,
      payload: { supplier_id: SERVICES_ONLY },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'ready',
      needs_delivery: false,
      delivery_options: { fixed: null, scheduled: false, broker: false, pickup: false },
      payment_token: expect.stringMatching(/^[\w-]{32}$/),
    });
    const events = await sql<{ type: string }>(
      `select envelope->>'type' as type from "cart-checkout".outbox where key = '${created.body.id}' order by seq`,
    );
    expect(events.map((e) => e.type)).toEqual(['cart.checkout.created', 'cart.checkout.ready']);
    // a product: the shopper is shown the supplier's fixed shipping before choosing
    const item = await newItem(SUPPLIER, 5);
    const instant = await call(app, 'POST', '/checkout/instant', { auth, payload: { shop_slug: SLUG, item_id: item, amount: 1 } });
    expect(instant.status).toBe(201);
    expect(instant.body).toMatchObject({
      status: 'open',
      needs_delivery: true,
      payment_token: null,
      delivery_options: {
        fixed: { price: '99.00', price_minor: 9900, currency: 'MXN', days: 3 },
        scheduled: false,
        broker: false,
        pickup: false,
      },
    });
  });

  it('refuses all of 50 concurrent checkouts whose two lines of one item sum to the stock + 1, holding nothing', async () => {
    // one item in two sizes: each cart holds 3 S + 4 M of a stock of 6
    const item = await newItem(SUPPLIER, 6, { variants: { Talla: 'S, M' } });
    const users = Array.from({ length: 50 }, (_, i) => `greedy-${i}`);
    const shopId = (await sql<{ shop_id: string }>(`select shop_id from "cart-checkout".shops where slug = '${SLUG}'`))[0].shop_id;
    const carts = users.map(() => newId());
    await sql(
      `insert into "cart-checkout".carts (id, user_id, shop_id) values ${users.map((u, i) => `('${carts[i]}', '${u}', '${shopId}')`).join(',')}`,
    );
    const line = (cart: string, size: string, quantity: number) =>
      `('${cart}', '${item}', '${variantKey({ Talla: size })}', '${JSON.stringify({ Talla: size })}'::jsonb, ${quantity})`;
    await sql(
      `insert into "cart-checkout".cart_lines (cart_id, item_id, variant_key, variant, quantity) values ${carts
        .flatMap((c) => [line(c, 'S', 3), line(c, 'M', 4)])
        .join(',')}`,
    );
    const answers = await Promise.all(users.map((u, i) => checkout(u, carts[i])));
    expect(answers.map((a) => [a.status, a.body.code])).toEqual(answers.map(() => [409, 'insufficient_stock']));
    expect(await stock(item)).toEqual({ available: 6, reserved: 0 });
    // every cart cut down to what is left: its two lines now sum to the stock
    const totals = await sql<{ total: number }>(
      `select distinct sum(quantity)::int as total from "cart-checkout".cart_lines where item_id = '${item}' group by cart_id`,
    );
    expect(totals).toEqual([{ total: 6 }]);
  });

  it('reserves exactly the stock for 200 concurrent checkouts of 200 users: 10 succeed, 190 are refused, none fails', async () => {
    const item = await newItem(SUPPLIER, 10);
    const users = Array.from({ length: 200 }, (_, i) => `racer-${i}`);
    // 200 carts of one line each, in two statements
    const shopId = (await sql<{ shop_id: string }>(`select shop_id from "cart-checkout".shops where slug = '${SLUG}'`))[0].shop_id;
    const carts = users.map(() => newId());
    await sql(
      `insert into "cart-checkout".carts (id, user_id, shop_id) values ${users.map((u, i) => `('${carts[i]}', '${u}', '${shopId}')`).join(',')}`,
    );
    await sql(
      `insert into "cart-checkout".cart_lines (cart_id, item_id, quantity) values ${carts.map((c) => `('${c}', '${item}', 1)`).join(',')}`,
    );
    let racing = true;
    let worst = 0;
    const watch = (async () => {
      while (racing) {
        const s = await stock(item);
        if (s) worst = Math.max(worst, s.reserved - (s.available ?? 0));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const answers = await Promise.all(users.map((u, i) => checkout(u, carts[i])));
    racing = false;
    await watch;
    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 201: 10, 409: 190 });
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.code))).toEqual(new Set(['out_of_stock']));
    expect(worst).toBeLessThanOrEqual(0);
    expect(await stock(item)).toEqual({ available: 10, reserved: 10 });
    const refusedCart = carts[answers.findIndex((a) => a.status === 409)];
    expect(await sql(`select 1 from "cart-checkout".cart_lines where cart_id = '${refusedCart}'`)).toEqual([]);
  });
});
