import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SupplierEvents, Topics, type CatalogueItemSnapshot, type SupplierUpdated } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import { eventually, json, startWorld, type World } from './world.js';

const S = newId(); // a supplier an operator disables
const OWNER = newId(); // owns the shop
const SHOPPER = newId();

/**
 * A supplier disabled by an operator (`accounts.supplier.updated`, issue 16): nothing of theirs is sold until they are
 * enabled again: their lines are disabled, an add is refused, a checkout is refused and lists the lines it dropped.
 */
describe('a disabled supplier (issue 16)', () => {
  let w: World;
  let auth: string;
  let jar: CatalogueItemSnapshot;
  const shop = '/cart/shops/tienda-pausa';
  const line = async (itemId: string) =>
    (await json(w.app, 'GET', shop, { auth })).body.orders.flatMap((o: any) => o.products).find((p: any) => p.id === itemId);
  /** Publishes the operator's change as accounts would and answers once the service has consumed it (its inbox). */
  const supplierEvent = async (enabled: boolean, occurredAt: Date) => {
    const id = newId();
    await w.runtime.bus.publish(Topics.accountsSupplier, [
      {
        id,
        type: SupplierEvents.updated,
        version: 1,
        occurredAt: occurredAt.toISOString(),
        key: S,
        traceId: newId(),
        data: { supplierId: S, name: 'Velas Pausa', image: null, enabled } satisfies SupplierUpdated,
      },
    ]);
    await eventually(async () => (await w.sql(`select 1 from "cart-checkout".inbox where event_id = '${id}'`)).length > 0);
  };
  const nameOf = async (itemId: string) =>
    (await w.sql<{ name: string }>(`select name from "cart-checkout".items where item_id = '${itemId}'`))[0]?.name;
  const ownerDisabled = async (itemId: string) =>
    (await w.sql<{ d: boolean }>(`select owner_disabled as d from "cart-checkout".items where item_id = '${itemId}'`))[0]?.d;

  beforeAll(async () => {
    w = await startWorld();
    auth = await w.token(SHOPPER);
    await w.peers.shopCreated({ shopId: newId(), ownerId: OWNER, slug: 'tienda-pausa', storeType: 'others', name: 'Tienda Pausa' });
    jar = await w.peers.itemCreated(w.peers.item({ ownerId: S, name: 'Vela de cera' }));
    await eventually(async () => (await ownerDisabled(jar.itemId)) === false);
    await eventually(async () => (await w.sql(`select 1 from "cart-checkout".shops where slug = 'tienda-pausa'`)).length === 1);
    expect(
      (
        await json(w.app, 'PUT', '/checkout/supplier-settings', {
          auth: await w.token(S),
          payload: { enabled_payment_types: ['card'], fixed_shipping_cost_minor: 9900, fixed_shipping_days: 3 },
        })
      ).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('disables the lines, refuses an add and a checkout while disabled, and sells again once enabled', async () => {
    const add = (amount: number) => json(w.app, 'POST', `${shop}/items`, { auth, payload: { item_id: jar.itemId, amount } });
    expect((await add(2)).status).toBe(200);
    const t0 = Date.now();
    await supplierEvent(false, new Date(t0));
    expect(await ownerDisabled(jar.itemId)).toBe(true);

    expect(await line(jar.itemId)).toMatchObject({ disabled: true, disabled_reason: 'supplier_disabled', amount: 2 });
    expect((await json(w.app, 'GET', `${shop}/total`, { auth })).body).toMatchObject({ amount_minor: 0 });
    const refused = await add(1);
    expect([refused.status, refused.body.code]).toEqual([409, 'unavailable_for_sale']);
    expect((await line(jar.itemId)).amount).toBe(2);

    // a redelivered event, and an older one that arrives late, change nothing
    await supplierEvent(false, new Date(t0));
    await supplierEvent(true, new Date(t0 - 60_000));
    expect(await ownerDisabled(jar.itemId)).toBe(true);
    expect(
      (await w.sql<{ enabled: boolean }>(`select enabled from "cart-checkout".supplier_states where supplier_id = '${S}'`))[0],
    ).toEqual({
      enabled: false,
    });

    // an item of theirs that arrives while they are disabled is disabled too
    const late = await w.peers.itemCreated(w.peers.item({ ownerId: S, name: 'Vela aromática' }));
    await eventually(async () => (await ownerDisabled(late.itemId)) !== undefined);
    expect(await ownerDisabled(late.itemId)).toBe(true);

    // an edit of an item the service has (one statement, without the lock): the supplier's state stays as it is
    jar = await w.peers.itemUpdated({ ...jar, name: 'Vela de cera grande' });
    await eventually(async () => (await nameOf(jar.itemId)) === 'Vela de cera grande');
    expect(await ownerDisabled(jar.itemId)).toBe(true);

    // the checkout drops the line and says why (spec 3 §4 'Stock handling')
    const cart = (await json(w.app, 'GET', shop, { auth })).body;
    const checkout = await json(w.app, 'POST', `/shopping-carts/${cart.cart_id}/checkout`, { auth, payload: { supplier_id: S } });
    expect([checkout.status, checkout.body.code]).toEqual([409, 'unavailable_for_sale']);
    expect(JSON.stringify(checkout.body)).toContain('supplier_disabled');
    expect(await line(jar.itemId)).toBeUndefined();

    // enabled again: both items sell
    await supplierEvent(true, new Date(t0 + 1000));
    expect([await ownerDisabled(jar.itemId), await ownerDisabled(late.itemId)]).toEqual([false, false]);
    expect((await add(1)).status).toBe(200);
    expect(await line(jar.itemId)).toMatchObject({ disabled: false, disabled_reason: null, amount: 1 });
  });

  it("leaves every item in the supplier's new state when the change races edits of those items", async () => {
    let candles = await Promise.all(
      Array.from({ length: 6 }, (_, i) => w.peers.itemCreated(w.peers.item({ ownerId: S, name: `Cirio ${i}` }))),
    );
    await eventually(async () => (await Promise.all(candles.map((c) => ownerDisabled(c.itemId)))).every((d) => d === false));
    const t = Date.now() + 60_000; // after every change of the test above
    for (const [round, enabled] of [false, true, false].entries()) {
      const edits = candles.map((c) => w.peers.itemUpdated({ ...c, name: `Cirio ${c.itemId.slice(-4)} v${round}` }));
      const [next] = await Promise.all([Promise.all(edits), supplierEvent(enabled, new Date(t + round * 1000))]);
      candles = next;
      await eventually(async () => (await Promise.all(candles.map((c) => nameOf(c.itemId)))).every((n) => n?.endsWith(`v${round}`)));
      expect(await Promise.all(candles.map((c) => ownerDisabled(c.itemId)))).toEqual(candles.map(() => !enabled));
    }
  });
});
