/**
 * Become a supplier (issue 16) across services on one runtime, as embedded mode runs them: a user opens their supplier
 * profile in accounts, and after a sign-in their token carries `dssupplier-admin`, so the catalogue lets them list an
 * item; the catalogue's directory shows them under the name they chose; an operator disabling them (accounts' internal
 * route) shows the disabled-supplier banner on their shop and stops cart-checkout selling their items, and enabling
 * them undoes both.
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEMO, DEMO_ITEMS, DEVELOPMENT_SERVICE_SECRET, SERVICE_SECRET_HEADER } from '@vitrina/contracts';
import { createServiceApp, rowsOf, type Runtime } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import { catalogueService } from '@vitrina/catalogue';
import { storeService } from '@vitrina/store';
import { cartCheckoutService } from '@vitrina/cart-checkout';
import { sql } from 'drizzle-orm';
import { createAccountsService } from '@vitrina/accounts';

import { call, eventually } from './support/inject.js';
import { ROOT } from './support/processes.js';

describe('becoming a supplier (issue 16)', () => {
  let tdb: TestDatabase;
  let runtime: Runtime;
  let accounts: NestFastifyApplication;
  let catalogue: NestFastifyApplication;
  let store: NestFastifyApplication;
  let cartCheckout: NestFastifyApplication;
  const previous = { ...process.env };
  // the demo reseller owns a shop and is not a supplier yet
  const user = DEMO.users.reseller;
  const me = `${user.id}:${user.id}`;

  const signIn = async () => {
    const res = await call(accounts, 'POST', '/auth/login', { body: { username: user.email, password: DEMO.password } });
    expect(res.status).toBe(200);
    return res.body.access_token as string;
  };
  const newItem = (auth: string) =>
    call(catalogue, 'POST', `/catalogue/${me}/affiliate/items`, {
      auth,
      body: { name: 'Jabón artesanal', type: 'product', list_state: 'published', list_price_minor: 9_900 },
    });
  const operator = (enabled: boolean) =>
    call(accounts, 'PUT', `/accounts/internal/suppliers/${user.id}/enabled`, {
      body: { enabled },
      headers: { [SERVICE_SECRET_HEADER]: DEVELOPMENT_SERVICE_SECRET },
    });
  /** Whether cart-checkout sells the supplier's items (its projection of the operator's change). */
  const sold = async (itemId: string) => {
    const rows = rowsOf<{ d: boolean }>(
      await tdb.database.drizzle({}).execute(sql`select owner_disabled as d from "cart-checkout".items where item_id = ${itemId}`),
    );
    return rows[0] === undefined ? undefined : !rows[0].d;
  };
  const banner = async () =>
    (await call(store, 'GET', `/store/shops/by-slug/${DEMO.shops.reseller.slug}`)).body.dssupplier_banner as boolean;

  beforeAll(async () => {
    process.env.SEED_DEMO = 'true';
    tdb = await createTestDatabase('suppliers');
    runtime = await createTestRuntime(tdb);
    ({ app: accounts } = await createServiceApp(createAccountsService({}), runtime));
    ({ app: catalogue } = await createServiceApp(catalogueService, runtime));
    ({ app: store } = await createServiceApp(storeService, runtime));
    ({ app: cartCheckout } = await createServiceApp(cartCheckoutService, runtime));
  }, 120_000);

  afterAll(async () => {
    await cartCheckout?.close();
    await store?.close();
    await catalogue?.close();
    await accounts?.close();
    await runtime?.close();
    await tdb?.destroy();
    process.env = previous;
  });

  it('opens a supplier profile, lists items under its name, and shows the banner while an operator disables it', async () => {
    const before = await signIn();
    expect((await newItem(before)).status).toBe(403);
    expect((await call(accounts, 'GET', `/accounts/${me}/supplier`, { auth: before })).body).toMatchObject({ is_supplier: false });
    // bad input changes nothing; someone else's path is refused
    expect((await call(accounts, 'PUT', `/accounts/${me}/supplier`, { auth: before, body: { name: '  ' } })).status).toBe(400);
    expect(
      (await call(accounts, 'PUT', `/accounts/${me}/supplier`, { auth: before, body: { name: 'X', image: 'javascript:alert(1)' } })).status,
    ).toBe(400);
    const other = DEMO.users.customer.id;
    expect((await call(accounts, 'PUT', `/accounts/${other}:${other}/supplier`, { auth: before, body: { name: 'X' } })).status).toBe(403);

    const opened = await call(accounts, 'PUT', `/accounts/${me}/supplier`, { auth: before, body: { name: 'Jabones Rosa', image: null } });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ is_supplier: true, name: 'Jabones Rosa', enabled: true });
    // the old token still lacks the keychain; the next one carries it
    const after = await signIn();
    const item = await newItem(after);
    expect(item.status).toBe(201);
    expect(item.body.supplier_enabled).toBe(true);
    const listed = await eventually(async () => {
      const res = await call(catalogue, 'GET', `/catalogue/dssuppliers/${user.id}`);
      return res.status === 200 && res.body.name === 'Jabones Rosa' ? res.body : undefined;
    });
    expect(listed.enabled).toBe(true);

    expect(await banner()).toBe(false);
    await eventually(async () => (await sold(item.body.id)) === true);
    expect((await operator(false)).body).toMatchObject({ enabled: false });
    await eventually(async () => (await banner()) === true);
    // cart-checkout stops selling their items (the lines are disabled, 'supplier_disabled')
    await eventually(async () => (await sold(item.body.id)) === false);
    await eventually(async () => (await call(catalogue, 'GET', `/catalogue/dssuppliers/${user.id}`)).body.enabled === false);
    // the item page shows the item as not for sale
    const itemPage = async () => (await call(catalogue, 'GET', `/catalogue/items/${item.body.id}`)).body;
    expect(await itemPage()).toMatchObject({ id: item.body.id, supplier_enabled: false });
    await operator(true);
    await eventually(async () => (await banner()) === false);
    await eventually(async () => (await sold(item.body.id)) === true);
    await eventually(async () => (await itemPage()).supplier_enabled === true);
    // the operator's route wants the service secret
    expect((await call(accounts, 'PUT', `/accounts/internal/suppliers/${user.id}/enabled`, { body: { enabled: false } })).status).toBe(401);
  });

  it('treats a supplier by keychain alone (the demo suppliers) as one: their page, and an operator disabling them once', async () => {
    const supplier = DEMO.users.supplierA;
    const setEnabled = (id: string, enabled: boolean) =>
      call(accounts, 'PUT', `/accounts/internal/suppliers/${id}/enabled`, {
        body: { enabled },
        headers: { [SERVICE_SECRET_HEADER]: DEVELOPMENT_SERVICE_SECRET },
      });
    const published = async () => {
      const rows = rowsOf<{ n: number }>(
        await tdb.database
          .drizzle({})
          .execute(
            sql`select count(*)::int as n from accounts.outbox where envelope->>'type' = 'accounts.supplier.updated' and key = ${supplier.id}`,
          ),
      );
      return rows[0].n;
    };
    const login = await call(accounts, 'POST', '/auth/login', { body: { username: supplier.email, password: DEMO.password } });
    const auth = login.body.access_token as string;
    const self = `${supplier.id}:${supplier.id}`;
    expect((await call(accounts, 'GET', `/accounts/${self}/supplier`, { auth })).body).toMatchObject({
      is_supplier: true,
      name: supplier.name,
      enabled: true,
    });
    // not a supplier, or nobody: 404 supplier_not_found, nothing written
    for (const id of [DEMO.users.customer.id, '01930000-0000-7000-8000-0000000000ff']) {
      const res = await setEnabled(id, false);
      expect([res.status, res.body.code]).toEqual([404, 'supplier_not_found']);
    }

    // bad input: a clear refusal, nothing written or published
    for (const body of [{ enabled: 'no' }, {}, { enabled: null }]) {
      const bad = await call(accounts, 'PUT', `/accounts/internal/suppliers/${supplier.id}/enabled`, {
        body,
        headers: { [SERVICE_SECRET_HEADER]: DEVELOPMENT_SERVICE_SECRET },
      });
      expect([bad.status, bad.body.code, typeof bad.body.message]).toEqual([400, 'validation_failed', 'string']);
    }
    expect(await published()).toBe(0);
    expect((await setEnabled(supplier.id, false)).body).toMatchObject({ is_supplier: true, name: supplier.name, enabled: false });
    expect((await setEnabled(supplier.id, false)).body.enabled).toBe(false);
    expect(await published()).toBe(1);
    // their franchise shows the banner; cart-checkout stops selling their items
    const franchise = async () =>
      (await call(store, 'GET', `/store/shops/by-slug/${DEMO.shops.franchise.slug}`)).body.dssupplier_banner as boolean;
    await eventually(async () => (await franchise()) === true);
    const theirs = DEMO_ITEMS.find((i) => i.supplier === 'supplierA')!.id;
    await eventually(async () => (await sold(theirs)) === false);
    expect((await call(accounts, 'GET', `/accounts/${self}/supplier`, { auth })).body).toMatchObject({ enabled: false });

    await setEnabled(supplier.id, true);
    expect(await published()).toBe(2);
    await eventually(async () => (await franchise()) === false && (await sold(theirs)) === true);
  });

  it('gives operators a terminal for it (npm run operator): the same route, the answer or the refusal, usage errors', async () => {
    await accounts.listen({ port: 0, host: '127.0.0.1' });
    const env = { ...process.env, SERVICE_URL_ACCOUNTS: `http://127.0.0.1:${(accounts.getHttpServer().address() as AddressInfo).port}` };
    const operator = (...args: string[]) =>
      new Promise<{ code: number; out: string; err: string }>((done) => {
        execFile(process.execPath, [resolve(ROOT, 'scripts/operator.mjs'), ...args], { env }, (error, out, err) =>
          done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
        );
      });
    const supplier = DEMO.users.supplierB;
    const off = await operator('supplier', 'disable', supplier.id);
    expect([off.code, JSON.parse(off.out)]).toEqual([0, expect.objectContaining({ is_supplier: true, enabled: false })]);
    expect((await operator('supplier', 'enable', supplier.id)).code).toBe(0);
    const refused = await operator('supplier', 'disable', DEMO.users.customer.id);
    expect([refused.code, JSON.parse(refused.err).code]).toEqual([1, 'supplier_not_found']);
    const unknown = await operator('cashout', 'paid', '01930000-0000-7000-8000-0000000000ff');
    expect([unknown.code, JSON.parse(unknown.err).code]).toEqual([1, 'cashout_not_found']);
    for (const args of [[], ['supplier', 'pause', supplier.id], ['supplier', 'disable'], ['cashout', 'paid', '../x']]) {
      const usage = await operator(...args);
      expect([args, usage.code, usage.err]).toEqual([args, 2, expect.stringContaining('usage: operator')]);
    }
  });
});
