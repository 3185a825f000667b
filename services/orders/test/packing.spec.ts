import type { CheckoutOrderLineSnapshot, OrderPacking } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import { Packing } from '../src/packing/domain/packing.js';
import { DEFAULT_PACKING_MODEL, packageSize, packingModelFromEnv, unitsPerPackage } from '../src/packing/domain/packing.model.js';
import { snapshot, startWorld, type World } from './world.js';

function line(name: string, quantity: number, type: CheckoutOrderLineSnapshot['type'] = 'product'): CheckoutOrderLineSnapshot {
  return {
    itemId: newId(),
    variantKey: '',
    variant: {},
    name,
    photo: null,
    type,
    slug: name.toLowerCase(),
    ownerId: 'x',
    quantity,
    unitPriceMinor: 1000,
    contributionMarginMinor: 0,
    experienceDate: null,
  };
}

/** Per line: units in packages + units not packed. */
function units(p: OrderPacking): Record<string, { packed: number; notPacked: number; negative: boolean }> {
  const out: Record<string, { packed: number; notPacked: number; negative: boolean }> = {};
  const at = (id: string) => (out[id] ??= { packed: 0, notPacked: 0, negative: false });
  for (const pkg of p.packages)
    for (const l of pkg.lines)
      Object.assign(at(l.line_id), { packed: at(l.line_id).packed + l.quantity, negative: at(l.line_id).negative || l.quantity < 0 });
  for (const l of p.not_packed)
    Object.assign(at(l.line_id), { notPacked: at(l.line_id).notPacked + l.quantity, negative: at(l.line_id).negative || l.quantity < 0 });
  return out;
}

describe('packing: the dropshipping supplier packs the order’s lines', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(async () => {
    await w?.close();
  });

  async function dropshipped() {
    const buyer = newId();
    const supplier = newId();
    const ds = newId();
    const snap = snapshot({
      userId: buyer,
      supplierId: supplier,
      dssupplierId: ds,
      dssupplierName: 'Bodega',
      lines: [line('Jarrito', 7), line('Plato', 8), line('Taller de barro', 1, 'experience')],
    });
    const id = await w.paid(snap);
    const base = `/orders/${ds}:${ds}/franchise/orders/${id}`;
    return { id, buyer, supplier, ds, base, auth: await w.token(ds) };
  }
  const stored = async (id: string) =>
    (await w.sql<{ n: number }>(`select count(*)::int as n from orders.order_packages where order_id = '${id}'`))[0].n;

  it('proposes a first-fit packing (12 standard units a package) without storing it', async () => {
    const o = await dropshipped();
    const r = await w.request('GET', `${o.base}/binpacked`, { auth: o.auth });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      packages: [
        {
          index: 1,
          length_cm: 60,
          width_cm: 40,
          height_cm: 45,
          weight_g: 12000,
          lines: [
            { line_id: 'l1', name: 'Jarrito', quantity: 7 },
            { line_id: 'l2', name: 'Plato', quantity: 5 },
          ],
        },
        { index: 2, length_cm: 60, width_cm: 40, height_cm: 15, weight_g: 3000, lines: [{ line_id: 'l2', name: 'Plato', quantity: 3 }] },
      ],
      // the experience travels in no box
      not_packed: [],
    });
    expect(await stored(o.id)).toBe(0);
    const two = await w.request('GET', `${o.base}/binpacked/2`, { auth: o.auth });
    expect([two.status, two.body.weight_g]).toEqual([200, 3000]);
    const three = await w.request('GET', `${o.base}/binpacked/3`, { auth: o.auth });
    expect([three.status, three.body.code]).toEqual([404, 'package_not_found']);
    expect((await w.request('GET', `${o.base}/notpacked`, { auth: o.auth })).body).toEqual({ results: [], matches_estimated: 0 });
  });

  it('moves units between packages, into a new one, out to not-packed and back, storing from the first change', async () => {
    const o = await dropshipped();
    const move = (path: string, line_id: string, quantity: number) =>
      w.request('PATCH', `${o.base}/${path}`, { auth: o.auth, payload: { line_id, quantity } });
    let r = await move('binpacked/1/2', 'l1', 2);
    expect(r.status).toBe(200);
    expect(
      r.body.packages.map((p: OrderPacking['packages'][number]) => [p.lines.map((l) => `${l.line_id}×${l.quantity}`), p.weight_g]),
    ).toEqual([
      [['l1×5', 'l2×5'], 10000],
      [['l2×3', 'l1×2'], 5000],
    ]);
    expect(await stored(o.id)).toBe(2);
    r = await move('binpacked/2/3', 'l2', 3);
    expect(r.body.packages.map((p: { lines: unknown[] }) => p.lines)).toEqual([
      [
        { line_id: 'l1', name: 'Jarrito', quantity: 5 },
        { line_id: 'l2', name: 'Plato', quantity: 5 },
      ],
      [{ line_id: 'l1', name: 'Jarrito', quantity: 2 }],
      [{ line_id: 'l2', name: 'Plato', quantity: 3 }],
    ]);
    r = await move('binpacked/1/0', 'l1', 5);
    expect(r.body.not_packed).toEqual([{ line_id: 'l1', name: 'Jarrito', quantity: 5 }]);
    expect((await w.request('GET', `${o.base}/notpacked`, { auth: o.auth })).body.results).toEqual([
      { line_id: 'l1', name: 'Jarrito', quantity: 5 },
    ]);
    r = await move('notpacked/3', 'l1', 4);
    expect(r.body.packages[2].lines).toEqual([
      { line_id: 'l2', name: 'Plato', quantity: 3 },
      { line_id: 'l1', name: 'Jarrito', quantity: 4 },
    ]);
    expect(r.body.not_packed).toEqual([{ line_id: 'l1', name: 'Jarrito', quantity: 1 }]);
    // package 2 emptied: removed, the next one becomes 2
    r = await move('binpacked/2/0', 'l1', 2);
    expect(r.body.packages.map((p: { index: number; weight_g: number }) => [p.index, p.weight_g])).toEqual([
      [1, 5000],
      [2, 7000],
    ]);
    expect(units(r.body)).toEqual({
      l1: { packed: 4, notPacked: 3, negative: false },
      l2: { packed: 8, notPacked: 0, negative: false },
    });
  });

  it('refuses impossible moves and changes nothing', async () => {
    const o = await dropshipped();
    const before = (await w.request('GET', `${o.base}/binpacked`, { auth: o.auth })).body;
    const cases: [string, unknown, number, string][] = [
      ['binpacked/2/1', { line_id: 'l1', quantity: 1 }, 400, 'validation_failed'], // package 2 holds no l1
      ['binpacked/1/2', { line_id: 'l1', quantity: 8 }, 400, 'validation_failed'], // only 7 there
      ['binpacked/1/1', { line_id: 'l1', quantity: 1 }, 400, 'validation_failed'],
      ['binpacked/1/4', { line_id: 'l1', quantity: 1 }, 404, 'package_not_found'], // 3 would open one, 4 is no package
      ['binpacked/5/1', { line_id: 'l1', quantity: 1 }, 404, 'package_not_found'],
      ['binpacked/1/2', { line_id: 'l9', quantity: 1 }, 404, 'line_not_found'],
      ['binpacked/1/2', { line_id: 'l3', quantity: 1 }, 404, 'line_not_found'], // the experience is not packed
      ['binpacked/1/2', { line_id: 'l1', quantity: 0 }, 400, 'validation_failed'],
      ['binpacked/1/2', { line_id: 'l1', quantity: -1 }, 400, 'validation_failed'],
      ['binpacked/1/2', { line_id: 'l1', quantity: 1.5 }, 400, 'validation_failed'],
      ['binpacked/x/2', { line_id: 'l1', quantity: 1 }, 400, 'validation_failed'],
      ['notpacked/1', { line_id: 'l1', quantity: 1 }, 400, 'validation_failed'], // nothing is unpacked
      ['notpacked/0', { line_id: 'l1', quantity: 1 }, 400, 'validation_failed'],
      ['binpacked/1', { length_cm: 0 }, 400, 'validation_failed'],
      ['binpacked/1', { weight_g: 70_001 }, 400, 'validation_failed'],
      ['binpacked/1', { length_cm: null }, 400, 'validation_failed'],
      ['binpacked/1', {}, 400, 'validation_failed'],
    ];
    for (const [path, payload, status, code] of cases) {
      const r = await w.request('PATCH', `${o.base}/${path}`, { auth: o.auth, payload });
      expect([path, r.status, r.body.code]).toEqual([path, status, code]);
    }
    expect((await w.request('GET', `${o.base}/binpacked`, { auth: o.auth })).body).toEqual(before);
    expect(await stored(o.id)).toBe(0);
  });

  it('keeps the measures the supplier sets until units move in or out of the package', async () => {
    const o = await dropshipped();
    const r = await w.request('PATCH', `${o.base}/binpacked/2`, { auth: o.auth, payload: { length_cm: 50, weight_g: 3500 } });
    expect([r.status, r.body]).toEqual([
      200,
      expect.objectContaining({ index: 2, length_cm: 50, width_cm: 40, height_cm: 15, weight_g: 3500 }),
    ]);
    expect((await w.request('GET', `${o.base}/binpacked/2`, { auth: o.auth })).body.length_cm).toBe(50);
    const moved = await w.request('PATCH', `${o.base}/binpacked/1/2`, { auth: o.auth, payload: { line_id: 'l1', quantity: 1 } });
    expect(moved.body.packages[1]).toMatchObject({ length_cm: 60, weight_g: 4000 });
  });

  it('never loses or doubles a unit under racing moves', async () => {
    const o = await dropshipped();
    const paths = ['binpacked/1/2', 'binpacked/2/1', 'binpacked/1/3', 'binpacked/2/0', 'notpacked/1', 'binpacked/1/0', 'notpacked/2'];
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        w.request('PATCH', `${o.base}/${paths[n % paths.length]}`, {
          auth: o.auth,
          payload: { line_id: n % 2 ? 'l1' : 'l2', quantity: 1 + (n % 3) },
        }),
      ),
    );
    expect(answers.every((a) => [200, 400, 404].includes(a.status))).toBe(true);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(5);
    const end = (await w.request('GET', `${o.base}/binpacked`, { auth: o.auth })).body as OrderPacking;
    const u = units(end);
    expect([u.l1.packed + u.l1.notPacked, u.l2.packed + u.l2.notPacked]).toEqual([7, 8]);
    expect([u.l1.negative, u.l2.negative]).toEqual([false, false]);
    expect(end.packages.every((p, n) => p.index === n + 1)).toBe(true);
  });

  it('answers 404 to the customer, the supplier and strangers, 403 with another user’s owner segment, and nothing changes', async () => {
    const o = await dropshipped();
    for (const who of [o.buyer, o.supplier, newId()]) {
      const auth = await w.token(who);
      const base = `/orders/${who}:${who}/franchise/orders/${o.id}`;
      expect((await w.request('GET', `${base}/binpacked`, { auth })).status).toBe(404);
      expect((await w.request('GET', `${base}/notpacked`, { auth })).status).toBe(404);
      expect((await w.request('PATCH', `${base}/binpacked/1/2`, { auth, payload: { line_id: 'l1', quantity: 1 } })).status).toBe(404);
      expect((await w.request('PATCH', `${o.base}/binpacked/1/2`, { auth, payload: { line_id: 'l1', quantity: 1 } })).status).toBe(403);
    }
    expect(await stored(o.id)).toBe(0);
    // an order without a dropshipping supplier has no packing at all
    const plain = await w.paid(snapshot({ userId: o.buyer, supplierId: o.ds }));
    expect((await w.request('GET', `/orders/${o.ds}:${o.ds}/franchise/orders/${plain}/binpacked`, { auth: o.auth })).status).toBe(404);
  });

  it('refuses to change the packing of a cancelled order (409)', async () => {
    const o = await dropshipped();
    const cancel = await w.request('DELETE', `/orders/${o.buyer}:${o.buyer}/orders/${o.id}`, {
      auth: await w.token(o.buyer),
      payload: { reason: 'requested_by_client' },
      headers: { 'idempotency-key': newId() },
    });
    expect(cancel.status).toBe(200);
    const r = await w.request('PATCH', `${o.base}/binpacked/1/2`, { auth: o.auth, payload: { line_id: 'l1', quantity: 1 } });
    expect([r.status, r.body.code]).toEqual([409, 'illegal_transition']);
    expect((await w.request('GET', `${o.base}/binpacked`, { auth: o.auth })).status).toBe(200);
  });
});

describe('collaborations: the shops in which the user sells', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(async () => {
    await w?.close();
  });

  it('lists each shop and role with its orders count, latest first, 10 a page', async () => {
    const me = newId();
    const buyer = newId();
    const shopA = newId();
    const shopB = newId();
    const at = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    await w.paid(snapshot({ userId: buyer, supplierId: me, shopId: shopA, shopSlug: 'a', shopName: 'Tienda A', placedAt: at(30) }));
    await w.paid(snapshot({ userId: buyer, supplierId: me, shopId: shopA, shopSlug: 'a', shopName: 'Tienda A', placedAt: at(20) }));
    await w.paid(
      snapshot({
        userId: buyer,
        supplierId: newId(),
        dssupplierId: me,
        shopId: shopB,
        shopSlug: 'b',
        shopName: 'Tienda B',
        placedAt: at(10),
      }),
    );
    const auth = await w.token(me);
    const r = await w.request('GET', `/orders/${me}:${me}/collaborations`, { auth });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      results: [
        { shop_id: shopB, shop_slug: 'b', shop_name: 'Tienda B', role: 'dssupplier', orders_count: 1 },
        { shop_id: shopA, shop_slug: 'a', shop_name: 'Tienda A', role: 'supplier', orders_count: 2 },
      ],
      matches_estimated: 2,
    });
    const page = await w.request('GET', `/orders/${me}:${me}/collaborations?offset=1&limit=1`, { auth });
    expect(page.body.results.map((c: { shop_id: string }) => c.shop_id)).toEqual([shopA]);
    const buyerSees = await w.request('GET', `/orders/${buyer}:${buyer}/collaborations`, { auth: await w.token(buyer) });
    expect(buyerSees.body).toEqual({ results: [], matches_estimated: 0 });
    expect((await w.request('GET', `/orders/${me}:${me}/collaborations`, { auth: await w.token(buyer) })).status).toBe(403);
    expect((await w.request('GET', `/orders/${me}:${me}/collaborations?limit=101`, { auth })).status).toBe(400);
  });
});

describe('packing model and moves (domain)', () => {
  it('sizes packages from the standard unit and reads the deployment’s figures', () => {
    expect(unitsPerPackage(DEFAULT_PACKING_MODEL)).toBe(12);
    expect([1, 2, 3, 5, 12].map((n) => packageSize(DEFAULT_PACKING_MODEL, n))).toEqual([
      { lengthCm: 30, widthCm: 20, heightCm: 15, weightG: 1000 },
      { lengthCm: 60, widthCm: 20, heightCm: 15, weightG: 2000 },
      { lengthCm: 60, widthCm: 40, heightCm: 15, weightG: 3000 },
      { lengthCm: 60, widthCm: 40, heightCm: 30, weightG: 5000 },
      { lengthCm: 60, widthCm: 40, heightCm: 45, weightG: 12000 },
    ]);
    const heavy = packingModelFromEnv({ PACKING_UNIT_CM: '10x10x10', PACKING_UNIT_WEIGHT_G: '5000', PACKING_MAX_WEIGHT_G: '20000' });
    expect(unitsPerPackage(heavy)).toBe(4);
    expect(packingModelFromEnv({ PACKING_UNIT_CM: '0x10x10', PACKING_UNIT_WEIGHT_G: 'x' })).toEqual(DEFAULT_PACKING_MODEL);
  });

  it('keeps every unit through a long run of random moves', () => {
    const lines = [
      { lineId: 'l1', name: 'a', quantity: 9 },
      { lineId: 'l2', name: 'b', quantity: 14 },
      { lineId: 'l3', name: 'c', quantity: 1 },
    ];
    let p = Packing.propose(lines, DEFAULT_PACKING_MODEL);
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let applied = 0;
    for (let step = 0; step < 2000; step++) {
      const from = rand(p.packages.length + 1);
      const to = rand(p.packages.length + 2);
      const line = lines[rand(lines.length)].lineId;
      try {
        p = p.move(from, to, line, 1 + rand(3), DEFAULT_PACKING_MODEL);
        applied++;
      } catch {
        /* a refused move changes nothing */
      }
      for (const l of lines) {
        const packed = p.packages.reduce((n, pkg) => n + (pkg.lines.find((x) => x.line_id === l.lineId)?.quantity ?? 0), 0);
        const loose = p.notPacked().find((x) => x.lineId === l.lineId)?.quantity ?? 0;
        expect(packed + loose).toBe(l.quantity);
      }
      expect(p.packages.every((pkg, n) => pkg.index === n + 1 && pkg.lines.every((x) => x.quantity > 0))).toBe(true);
    }
    expect(applied).toBeGreaterThan(300);
  });
});
