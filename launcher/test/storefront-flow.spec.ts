/**
 * Catalogue and store together on one memory-bus runtime, as embedded mode runs them (it lives in
 * launcher/test: only the launcher may import every service). The real outbox -> bus -> inbox path between
 * the two services: seeds, shop projection, items in store, publish/unpublish and deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEMO, DEMO_ITEMS } from '@vitrina/contracts';
import { TokenSigner, createServiceApp, type Runtime, type UserLevel } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import { catalogueService } from '@vitrina/catalogue';
import { storeService } from '@vitrina/store';
import { eventually } from './support/inject.js';

async function call(app: NestFastifyApplication, method: string, url: string, auth?: string, payload?: object) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: auth ? { authorization: auth } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json<any>() : undefined };
}

describe('storefront flow between the store and the catalogue', () => {
  let tdb: TestDatabase;
  let runtime: Runtime;
  let catalogue: NestFastifyApplication;
  let store: NestFastifyApplication;
  let token: (id: string, level?: UserLevel) => Promise<string>;
  const { users, shops } = DEMO;
  const A = users.supplierA.id;

  beforeAll(async () => {
    const seed = process.env.SEED_DEMO;
    process.env.SEED_DEMO = 'true';
    tdb = await createTestDatabase('storefront');
    runtime = await createTestRuntime(tdb);
    ({ app: catalogue } = await createServiceApp(catalogueService, runtime));
    ({ app: store } = await createServiceApp(storeService, runtime));
    if (seed === undefined) delete process.env.SEED_DEMO;
    else process.env.SEED_DEMO = seed;
    const signer = TokenSigner.fromKeys(runtime.keys, { issuer: runtime.config.AUTH_ISSUER, audience: runtime.config.AUTH_AUDIENCE });
    // Demo suppliers hold the supplier role (accounts' demo seed), which item writes require (spec 1 §6).
    const suppliers: string[] = [users.supplierA.id, users.supplierB.id];
    token = async (id, level = 2) =>
      `Bearer ${await signer.sign({ id, level, keychain: suppliers.includes(id) ? ['dssupplier-admin'] : [] })}`;
  });
  afterAll(async () => {
    await store?.close();
    await catalogue?.close();
    await runtime?.close();
    await tdb?.destroy();
  });

  it('seeds the demo world on both sides and lists the demo shop from the catalogue’s projection', async () => {
    expect((await call(store, 'GET', '/store/shops/by-slug/demo')).body.name).toBe('Bazar de Daniela');
    const listing = await eventually(async () => {
      const r = await call(catalogue, 'GET', '/catalogue/shops/demo/items?type=product');
      return r.body?.matches_estimated === 40 ? r : undefined;
    });
    expect(listing.body.results).toHaveLength(36);
    const share = await eventually(
      async () => (await call(catalogue, 'GET', '/catalogue/published/catalogues?shop=demo')).body?.results?.[0]?.share?.url,
    );
    expect(share).toMatch(/^\/tienda\/demo\/catalogos\//);
  });

  it('an item a supplier creates and publishes reaches a reseller’s listing once added to the store', async () => {
    const created = await call(catalogue, 'POST', `/catalogue/${A}:${A}/affiliate/items`, await token(A), {
      name: 'Rebozo bordado de Tenancingo',
      type: 'product',
      list_price: '1500',
      is_dropshipping: true,
      list_state: 'published',
    });
    expect(created.status).toBe(201);
    const owner = users.otherOwner.id;
    const auth = await token(owner);
    // the store knows the item once catalogue.item.created arrived
    await eventually(
      async () => (await call(store, 'PUT', `/store/${owner}:${owner}/affiliate/store/items/${created.body.id}`, auth)).status === 200,
    );
    await eventually(
      async () => (await call(catalogue, 'GET', '/catalogue/shops/olga/items?text=tenancingo')).body.matches_estimated === 1,
    );
    // franchise stores refuse another supplier's products
    const franchiseOwner = users.supplierA.id;
    const foreign = DEMO_ITEMS.find((i) => i.supplier === 'supplierB')!.id;
    const refused = await call(
      store,
      'PUT',
      `/store/${franchiseOwner}:${franchiseOwner}/franchise/store/items/${foreign}`,
      await token(franchiseOwner),
    );
    expect(refused.body.code).toBe('invalid_product');
  });

  it('an unpublished item leaves public listings at once; a deleted one leaves every store through the event', async () => {
    const item = DEMO_ITEMS[0].id;
    await call(catalogue, 'POST', `/catalogue/${A}:${A}/affiliate/items/${item}/unpublish`, await token(A));
    expect((await call(catalogue, 'GET', '/catalogue/shops/demo/items?text=jarron')).body.results).toEqual([]);
    const del = await call(catalogue, 'DELETE', `/catalogue/${A}:${A}/affiliate/items/${item}`, await token(A));
    expect(del.status).toBe(204);
    for (const shop of ['demo', shops.franchise.slug]) {
      await eventually(
        async () =>
          (await call(store, 'POST', `/store/shops/${shop}/items/instore`, undefined, { ids: [item] })).body.results[item] === false,
      );
    }
  });
});
