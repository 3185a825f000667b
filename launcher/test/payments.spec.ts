/**
 * Payments end to end on the service side (issue 12; ARCHITECTURE §8 'Payments'): cart-checkout and the real
 * catalogue on one runtime, the sandbox provider's signed webhooks delivered over real HTTP (a forwarder on an
 * ephemeral port hands them to the service), the catalogue's reservations over real HTTP. Every method, the decline
 * codes, 3-D Secure and approval round trips, voucher and SPEI expiry releasing stock, and the races the issue names:
 * one Idempotency-Key started 20 times at once charges once; webhook and client completion racing (with duplicated
 * and early webhooks) publish exactly one payment.succeeded per checkout. Issue 14 adds orders and accounts on the same
 * runtime: a return's 50 racing partial refunds reach the provider exactly as often as they succeed, and delivered
 * orders settle once into the wallets (after their request closes, or when the window closes with none).
 */
import { createServer, type Server } from 'node:http';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SANDBOX_TEST_CARDS, StoreEvents, Topics, type StoreShopCreated } from '@vitrina/contracts';
import { TokenSigner, createServiceApp, newId, openDatabase, type Runtime } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import { catalogueService } from '@vitrina/catalogue';
import { Clock, PaymentJobs, PaymentWebhooks, cartCheckoutService, signSandboxWebhook } from '@vitrina/cart-checkout';
import { ordersService } from '@vitrina/orders';
import { ManualClock, createAccountsService } from '@vitrina/accounts';
import { eventually } from './support/inject.js';

const SUPPLIER = newId();
const OWNER = newId();
const SLUG = 'tienda-pagos';
const HOUR = 60 * 60 * 1000;

interface Answer {
  status: number;
  body: any;
  headers: Record<string, unknown>;
}

async function call(
  app: NestFastifyApplication,
  method: string,
  url: string,
  opts: { auth?: string; payload?: object | string; key?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: { ...(opts.auth ? { authorization: opts.auth } : {}), ...(opts.key ? { 'idempotency-key': opts.key } : {}), ...opts.headers },
    ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
  });
  let body: unknown = res.body;
  try {
    body = res.body ? res.json() : undefined;
  } catch {
    /* html */
  }
  return { status: res.statusCode, body, headers: res.headers };
}

/** PostgreSQL only (as in CI): the races below are about its concurrency; the checkout tests cover PGlite. */
const describePg = process.env.DATABASE_URL ? describe : describe.skip;

describePg('payments through the sandbox provider (PostgreSQL)', () => {
  let pool: pg.Pool;
  let tdb: TestDatabase;
  let runtime: Runtime;
  let catalogue: NestFastifyApplication;
  let app: NestFastifyApplication;
  let orders: NestFastifyApplication;
  let accounts: NestFastifyApplication;
  /** The accounts service's clock: moved past a return window to settle an order. */
  const walletsClock = new ManualClock();
  let forwarder: Server;
  let clock: Clock;
  let jobs: PaymentJobs;
  let token: (id: string, keychain?: string[]) => Promise<string>;
  const previous = { ...process.env };

  const sql = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> =>
    (await pool.query(text, params)).rows as T[];
  const stock = async (itemId: string) =>
    (
      await sql<{ available: number | null; reserved: number }>('select available, reserved from catalogue.items where id = $1', [itemId])
    )[0];
  /** The service clock's now in seconds (tests move it): webhook signatures are checked against it. */
  const now = () => Math.floor(clock.now().getTime() / 1000);
  const succeededEvents = async (checkoutId: string) =>
    Number(
      (
        await sql<{ n: string }>(
          `select count(*) as n from "cart-checkout".outbox where envelope->>'type' = 'payment.succeeded' and key = $1`,
          [checkoutId],
        )
      )[0].n,
    );

  const newItem = async (available: number | null): Promise<string> => {
    const res = await call(catalogue, 'POST', `/catalogue/${SUPPLIER}:${SUPPLIER}/affiliate/items`, {
      auth: await token(SUPPLIER, ['dssupplier-admin']),
      payload: {
        name: `Taller ${newId().slice(-5)}`,
        type: 'service',
        list_state: 'published',
        list_price_minor: 45000,
        stock: { available, stock_type: available === null ? 'ondemand' : 'onstock' },
      },
    });
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    await eventually(async () => (await sql('select 1 from "cart-checkout".items where item_id = $1', [id])).length === 1);
    return id;
  };

  /** A ready checkout (a service: no delivery) of `amount` units; answers its id and payment token. */
  const readyCheckout = async (user: string, itemId: string, amount = 1) => {
    const res = await call(app, 'POST', '/checkout/instant', {
      auth: await token(user),
      payload: { shop_slug: SLUG, item_id: itemId, amount },
    });
    expect([res.status, res.body.status]).toEqual([201, 'ready']);
    return { id: res.body.id as string, token: res.body.payment_token as string, auth: await token(user) };
  };

  const tokenise = async (number: string) => {
    const res = await call(app, 'POST', '/payments/sandbox/tokens', {
      payload: { card_number: number, cvv: '123', month: 12, year: new Date().getFullYear() + 2, holder_name: 'Ana Pérez' },
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  const payCard = async (c: { token: string; auth: string }, number: string, extra: object = {}, key = newId()) =>
    call(app, 'POST', `/payment/${c.token}/order/card`, {
      auth: c.auth,
      key,
      payload: { source_id: await tokenise(number), return_path: `/tienda/${SLUG}/comprar`, ...extra },
    });

  beforeAll(async () => {
    process.env.SEED_DEMO = 'false';
    process.env.CHECKOUT_SWEEP_MS = '3600000';
    process.env.PAYMENT_JOBS = '0'; // the test runs the jobs itself
    process.env.CATALOGUE_RESERVE_TIMEOUT_MS = '30000';
    process.env.SANDBOX_WEBHOOK_POLL_MS = '50';
    process.env.WALLET_SETTLE_SWEEP_MS = '200';
    tdb = await createTestDatabase('payments');
    if (tdb.url) {
      const database = await openDatabase({ dataDir: tdb.dataDir, databaseUrl: tdb.url, poolMax: 20, poolWaitMs: 30_000 });
      const own = tdb;
      tdb = { ...own, database, destroy: async () => (await database.close(), own.destroy()) };
    }
    pool = new pg.Pool({ connectionString: tdb.url, max: 3 });
    runtime = await createTestRuntime(tdb);
    ({ app: catalogue } = await createServiceApp(catalogueService, runtime));
    await catalogue.listen({ port: 0, host: '127.0.0.1' });
    process.env.SERVICE_URL_CATALOGUE = `http://127.0.0.1:${(catalogue.getHttpServer().address() as AddressInfo).port}`;
    // the sandbox's webhooks travel over real HTTP to this forwarder, which hands them to the service unchanged
    forwarder = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void app
          .inject({ method: 'POST', url: req.url!, headers: req.headers as Record<string, string>, payload: Buffer.concat(chunks) })
          .then((r) => res.writeHead(r.statusCode, { 'content-type': 'application/json' }).end(r.body))
          .catch(() => res.writeHead(502).end());
      });
    });
    await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve));
    process.env.SANDBOX_WEBHOOK_URL = `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}/payments/webhooks/sandbox`;
    ({ app } = await createServiceApp(cartCheckoutService, runtime));
    // the orders service places pay-later checkouts through cart-checkout's internal endpoint, over real HTTP
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.env.SERVICE_URL_CART_CHECKOUT = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    ({ app: orders } = await createServiceApp(ordersService, runtime));
    await orders.getHttpAdapter().getInstance().ready();
    ({ app: accounts } = await createServiceApp(createAccountsService({ clock: walletsClock }), runtime));
    await accounts.getHttpAdapter().getInstance().ready();
    clock = app.get(Clock);
    jobs = app.get(PaymentJobs);
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
    await eventually(async () => (await sql('select 1 from "cart-checkout".shops where slug = $1', [SLUG])).length === 1);
    const settings = await call(app, 'PUT', '/checkout/supplier-settings', {
      auth: await token(SUPPLIER),
      payload: { enabled_payment_types: ['card', 'paypal', 'mobbex', 'aplazo', 'cash', 'spei', 'ondelivery'] },
    });
    expect(settings.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await accounts?.close();
    await orders?.close();
    await app?.close();
    await catalogue?.close();
    await new Promise((r) => forwarder?.close(r));
    await runtime?.close();
    await pool?.end();
    await tdb?.destroy();
    process.env = previous;
  });

  it('a card payment pays the checkout once, commits its stock, and the page shows MSI plans and the attempt', async () => {
    const item = await newItem(5);
    const c = await readyCheckout('shopper-card', item, 2);
    const page = await call(app, 'GET', `/payment/${c.token}`, { auth: c.auth });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      checkout_id: c.id,
      checkout_status: 'ready',
      amount_minor: 90_000,
      currency: 'MXN',
      enabled_payment_types: ['card', 'paypal', 'mobbex', 'aplazo', 'cash', 'spei', 'ondelivery'],
      sandbox: true,
      attempt: null,
    });
    expect(page.body.msi_options.map((o: any) => o.months)).toEqual([3, 6, 9, 12]);
    expect(page.body.msi_options[2]).toMatchObject({ months: 9, financing_cost_minor: 4500, total_minor: 94_500, monthly_minor: 10_500 });
    expect(page.body.deferred_options[0]).toMatchObject({ months: 3, financing_cost_minor: 4050, total_minor: 94_050 });
    // another shopper's token is not found
    expect((await call(app, 'GET', `/payment/${c.token}`, { auth: await token('someone-else') })).status).toBe(404);

    const paid = await payCard(c, SANDBOX_TEST_CARDS.approved, { msi_payments: 9, save_card: true });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({
      status: 'succeeded',
      method: 'card',
      provider: 'sandbox',
      amount_minor: 90_000,
      financing_cost_minor: 4500,
      instalments: 9,
    });
    expect(paid.body.charge_id).toEqual(expect.any(String));
    const checkout = await call(app, 'GET', `/checkout/${c.id}`, { auth: c.auth });
    expect(checkout.body.status).toBe('paid');
    expect(await succeededEvents(c.id)).toBe(1);
    // the order's snapshot, read in the statement that pays the checkout: the lines as sold, with the shop beside them
    const [event] = await sql<{ data: any }>(
      `select envelope->'data' as data from "cart-checkout".outbox where envelope->>'type' = 'payment.succeeded' and key = $1`,
      [c.id],
    );
    const [shop] = await sql<{ name: string; owner_id: string }>('select name, owner_id from "cart-checkout".shops where slug = $1', [
      SLUG,
    ]);
    const [projected] = await sql<{ name: string; contribution_margin_minor: number }>(
      'select name, contribution_margin_minor from "cart-checkout".items where item_id = $1',
      [item],
    );
    expect(event.data.order).toEqual({
      checkoutId: c.id,
      userId: expect.any(String),
      shopId: expect.any(String),
      shopSlug: SLUG,
      shopName: shop.name,
      shopOwnerId: shop.owner_id,
      supplierId: SUPPLIER,
      supplierName: expect.any(String),
      dssupplierId: null,
      dssupplierName: null,
      currency: 'MXN',
      subtotalMinor: 90_000,
      shippingMinor: 0,
      financingCostMinor: 4500,
      paymentType: 'card',
      prepaid: true,
      chargeId: paid.body.charge_id,
      contact: null, // a service bought by a signed-in shopper: no contact form, no delivery
      address: null,
      delivery: null,
      attendees: [],
      referral: null,
      campaign: null,
      clickId: null,
      placedAt: event.data.paidAt,
      lines: [
        {
          itemId: item,
          variantKey: expect.any(String),
          variant: {},
          name: projected.name,
          photo: null,
          type: 'service',
          slug: expect.any(String),
          ownerId: SUPPLIER,
          quantity: 2,
          unitPriceMinor: 45000,
          contributionMarginMinor: projected.contribution_margin_minor,
          experienceDate: null,
        },
      ],
    });
    expect(event.data).toMatchObject({ shopId: event.data.order.shopId, supplierId: SUPPLIER, purpose: 'order' });
    await eventually(async () => (await stock(item)).available === 3);
    expect(await stock(item)).toEqual({ available: 3, reserved: 0 });
    // the card was saved: masked, reusable for the next purchase, never the number
    const cards = await call(app, 'GET', '/payments/cards', { auth: c.auth });
    expect(cards.body.results).toEqual([
      expect.objectContaining({ number: '•••• 4242', termination: '4242', type: 'credit', brand: 'visa', accepts_instalments: true }),
    ]);
    const dump =
      JSON.stringify(await sql('select * from "cart-checkout".payment_attempts')) +
      JSON.stringify(await sql('select * from "cart-checkout".sandbox_card_tokens'));
    expect(dump).not.toContain(SANDBOX_TEST_CARDS.approved);
    // paying again is refused: the checkout is paid
    const again = await payCard(c, SANDBOX_TEST_CARDS.approved);
    expect([again.status, again.body.code]).toEqual([409, 'checkout_already_paid']);

    const next = await readyCheckout('shopper-card', item, 1);
    const saved = await call(app, 'POST', `/payment/${next.token}/order/card`, {
      auth: next.auth,
      key: newId(),
      payload: { source_id: cards.body.results[0].id, return_path: '/tienda/x/comprar' },
    });
    expect([saved.status, saved.body.status]).toEqual([201, 'succeeded']);
    // someone else's saved card is not found, and can be deleted only by its owner
    const other = await readyCheckout('shopper-other', item, 1);
    const stolen = await call(app, 'POST', `/payment/${other.token}/order/card`, {
      auth: other.auth,
      key: newId(),
      payload: { source_id: cards.body.results[0].id, return_path: '/tienda/x/comprar' },
    });
    expect([stolen.status, stolen.body.code]).toEqual([404, 'card_not_found']);
    expect((await call(app, 'DELETE', `/payments/cards/${cards.body.results[0].id}`, { auth: other.auth })).status).toBe(404);
    expect((await call(app, 'DELETE', `/payments/cards/${cards.body.results[0].id}`, { auth: c.auth })).status).toBe(204);
  });

  it('declines answer 402 with their code and the checkout stays payable; a debit card refuses MSI', async () => {
    const item = await newItem(null);
    const c = await readyCheckout('shopper-declined', item, 1);
    for (const [number, code] of [
      [SANDBOX_TEST_CARDS.insufficientFunds, 'card_insufficient_funds'],
      [SANDBOX_TEST_CARDS.doNotHonor, 'card_do_not_honor'],
      [SANDBOX_TEST_CARDS.expiredCard, 'card_expired'],
    ] as const) {
      const res = await payCard(c, number);
      expect([res.status, res.body.code]).toEqual([402, code]);
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.body.attempt_id ?? res.body.details?.attempt_id).toEqual(expect.any(String));
    }
    const debit = await payCard(c, SANDBOX_TEST_CARDS.debit, { msi_payments: 3 });
    expect([debit.status, debit.body.code]).toEqual([402, 'card_instalments_not_accepted']);
    const badMonths = await payCard(c, SANDBOX_TEST_CARDS.approved, { msi_payments: 5 });
    expect([badMonths.status, badMonths.body.code]).toEqual([400, 'invalid_instalments']);
    expect((await call(app, 'GET', `/checkout/${c.id}`, { auth: c.auth })).body.status).toBe('ready');
    const ok = await payCard(c, SANDBOX_TEST_CARDS.approved);
    expect([ok.status, ok.body.status]).toEqual([201, 'succeeded']);
    expect(await succeededEvents(c.id)).toBe(1);
    const failed = await sql<{ n: string; purposes: string[] }>(
      `select count(*) as n, array_agg(distinct envelope->'data'->>'purpose') as purposes from "cart-checkout".outbox where envelope->>'type' = 'payment.failed' and key = $1`,
      [c.id],
    );
    expect(Number(failed[0].n)).toBe(4);
    expect(failed[0].purposes).toEqual(['order']);
  });

  it('3-D Secure: the challenge approves (back to the return path) or fails, and a retry pays', async () => {
    const item = await newItem(null);
    const c = await readyCheckout('shopper-3ds', item, 1);
    const started = await payCard(c, SANDBOX_TEST_CARDS.requires3ds);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ status: 'requires_action', requires_action: true });
    expect(started.body.url_3ds).toMatch(/^\/api\/payments\/sandbox\/3ds\//);
    expect(started.body.next_action.redirect_to_url.url).toBe(started.body.url_3ds);
    const path = started.body.url_3ds.replace(/^\/api/, '');
    const challenge = await call(app, 'GET', path);
    expect(challenge.status).toBe(200);
    expect(String(challenge.headers['content-type'])).toContain('text/html');
    const failed = await call(app, 'POST', path, {
      payload: 'result=fail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(failed.status).toBe(303);
    expect(String(failed.headers.location)).toContain(`payment_attempt=${started.body.id}`);
    const back = await call(app, 'POST', `/payment/${c.token}/attempts/${started.body.id}/return`, { auth: c.auth });
    expect([back.status, back.body.code]).toEqual([402, 'payment_contact_bank']);

    const retry = await payCard(c, SANDBOX_TEST_CARDS.requires3ds);
    const retryPath = retry.body.url_3ds.replace(/^\/api/, '');
    const approved = await call(app, 'POST', retryPath, {
      payload: 'result=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approved.status).toBe(303);
    const done = await call(app, 'POST', `/payment/${c.token}/attempts/${retry.body.id}/return`, { auth: c.auth });
    expect([done.status, done.body.status]).toEqual([200, 'succeeded']);
    // the webhook comes too, and changes nothing
    await eventually(
      async () =>
        (
          await sql(`select 1 from "cart-checkout".payment_webhook_events where attempt_id = $1 and type like '%succeeded'`, [
            retry.body.id,
          ])
        ).length > 0,
    );
    expect(await succeededEvents(c.id)).toBe(1);
  });

  it.each(['paypal', 'mobbex', 'aplazo'] as const)(
    '%s: approval pays (the webhook alone completes it too); cancel comes back canceled',
    async (method) => {
      const item = await newItem(null);
      const c = await readyCheckout(`shopper-${method}`, item, 1);
      const body = {
        return_path: `/tienda/${SLUG}/comprar?x=1`,
        cancel_path: `/tienda/${SLUG}/comprar`,
        ...(method === 'aplazo' ? { instalments: 6 } : {}),
      };
      const cancelled = await call(app, 'POST', `/payment/${c.token}/order/${method}`, { auth: c.auth, key: newId(), payload: body });
      expect(cancelled.status).toBe(201);
      expect(cancelled.body.approval_url).toMatch(/^\/api\/payments\/sandbox\/approve\//);
      const cancel = await call(app, 'POST', cancelled.body.approval_url.replace(/^\/api/, ''), {
        payload: 'result=cancel',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(cancel.status).toBe(303);
      expect(String(cancel.headers.location)).toContain('payment_canceled=1');
      const back = await call(app, 'POST', `/payment/${c.token}/attempts/${cancelled.body.id}/return`, { auth: c.auth });
      expect([back.status, back.body.status]).toEqual([200, 'canceled']);

      const started = await call(app, 'POST', `/payment/${c.token}/order/${method}`, { auth: c.auth, key: newId(), payload: body });
      if (method === 'aplazo') expect(started.body).toMatchObject({ instalments: 6, financing_cost_minor: 4050, total_minor: 49_050 });
      const approve = await call(app, 'POST', started.body.approval_url.replace(/^\/api/, ''), {
        payload: 'result=approve',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(approve.status).toBe(303);
      expect(String(approve.headers.location)).toContain(`payment_attempt=${started.body.id}`);
      expect(String(approve.headers.location)).toContain('x=1');
      // the shopper never comes back: the webhook (and for paypal the capture it triggers) pays the checkout
      await eventually(async () => (await call(app, 'GET', `/checkout/${c.id}`, { auth: c.auth })).body.status === 'paid');
      const returned = await call(app, 'POST', `/payment/${c.token}/attempts/${started.body.id}/return`, { auth: c.auth });
      expect([returned.status, returned.body.status]).toEqual([200, 'succeeded']);
      expect(await succeededEvents(c.id)).toBe(1);
    },
  );

  it('cash voucher: holds the stock for 72 h; paid at the store through the sandbox pays the checkout', async () => {
    const item = await newItem(3);
    const c = await readyCheckout('shopper-cash', item, 1);
    const res = await call(app, 'POST', `/payment/${c.token}/order/cash`, { auth: c.auth, key: newId(), payload: {} });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'processing', method: 'cash' });
    expect(res.body.voucher).toMatchObject({ reference: expect.stringMatching(/^\d{14}$/), amount_minor: 45_000, currency: 'MXN' });
    const hours = (Date.parse(res.body.voucher.expires_at) - clock.now().getTime()) / HOUR;
    expect(hours).toBeGreaterThan(71.9);
    const held = await sql<{ expires_at: Date }>('select expires_at from catalogue.stock_reservations where checkout_id = $1', [c.id]);
    expect((held[0].expires_at.getTime() - Date.now()) / HOUR).toBeGreaterThan(71);
    expect((await call(app, 'GET', `/checkout/${c.id}`, { auth: c.auth })).body.status).toBe('ready');

    const pay = await call(app, 'POST', `/payments/sandbox/vouchers/${res.body.voucher.reference}/pay`, {
      headers: { accept: 'application/json' },
    });
    expect(pay.status).toBe(200);
    await eventually(
      async () => (await call(app, 'GET', `/payment/${c.token}/attempts/${res.body.id}`, { auth: c.auth })).body.status === 'succeeded',
    );
    await eventually(async () => (await stock(item)).available === 2);
    expect(await succeededEvents(c.id)).toBe(1);
  });

  it('SPEI: a CLABE for 1 hour; unpaid, the checkout expires and the stock comes back; paid late, it is refunded', async () => {
    const item = await newItem(2);
    const c = await readyCheckout('shopper-spei', item, 2);
    const res = await call(app, 'POST', `/payment/${c.token}/order/spei`, { auth: c.auth, key: newId(), payload: {} });
    expect(res.status).toBe(201);
    expect(res.body.bank_transfer).toMatchObject({ clabe: expect.stringMatching(/^\d{18}$/), amount_minor: 90_000 });
    expect(Math.round((Date.parse(res.body.bank_transfer.expires_at) - clock.now().getTime()) / 60_000)).toBe(60);
    expect(await stock(item)).toEqual({ available: 2, reserved: 2 });

    clock.advance(HOUR + 1000);
    expect((await jobs.runOnce()).expired).toBeGreaterThanOrEqual(1);
    const attempt = await call(app, 'GET', `/payment/${c.token}/attempts/${res.body.id}`, { auth: c.auth });
    expect(attempt.body.status).toBe('expired');
    expect((await call(app, 'GET', `/checkout/${c.id}`, { auth: c.auth })).body.status).toBe('expired');
    await eventually(async () => (await stock(item)).reserved === 0);
    const expiredEvents = await sql(`select 1 from "cart-checkout".outbox where envelope->>'type' = 'payment.expired' and key = $1`, [
      c.id,
    ]);
    expect(expiredEvents).toHaveLength(1);
    // a transfer that arrives after the window is not a sale: it is refunded
    const late = await call(app, 'POST', `/payments/sandbox/transfers/${res.body.bank_transfer.clabe}/pay`, {
      headers: { accept: 'application/json' },
    });
    expect([200, 409]).toContain(late.status);
    if (late.status === 200) {
      await eventually(
        async () =>
          (await sql(`select 1 from "cart-checkout".payment_attempts where id = $1 and status = 'succeeded'`, [res.body.id])).length > 0,
      );
      await jobs.runOnce();
      const [row] = await sql<{ refund_status: string }>('select refund_status from "cart-checkout".payment_attempts where id = $1', [
        res.body.id,
      ]);
      expect(row.refund_status).toBe('refunded');
    }
    expect(await succeededEvents(c.id)).toBe(0);
  });

  it('20 parallel starts with one Idempotency-Key charge once and answer the same attempt', async () => {
    const item = await newItem(null);
    const c = await readyCheckout('shopper-idem', item, 1);
    const source = await tokenise(SANDBOX_TEST_CARDS.approved);
    const key = newId();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(app, 'POST', `/payment/${c.token}/order/card`, {
          auth: c.auth,
          key,
          payload: { source_id: source, return_path: '/tienda/x/comprar' },
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(
      answers
        .filter((a) => !(a.status === 201 || (a.status === 409 && a.body.code === 'idempotency_key_in_flight')))
        .map((a) => [a.status, a.body]),
    ).toEqual([]);
    expect(new Set(ok.map((a) => a.body.id)).size).toBe(1);
    const [{ n }] = await sql<{ n: string }>(`select count(*) as n from "cart-checkout".payment_attempts where checkout_id = $1`, [c.id]);
    expect(Number(n)).toBe(1);
    const charges = await sql<{ charges: number }>(
      `select charges from "cart-checkout".sandbox_payments p join "cart-checkout".payment_attempts a on a.id = p.attempt_id where a.checkout_id = $1`,
      [c.id],
    );
    expect(charges).toEqual([{ charges: 1 }]);
    expect(await succeededEvents(c.id)).toBe(1);
  });

  it('webhook and client completion race 200 times (20 % duplicated webhooks, 10 % parked first): one payment.succeeded each', async () => {
    const webhooks = app.get(PaymentWebhooks);
    const item = await newItem(null);
    const iterations = Number(process.env.PAYMENT_RACE_ITERATIONS ?? 200);
    const checkouts: string[] = [];
    for (let i = 0; i < iterations; i++) {
      const c = await readyCheckout(`racer-${i % 10}`, item, 1);
      checkouts.push(c.id);
      const started = await payCard(c, SANDBOX_TEST_CARDS.requires3ds);
      expect(started.status).toBe(201);
      const path = started.body.url_3ds.replace(/^\/api/, '');
      const jitter = () => new Promise((r) => setTimeout(r, Math.floor(Math.random() * 100)));
      // the sandbox sends its webhook as soon as the challenge passes; the browser comes back within ±100 ms
      const approve = call(app, 'POST', path, {
        payload: 'result=approve',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const back = jitter().then(() => call(app, 'POST', `/payment/${c.token}/attempts/${started.body.id}/return`, { auth: c.auth }));
      const [a, b] = await Promise.all([approve, back]);
      expect(a.status).toBe(303);
      expect(b.status).toBeLessThan(500);
      if (i % 5 === 0) {
        // a duplicate of the sandbox's own webhook (same event id, same signature): a no-op
        const [hook] = await sql<{ payload: unknown }>(
          `select payload from "cart-checkout".sandbox_webhooks where payload->'data'->>'attempt_id' = $1 limit 1`,
          [started.body.id],
        );
        if (hook) await redeliver(hook.payload);
      }
      if (i % 10 === 3) {
        // an event for an attempt not written yet is parked, then applied once the attempt exists
        await parkedFirst(webhooks);
      }
    }
    await eventually(async () => {
      const rows = await sql<{ key: string; n: string }>(
        `select key, count(*) as n from "cart-checkout".outbox where envelope->>'type' = 'payment.succeeded' and key = any($1) group by key`,
        [checkouts],
      );
      return rows.length === checkouts.length && rows.every((r) => r.n === '1');
    }, 60_000);
  }, 300_000);

  /** Sends a stored sandbox webhook again, signed as the sandbox signs. */
  async function redeliver(payload: unknown): Promise<void> {
    const body = JSON.stringify(payload);
    const res = await call(app, 'POST', '/payments/webhooks/sandbox', {
      payload: body,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signSandboxWebhook(body, 'whsec_sandbox_development', now()) },
    });
    expect(res.status).toBe(200);
  }

  /** A webhook for an attempt id that exists only afterwards (written straight into the tables) is parked, then applied. */
  async function parkedFirst(webhooks: PaymentWebhooks): Promise<void> {
    const item = await newItem(null);
    const c = await readyCheckout('parked', item, 1);
    const attemptId = newId();
    const payload = {
      id: `evt_${newId()}`,
      type: 'payment.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { attempt_id: attemptId, payment: { ref: `pay_${attemptId}`, status: 'succeeded', chargeId: `ch_${attemptId}` } },
    };
    const body = JSON.stringify(payload);
    const res = await call(app, 'POST', '/payments/webhooks/sandbox', {
      payload: body,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signSandboxWebhook(body, 'whsec_sandbox_development', now()) },
    });
    expect(res.status).toBe(200);
    expect((await sql(`select status from "cart-checkout".payment_webhook_events where attempt_id = $1`, [attemptId]))[0]).toEqual({
      status: 'parked',
    });
    await sql(
      `insert into "cart-checkout".payment_attempts (id, checkout_id, user_id, method, provider, status, idempotency_key, amount_minor, currency, request, expires_at)
       values ($1, $2, 'parked', 'card', 'sandbox', 'created', $3, 45000, 'MXN', '{}'::jsonb, now() + interval '30 minutes')`,
      [attemptId, c.id, `vtr_pay_${attemptId}`],
    );
    expect(await webhooks.retryParked()).toBeGreaterThanOrEqual(1);
    expect(await succeededEvents(c.id)).toBe(1);
  }

  it('a forged, altered or stale webhook answers 401 and changes nothing', async () => {
    const eventId = `evt_${newId()}`;
    const body = JSON.stringify({ id: eventId, type: 'payment.succeeded', created: 0, data: { attempt_id: newId(), payment: null } });
    for (const signature of [
      signSandboxWebhook(body, 'not-the-secret', now()),
      signSandboxWebhook(`${body} `, 'whsec_sandbox_development', now()),
      signSandboxWebhook(body, 'whsec_sandbox_development', now() - 3600),
      'garbage',
    ]) {
      const res = await call(app, 'POST', '/payments/webhooks/sandbox', {
        payload: body,
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
      });
      expect([res.status, res.body.code]).toEqual([401, 'webhook_signature_invalid']);
    }
    const none = await call(app, 'POST', '/payments/webhooks/sandbox', { payload: body, headers: { 'content-type': 'application/json' } });
    expect(none.status).toBe(401);
    // (other tests' webhooks may still be arriving: only this event is looked for)
    expect(await sql('select 1 from "cart-checkout".payment_webhook_events where event_id = $1', [eventId])).toEqual([]);
    expect(
      (await call(app, 'POST', '/payments/webhooks/nope', { payload: body, headers: { 'content-type': 'application/json' } })).status,
    ).toBe(404);
  });

  it('refuses what cannot be paid: unknown token, disabled method, bad return paths, a not-ready checkout', async () => {
    const auth = await token('shopper-refusals');
    expect((await call(app, 'POST', '/payment/nope/order/cash', { auth, key: newId(), payload: {} })).body.code).toBe('payment_not_found');
    const item = await newItem(null);
    const c = await readyCheckout('shopper-refusals', item, 1);
    for (const path of ['https://evil.example/x', '//evil.example', 'tienda']) {
      const res = await call(app, 'POST', `/payment/${c.token}/order/paypal`, {
        auth: c.auth,
        key: newId(),
        payload: { return_path: path, cancel_path: '/ok' },
      });
      expect(res.status).toBe(400);
    }
    expect((await call(app, 'POST', `/payment/${c.token}/order/card`, { auth: c.auth, key: newId(), payload: {} })).status).toBe(400);
    const unauth = await call(app, 'POST', `/payment/${c.token}/order/cash`, { payload: {} });
    expect(unauth.status).toBe(401);
  });
  it('a paid order is made once from payment.succeeded; cancelled by its customer it is refunded once and its stock returns once', async () => {
    const item = await newItem(5);
    const shopper = newId();
    const c = await readyCheckout(shopper, item, 2);
    const paid = await payCard(c, SANDBOX_TEST_CARDS.approved);
    expect(paid.body.status).toBe('succeeded');
    await eventually(async () => (await stock(item)).available === 3);
    const me = `${shopper}:${shopper}`;
    const order = await eventually(async () => {
      const r = await call(orders, 'GET', `/orders/${me}/orders/by-checkout/${c.id}`, { auth: c.auth });
      return r.status === 200 ? r.body : undefined;
    });
    expect(order).toMatchObject({ state: 'in_process', prepaid: true, payment_type: 'card', total_minor: 90_000, supplier: SUPPLIER });
    expect(order.lines).toEqual([expect.objectContaining({ item_id: item, quantity: 2, unit_price_minor: 45_000 })]);
    const key = newId();
    const cancels = await Promise.all(
      [key, key, newId()].map((k) =>
        call(orders, 'DELETE', `/orders/${me}/orders/${order.id}`, { auth: c.auth, key: k, payload: { message: 'Cambié de opinión' } }),
      ),
    );
    expect(cancels.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(cancels.every((r) => [200, 409].includes(r.status))).toBe(true);
    // the refund job runs twice (as two instances would): the provider refunds once, the order shows it, stock comes back once
    await eventually(
      async () =>
        (await sql(`select 1 from "cart-checkout".payment_attempts where checkout_id = $1 and refund_status = 'pending'`, [c.id]))
          .length === 1,
    );
    await Promise.all([jobs.refund(), jobs.refund()]);
    await jobs.refund();
    const attempts = await sql<{ refund_status: string }>(
      `select refund_status from "cart-checkout".payment_attempts where checkout_id = $1`,
      [c.id],
    );
    expect(attempts.map((a) => a.refund_status)).toEqual(['refunded']);
    const books = await sql<{ refunded_minor: number; amount_minor: number }>(
      `select p.refunded_minor, p.amount_minor from "cart-checkout".sandbox_payments p join "cart-checkout".payment_attempts a on a.provider_ref = p.id where a.checkout_id = $1`,
      [c.id],
    );
    expect(books).toEqual([{ refunded_minor: 90_000, amount_minor: 90_000 }]);
    await eventually(
      async () => (await call(orders, 'GET', `/orders/${me}/orders/${order.id}`, { auth: c.auth })).body.refund?.status === 'success',
    );
    await eventually(async () => (await stock(item)).available === 5);
    await new Promise((r) => setTimeout(r, 300));
    expect(await stock(item)).toEqual({ available: 5, reserved: 0 });
  });

  it('a pay-later order is placed at once through cart-checkout, quoted, accepted, marked paid and delivered', async () => {
    const item = await newItem(4);
    const shopper = newId();
    const c = await readyCheckout(shopper, item, 1);
    const me = `${shopper}:${shopper}`;
    const key = newId();
    const [a, b] = await Promise.all([
      call(orders, 'POST', `/orders/${me}/orders`, { auth: c.auth, key, payload: { checkout_id: c.id, payment_type: 'ondelivery' } }),
      call(orders, 'POST', `/orders/${me}/orders`, { auth: c.auth, payload: { checkout_id: c.id, payment_type: 'ondelivery' } }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(a.body).toMatchObject({ state: 'sent_to_supplier', prepaid: false, payment_type: 'ondelivery' });
    expect((await call(app, 'GET', `/checkout/${c.id}`, { auth: c.auth })).body.status).toBe('placed');
    await eventually(async () => (await stock(item)).available === 3);
    // a card can no longer pay it
    const card = await payCard(c, SANDBOX_TEST_CARDS.approved);
    expect(card.status).toBeGreaterThanOrEqual(400);
    const sup = `/orders/admin/suppliers/${SUPPLIER}:${SUPPLIER}/orders/${a.body.id}`;
    const sauth = await token(SUPPLIER);
    const quoted = await call(orders, 'POST', `${sup}/confirm`, {
      auth: sauth,
      key: newId(),
      payload: { estimated_delivery_date: '2099-12-01', shipping_cost_minor: 0 },
    });
    expect(quoted.body.state).toBe('awaiting_customer');
    const accepted = await call(orders, 'POST', `/orders/${me}/orders/${a.body.id}/confirm`, { auth: c.auth, key: newId() });
    expect(accepted.body.state).toBe('in_process');
    for (const to of ['to_deliver', 'paid', 'delivered']) {
      const r = await call(orders, 'POST', `${sup}/next`, { auth: sauth, key: newId(), payload: {} });
      expect([r.status, r.body.state]).toEqual([201, to]);
    }
    // a stranger's pay-later attempt on someone else's checkout is not found
    const otherShopper = newId();
    const other = await readyCheckout(otherShopper, item, 1);
    const stolen = await call(orders, 'POST', `/orders/${me}/orders`, {
      auth: c.auth,
      payload: { checkout_id: other.id, payment_type: 'ondelivery' },
    });
    expect([stolen.status, stolen.body.code]).toEqual([404, 'checkout_not_found']);
    const disabled = await call(orders, 'POST', `/orders/${otherShopper}:${otherShopper}/orders`, {
      auth: other.auth,
      payload: { checkout_id: other.id, payment_type: 'deposit' },
    });
    expect([disabled.status, disabled.body.code]).toEqual([422, 'payment_method_not_enabled']);
  });

  /** A paid card order of `amount` units of `itemId`, moved along by its supplier to delivered. */
  const deliveredOrder = async (itemId: string, amount = 1) => {
    const shopper = newId();
    const c = await readyCheckout(shopper, itemId, amount);
    expect((await payCard(c, SANDBOX_TEST_CARDS.approved)).body.status).toBe('succeeded');
    const me = `${shopper}:${shopper}`;
    const order = await eventually(async () => {
      const r = await call(orders, 'GET', `/orders/${me}/orders/by-checkout/${c.id}`, { auth: c.auth });
      return r.status === 200 ? (r.body as { id: string; state: string }) : undefined;
    });
    const sauth = await token(SUPPLIER);
    for (let state = order.state; state !== 'delivered';) {
      const r = await call(orders, 'POST', `/orders/admin/suppliers/${SUPPLIER}:${SUPPLIER}/orders/${order.id}/next`, {
        auth: sauth,
        key: newId(),
        payload: {},
      });
      expect(r.status).toBe(201);
      state = r.body.state;
    }
    return { id: order.id, checkoutId: c.id, me, auth: c.auth, shopper };
  };
  const seller = `/orders/admin/suppliers/${SUPPLIER}:${SUPPLIER}`;
  const requestReturn = async (o: { id: string; me: string; auth: string }) => {
    const r = await call(orders, 'POST', `/orders/${o.me}/orders/${o.id}/returns`, {
      auth: o.auth,
      key: newId(),
      payload: { reason: 'defective', sub_reason: 'No enciende', comments: 'Llegó sin funcionar.' },
    });
    expect(r.status).toBe(201);
    return r.body.id as string;
  };
  const wallet = async (user: string) =>
    (await call(accounts, 'GET', `/accounts/${user}:${user}/wallets/mxn`, { auth: await token(user) })).body as {
      balance_minor: number;
      held_minor: number;
    };
  const movements = async (user: string, orderId: string) =>
    (
      (await call(accounts, 'GET', `/accounts/${user}:${user}/wallets/mxn/movements?limit=100`, { auth: await token(user) })).body as {
        results: { order_id: string | null; kind: string; part: string | null; amount_minor: number }[];
      }
    ).results
      .filter((m) => m.order_id === orderId)
      .map((m) => `${m.kind}/${m.part}/${m.amount_minor}`);
  const providerRefunds = async (checkoutId: string) =>
    (
      await sql<{ refunded_minor: number; refunds: string }>(
        `select p.refunded_minor, (select count(*) from "cart-checkout".sandbox_webhooks w
                  where w.payload->>'type' = 'charge.refunded' and w.payload->'data'->>'attempt_id' = a.id) as refunds
           from "cart-checkout".sandbox_payments p join "cart-checkout".payment_attempts a on a.provider_ref = p.id
          where a.checkout_id = $1`,
        [checkoutId],
      )
    ).map((r) => ({ refundedMinor: r.refunded_minor, refunds: Number(r.refunds) }));

  it('a return: 50 racing partial refunds of 500 on a 10,000 capture succeed 20 times, each refunded once by the provider', async () => {
    const priced = await call(catalogue, 'POST', `/catalogue/${SUPPLIER}:${SUPPLIER}/affiliate/items`, {
      auth: await token(SUPPLIER, ['dssupplier-admin']),
      payload: { name: `Asesoría ${newId().slice(-5)}`, type: 'service', list_state: 'published', list_price_minor: 10_000 },
    });
    expect(priced.status).toBe(201);
    await eventually(async () => (await sql('select 1 from "cart-checkout".items where item_id = $1', [priced.body.id])).length === 1);
    const o = await deliveredOrder(priced.body.id as string);
    const returnId = await requestReturn(o);
    const sauth = await token(SUPPLIER);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(orders, 'POST', `${seller}/returns/${returnId}/refunds`, { auth: sauth, key: newId(), payload: { amount_minor: 500 } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 422).every((a) => a.body.code === 'refund_exceeds_available')).toBe(true);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(30);
    // each accepted refund reaches the provider once: the refund jobs of two instances find nothing left to do
    const done = await eventually(async () => {
      const r = await call(orders, 'GET', `${seller}/returns/${returnId}`, { auth: sauth });
      return r.body.refunds.length === 20 && r.body.refunds.every((f: { status: string }) => f.status === 'success') ? r.body : undefined;
    });
    await Promise.all([jobs.runOnce(), jobs.runOnce()]);
    expect(done.available_minor).toBe(0);
    expect(await providerRefunds(o.checkoutId)).toEqual([{ refundedMinor: 10_000, refunds: 20 }]);
    const rows = await sql<{ status: string; n: string }>(
      `select status, count(*) as n from "cart-checkout".return_refunds where order_id = $1 group by status`,
      [o.id],
    );
    expect(rows.map((r) => [r.status, Number(r.n)])).toEqual([['success', 20]]);
    // closing releases the dispersion: nothing was kept, so nobody is credited
    const closed = await call(orders, 'POST', `${seller}/returns/${returnId}/close`, { auth: sauth, key: newId() });
    expect([closed.status, closed.body.status]).toEqual([201, 'closed']);
    await eventually(
      async () => (await sql(`select 1 from accounts.settlements where order_id = $1 and settled_at is not null`, [o.id])).length === 1,
    );
    expect(await movements(SUPPLIER, o.id)).toEqual([]);
  });

  it('money settles once into the wallets: a return refunded in part (provider and wallet credit) and closed, and a window that closed with no return', async () => {
    const item = await newItem(null);
    const before = (await wallet(SUPPLIER)).balance_minor;
    // 1. a return: 5,000 back through the provider, then the customer takes further refunds as wallet credit
    const o = await deliveredOrder(item);
    const returnId = await requestReturn(o);
    const sauth = await token(SUPPLIER);
    const first = await call(orders, 'POST', `${seller}/returns/${returnId}/refunds`, {
      auth: sauth,
      key: newId(),
      payload: { amount_minor: 5_000 },
    });
    expect([first.status, first.body.destination]).toEqual([201, 'original']);
    const toWallet = await call(orders, 'GET', `/customers/${o.me}/add_to_wallet/${returnId}`, { auth: o.auth });
    expect([toWallet.status, toWallet.body.refund_to]).toEqual([200, 'wallet']);
    expect(await wallet(o.shopper)).toMatchObject({ balance_minor: 0 });
    const second = await call(orders, 'POST', `${seller}/returns/${returnId}/refunds`, {
      auth: sauth,
      key: newId(),
      payload: { amount_minor: 1_000 },
    });
    expect([second.status, second.body.destination, second.body.status]).toEqual([201, 'wallet', 'success']);
    await eventually(async () => (await wallet(o.shopper)).balance_minor === 1_000);
    await eventually(async () => {
      const r = await call(orders, 'GET', `${seller}/returns/${returnId}`, { auth: sauth });
      return r.body.refunds.every((f: { status: string }) => f.status === 'success');
    });
    // still inside the window with the request open: nothing settles
    walletsClock.advance(73 * HOUR);
    await new Promise((r) => setTimeout(r, 600));
    expect(await movements(SUPPLIER, o.id)).toEqual([]);
    const closed = await call(orders, 'POST', `${seller}/returns/${returnId}/close`, { auth: sauth, key: newId() });
    expect(closed.status).toBe(201);
    // 45,000 captured − 6,000 refunded = 39,000: the platform keeps 5 % (1,950), the supplier the rest
    await eventually(async () => (await movements(SUPPLIER, o.id)).length > 0);
    expect(await movements(SUPPLIER, o.id)).toEqual(['dispersion/supplier/37050']);
    expect(await providerRefunds(o.checkoutId)).toEqual([{ refundedMinor: 5_000, refunds: 1 }]);

    // 2. no return: once the window closes the order settles whole, once (the wallets' clock back to the orders' now)
    walletsClock.set(Date.now());
    const quiet = await deliveredOrder(item);
    await new Promise((r) => setTimeout(r, 600));
    expect(await movements(SUPPLIER, quiet.id)).toEqual([]);
    walletsClock.advance(73 * HOUR);
    await eventually(async () => (await movements(SUPPLIER, quiet.id)).length > 0);
    await new Promise((r) => setTimeout(r, 600));
    expect(await movements(SUPPLIER, quiet.id)).toEqual(['dispersion/supplier/42750']);
    expect((await wallet(SUPPLIER)).balance_minor - before).toBe(37_050 + 42_750);
    // the ledger holds: every transaction sums to zero, every balance is the sum of its entries
    const unbalanced = await sql(
      `select transaction_id from accounts.ledger_entries group by transaction_id having sum(amount_minor) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    const drifted = await sql(
      `select a.id from accounts.ledger_accounts a where a.balance_minor <> (select coalesce(sum(e.amount_minor), 0) from accounts.ledger_entries e where e.account_id = a.id)`,
    );
    expect(drifted).toEqual([]);
    // the week's credits kept on each account (what is held) are the sum of its credits since that cut-off
    const heldDrift = await sql(
      `select a.id from accounts.ledger_accounts a where a.period_credits_minor <> (select coalesce(sum(e.amount_minor), 0) from accounts.ledger_entries e where e.account_id = a.id and e.amount_minor > 0 and e.created_at >= a.credits_since)`,
    );
    expect(heldDrift).toEqual([]);
  });
});
