import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO, DEMO_ITEMS } from '@vitrina/contracts';
import { rowsOf } from '@vitrina/platform';
import { json } from './helpers.js';
import { startWorld, type World } from './world.js';

/**
 * issue 9 item 4, spec 1 §6: the supplier role is the `dssupplier-admin` keychain the access token carries.
 * A signed-in customer acting on their own owner path is refused every supplier write (403 forbidden) and
 * nothing reaches the database or the outbox; a supplier's token works.
 */
const CUSTOMER = DEMO.users.customer.id;
const A = DEMO.users.supplierA.id;
const own = `/catalogue/${CUSTOMER}:${CUSTOMER}/affiliate/items`;

describe('supplier role for item writes', () => {
  let w: World;
  let customer: string;
  let supplier: string;

  const rows = async (sql: string): Promise<number> => {
    const r = rowsOf<{ n: number }>(await w.tdb.database.drizzle({}).execute(sql));
    return r[0].n;
  };
  const snapshot = async () => ({
    items: await rows(`select count(*)::int as n from catalogue.items where owner_id = '${CUSTOMER}'`),
    suppliers: await rows(`select count(*)::int as n from catalogue.suppliers`),
    outbox: await rows(`select count(*)::int as n from catalogue.outbox`),
  });

  beforeAll(async () => {
    w = await startWorld({ seed: true });
    customer = await w.token(CUSTOMER, 0);
    supplier = await w.token(A, 2, ['dssupplier-admin', 'contact-admin']);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('refuses a customer every supplier write with 403 forbidden and writes nothing', async () => {
    const before = await snapshot();
    // An item id the customer does not own and one that does not exist: the role is checked first either way.
    const foreign = DEMO_ITEMS[0].id;
    const routes: Array<[string, string, object?]> = [
      ['POST', own, { name: 'Mi producto', type: 'product', list_state: 'published', list_price: '10' }],
      ['POST', own, { name: 123 }],
      ['PATCH', `${own}/${foreign}`, { name: 'Cambiado' }],
      ['POST', `${own}/${foreign}/publish`],
      ['POST', `${own}/${foreign}/unpublish`],
      ['PUT', `${own}/${foreign}/stock`, { available: 1 }],
      ['DELETE', `${own}/${foreign}`],
      ['PATCH', `${own}/no-such-item`, { name: 'x' }],
    ];
    for (const [method, url, payload] of routes) {
      const res = await json(w.catalogue, method, url, { auth: customer, payload });
      expect({ method, url, status: res.status, code: res.body?.code, message: typeof res.body?.message }).toEqual({
        method,
        url,
        status: 403,
        code: 'forbidden',
        message: 'string',
      });
    }
    expect(await snapshot()).toEqual(before);
    // the customer's own list stays readable (and empty)
    const list = await json(w.catalogue, 'GET', own, { auth: customer });
    expect([list.status, list.body.results]).toEqual([200, []]);
  });

  it('lets a supplier create, edit, publish, restock, unpublish and delete', async () => {
    const base = `/catalogue/${A}:${A}/affiliate/items`;
    const created = await json(w.catalogue, 'POST', base, {
      auth: supplier,
      payload: { name: 'Rebozo', type: 'product', list_price: '300' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await json(w.catalogue, 'PATCH', `${base}/${id}`, { auth: supplier, payload: { description: 'De seda' } })).status).toBe(200);
    expect((await json(w.catalogue, 'POST', `${base}/${id}/publish`, { auth: supplier })).body.list_state).toBe('published');
    expect((await json(w.catalogue, 'PUT', `${base}/${id}/stock`, { auth: supplier, payload: { available: 2 } })).status).toBe(200);
    expect((await json(w.catalogue, 'POST', `${base}/${id}/unpublish`, { auth: supplier })).body.list_state).toBe('unpublished');
    expect((await json(w.catalogue, 'DELETE', `${base}/${id}`, { auth: supplier })).status).toBe(204);
  });

  it('still answers 403 to a supplier acting on another supplier’s path', async () => {
    const B = DEMO.users.supplierB.id;
    const otherSupplier = await w.token(B, 2, ['dssupplier-admin']);
    const res = await json(w.catalogue, 'POST', `/catalogue/${A}:${A}/affiliate/items`, {
      auth: otherSupplier,
      payload: { name: 'x', type: 'product' },
    });
    expect(res.status).toBe(403);
  });
});
