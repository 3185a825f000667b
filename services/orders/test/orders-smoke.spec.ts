import { newId } from '@vitrina/platform';
import { snapshot, startWorld, type World } from './world.js';

describe('orders: placement and the seller moving an order', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(async () => {
    await w?.close();
  });

  it('a paid checkout becomes one order the customer sees and the supplier moves to delivered', async () => {
    const buyer = newId();
    const supplier = newId();
    const snap = snapshot({ userId: buyer, supplierId: supplier });
    const id = await w.paid(snap);
    const me = `${buyer}:${buyer}`;
    const sup = `${supplier}:${supplier}`;
    const auth = await w.token(buyer);
    const sauth = await w.token(supplier);
    const got = await w.request('GET', `/orders/${me}/orders/${id}`, { auth });
    expect(got.status).toBe(200);
    expect(got.body.state).toBe('in_process');
    expect(got.body.total_minor).toBe(39900);
    const list = await w.request('GET', `/orders/${me}/orders`, { auth });
    expect(list.body.results.map((o: { id: string }) => o.id)).toEqual([id]);
    for (const to of ['to_deliver', 'in_transit', 'delivered']) {
      const r = await w.request('POST', `/orders/admin/suppliers/${sup}/orders/${id}/next`, { auth: sauth, payload: {} });
      expect([r.status, r.body.state]).toEqual([201, to]);
    }
    const done = await w.request('GET', `/orders/${me}/orders/${id}`, { auth });
    expect(done.body.return_deadline).toBeTruthy();
    expect(done.body.history.map((h: { to: string }) => h.to)).toEqual(['in_process', 'to_deliver', 'in_transit', 'delivered']);
    const other = await w.request('GET', `/orders/${sup}/orders/${id}`, { auth: sauth });
    expect(other.status).toBe(404);
    // the seller's date filters: a day that does not exist is a 400 with the field, not a 500
    const bad = await w.request('GET', `/orders/admin/suppliers/${sup}/orders?from=2026-02-30`, { auth: sauth });
    expect([bad.status, bad.body.code, Object.keys(bad.body.fields ?? {})]).toEqual([400, 'validation_failed', ['from']]);
    const today = new Date().toISOString().slice(0, 10);
    const filtered = await w.request('GET', `/orders/admin/suppliers/${sup}/orders?from=${today}&to=${today}&state=delivered`, {
      auth: sauth,
    });
    expect(filtered.body.results.map((o: { id: string }) => o.id)).toEqual([id]);
  });
});
