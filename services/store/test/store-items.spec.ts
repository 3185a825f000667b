import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { DEMO, DEMO_ITEMS, type EventEnvelope } from '@vitrina/contracts';
import { rowsOf } from '@vitrina/platform';
import { eventually, json, type StoreEventData } from './helpers.js';
import { startWorld, type World } from './world.js';

const { users, shops } = DEMO;
const A = users.supplierA.id;
const B = users.supplierB.id;
const itemsOf = (s: 'supplierA' | 'supplierB') => DEMO_ITEMS.filter((i) => i.supplier === s).map((i) => i.id);

describe('items in store', () => {
  let w: World;
  const events = async <K extends 'store.items.added' | 'store.items.removed'>(type: K, shopId: string) => {
    const rows = rowsOf<{ envelope: EventEnvelope<StoreEventData[K]> }>(
      await w.tdb.database
        .drizzle({})
        .execute(sql`select envelope from store.outbox where envelope->>'type' = ${type} and key = ${shopId} order by seq`),
    );
    return rows.map((r) => r.envelope.data);
  };

  beforeAll(async () => {
    w = await startWorld({ seed: true });
    await w.catalogue.demo();
    // the store learns owners and states from catalogue.item events
    await eventually(async () => {
      const rows = rowsOf<{ n: number }>(await w.tdb.database.drizzle({}).execute(sql`select count(*)::int as n from store.item_refs`));
      return rows[0].n >= DEMO_ITEMS.length;
    });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('lets a franchise store add only its supplier’s products (invalid_product)', async () => {
    const franchise = `/store/${A}:${A}/franchise/store/items`;
    const auth = await w.token(A, 2);
    const foreign = itemsOf('supplierB')[0];
    const refused = await json(w.store, 'PUT', `${franchise}/${foreign}`, { auth });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_product');
    const mixed = await json(w.store, 'POST', franchise, { auth, payload: { ids: [itemsOf('supplierA')[0], foreign] } });
    expect(mixed.body.code).toBe('invalid_product');
    const check = await json(w.store, 'POST', `${franchise}/instore`, { auth, payload: { ids: [foreign] } });
    expect(check.body.results).toEqual({ [foreign]: false });
    // its own products go in (removing then adding again publishes both events)
    const own = itemsOf('supplierA')[5];
    expect((await json(w.store, 'DELETE', `${franchise}/${own}`, { auth })).status).toBe(204);
    expect((await json(w.store, 'PUT', `${franchise}/${own}`, { auth })).body).toEqual({ id: own, in_store: true });
    expect((await events('store.items.removed', shops.franchise.id)).at(-1)).toEqual({ shopId: shops.franchise.id, itemIds: [own] });
    expect((await events('store.items.added', shops.franchise.id)).at(-1)).toEqual({ shopId: shops.franchise.id, itemIds: [own] });
  });

  it('adds and removes other suppliers’ published items for a reseller, and checks ids', async () => {
    const base = `/store/${users.otherOwner.id}:${users.otherOwner.id}/affiliate/store/items`;
    const auth = await w.token(users.otherOwner.id, 2);
    const item = itemsOf('supplierA')[3];
    const before = await json(w.store, 'POST', `${base}/instore`, { auth, payload: { ids: [item, itemsOf('supplierB')[0]] } });
    expect(before.body.results).toEqual({ [item]: false, [itemsOf('supplierB')[0]]: true });
    expect((await json(w.store, 'PUT', `${base}/${item}`, { auth })).status).toBe(200);
    expect((await json(w.store, 'PUT', `${base}/${item}`, { auth })).status).toBe(200); // idempotent
    expect((await events('store.items.added', shops.other.id)).filter((e) => e.itemIds.includes(item))).toHaveLength(1);
    const pub = await json(w.store, 'POST', `/store/shops/olga/items/instore`, { payload: { ids: [item] } });
    expect(pub.body.results[item]).toBe(true);
    const list = await json(w.store, 'GET', `${base}?type=product&limit=100`, { auth });
    expect(list.body.results.find((r: any) => r.id === item)).toMatchObject({ type: 'product', owner: A, list_state: 'published' });
    expect((await json(w.store, 'DELETE', `${base}/${item}`, { auth })).status).toBe(204);
    expect((await events('store.items.removed', shops.other.id)).at(-1)).toEqual({ shopId: shops.other.id, itemIds: [item] });
    // another supplier's unpublished item cannot go in; an unknown one is not found
    const unpublished = DEMO_ITEMS[20].id;
    expect((await json(w.store, 'PUT', `${base}/${unpublished}`, { auth })).body.code).toBe('invalid_product');
    expect((await json(w.store, 'PUT', `${base}/01930000-0000-7000-8001-999999999999`, { auth })).status).toBe(404);
    // validation of the body
    expect((await json(w.store, 'POST', `${base}/instore`, { auth, payload: { ids: [] } })).status).toBe(400);
    expect((await json(w.store, 'POST', `${base}/instore`, { auth, payload: { ids: 'x' } })).status).toBe(400);
  });

  it('lets a supplier’s own store add its unpublished items (shown dimmed to the owner)', async () => {
    const franchise = `/store/${A}:${A}/franchise/store/items`;
    const unpublished = DEMO_ITEMS[20].id; // supplier A's own
    expect((await json(w.store, 'PUT', `${franchise}/${unpublished}`, { auth: await w.token(A, 2) })).status).toBe(200);
  });

  it('follows item changes from the catalogue: an unpublished item stays in store, a deleted one leaves', async () => {
    const index = DEMO_ITEMS.findIndex((i) => i.supplier === 'supplierB') + 1;
    const item = DEMO_ITEMS[index].id;
    await w.catalogue.updated(w.catalogue.snapshot(index, { listState: 'unpublished', revision: 2 }));
    // an older snapshot arriving late changes nothing
    await w.catalogue.updated(w.catalogue.snapshot(index, { listState: 'published', revision: 1 }));
    await eventually(async () => {
      const rows = rowsOf<{ list_state: string; revision: number }>(
        await w.tdb.database.drizzle({}).execute(sql`select list_state, revision from store.item_refs where item_id = ${item}`),
      );
      return rows[0]?.list_state === 'unpublished' && rows[0].revision === 2;
    });
    await new Promise((r) => setTimeout(r, 200));
    const rows = rowsOf<{ list_state: string }>(
      await w.tdb.database.drizzle({}).execute(sql`select list_state from store.item_refs where item_id = ${item}`),
    );
    expect(rows[0].list_state).toBe('unpublished');
    // unpublished items stay in store (the owner sees them dimmed); other resellers cannot add them now
    expect((await json(w.store, 'POST', '/store/shops/demo/items/instore', { payload: { ids: [item] } })).body.results[item]).toBe(true);
    const rita = `/store/${users.reseller.id}:${users.reseller.id}/affinity/store/items/${item}`;
    expect((await json(w.store, 'PUT', rita, { auth: await w.token(users.reseller.id, 2) })).body.code).toBe('invalid_product');
    // deleted: it leaves every shop, each with store.items.removed
    await w.catalogue.deleted(item, B, 3);
    await eventually(
      async () =>
        (await json(w.store, 'POST', '/store/shops/demo/items/instore', { payload: { ids: [item] } })).body.results[item] === false,
    );
    expect((await json(w.store, 'POST', '/store/shops/olga/items/instore', { payload: { ids: [item] } })).body.results[item]).toBe(false);
    expect((await events('store.items.removed', shops.demo.id)).some((e) => e.itemIds.includes(item))).toBe(true);
    expect((await events('store.items.removed', shops.other.id)).some((e) => e.itemIds.includes(item))).toBe(true);
    // the projection takes events without the inbox: a repeated deletion finds no shop left and writes no second event
    await w.catalogue.deleted(item, B, 3);
    await new Promise((r) => setTimeout(r, 200));
    for (const shop of [shops.demo.id, shops.other.id]) {
      expect((await events('store.items.removed', shop)).filter((e) => e.itemIds.includes(item))).toHaveLength(1);
    }
    // and cannot be added back, even by its supplier's own shop
    expect(
      (
        await json(w.store, 'PUT', `/store/${users.otherOwner.id}:${users.otherOwner.id}/affiliate/store/items/${item}`, {
          auth: await w.token(users.otherOwner.id),
        })
      ).status,
    ).toBe(404);
  });

  it('follows stock changes by revision: a late or repeated one changes nothing, and no inbox row is written', async () => {
    const index = DEMO_ITEMS.findIndex((i) => i.supplier === 'supplierA');
    const item = DEMO_ITEMS[index].id;
    const change = (soldOut: boolean, revision: number) =>
      w.catalogue.stockChanged({
        itemId: item,
        ownerId: A,
        available: soldOut ? 0 : 3,
        stockType: 'onstock',
        maxPurchaseAmount: null,
        soldOut,
        revision,
      });
    const ref = async () =>
      rowsOf<{ sold_out: boolean; revision: number }>(
        await w.tdb.database.drizzle({}).execute(sql`select sold_out, revision from store.item_refs where item_id = ${item}`),
      )[0];
    await change(true, 7);
    await eventually(async () => (await ref())?.revision === 7);
    await change(false, 6); // older, arriving late
    await change(true, 7); // the same again
    await new Promise((r) => setTimeout(r, 200));
    expect(await ref()).toEqual({ sold_out: true, revision: 7 });
    const inbox = rowsOf<{ n: number }>(
      await w.tdb.database.drizzle({}).execute(sql`select count(*)::int as n from store.inbox where type like 'catalogue.item.%'`),
    );
    expect(inbox[0].n).toBe(0);
  });

  it('adds and removes franchises in store', async () => {
    const base = `/store/${users.otherOwner.id}:${users.otherOwner.id}/affiliate/store/franchises`;
    const auth = await w.token(users.otherOwner.id, 2);
    expect((await json(w.store, 'PUT', `${base}/${shops.franchise.id}`, { auth })).status).toBe(200);
    expect(
      (await json(w.store, 'POST', `${base}/instore`, { auth, payload: { franchises: [shops.franchise.id, shops.reseller.id] } })).body
        .results,
    ).toEqual({
      [shops.franchise.id]: true,
      [shops.reseller.id]: false,
    });
    expect((await json(w.store, 'GET', base, { auth })).body.results.map((f: any) => f.slug)).toEqual(['franquicia-sol']);
    expect((await json(w.store, 'PUT', `${base}/${shops.demo.id}`, { auth })).status).toBe(404); // not a franchise
    expect((await json(w.store, 'DELETE', `${base}/${shops.franchise.id}`, { auth })).status).toBe(204);
    expect((await json(w.store, 'GET', base, { auth })).body).toEqual({ results: [], matches_estimated: 0 });
  });
});
