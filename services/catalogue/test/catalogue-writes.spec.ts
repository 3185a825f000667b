import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO, DEMO_ITEMS, demoCatalogueId } from '@vitrina/contracts';
import { eventually, json } from './helpers.js';
import { published, startWorld, type World } from './world.js';

const OWNER = DEMO.users.demoOwner.id;
const OLGA = DEMO.users.otherOwner.id;
const RITA = DEMO.users.reseller.id;
const admin = (owner: string) => `/catalogue/${owner}:${owner}/affiliate/catalogues`;

describe('catalogue writes (issue 5)', () => {
  let w: World;
  let auth: string;
  const positions = async (owner: string = OWNER, token = auth) => {
    const res = await json(w.catalogue, 'GET', `${admin(owner)}?sort=position&limit=100`, { auth: token });
    return res.body.results as Array<{ id: string; name: string; position: number; num_products: number }>;
  };

  beforeAll(async () => {
    w = await startWorld({ seed: true });
    await w.store.demo();
    auth = await w.token(OWNER, 2);
    await eventually(async () => (await json(w.catalogue, 'GET', `/catalogue/public/catalogues/${demoCatalogueId(1)}`)).body.share?.url);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('creates a catalogue at the end; every name problem answers invalid_name; photo must be a URL', async () => {
    for (const name of [undefined, '', '   ', 42, 'x'.repeat(151)]) {
      const res = await json(w.catalogue, 'POST', admin(OWNER), { auth, payload: name === undefined ? {} : { name } });
      expect([name, res.status, res.body.code, Object.keys(res.body.fields ?? {})]).toEqual([name, 400, 'invalid_name', ['name']]);
    }
    const badPhoto = await json(w.catalogue, 'POST', admin(OWNER), { auth, payload: { name: 'Nuevo', photo: 'not a url' } });
    expect([badPhoto.status, badPhoto.body.code]).toEqual([400, 'validation_failed']);
    const unknown = await json(w.catalogue, 'POST', admin(OWNER), { auth, payload: { name: 'Nuevo', owner: OLGA } });
    expect(unknown.status).toBe(400);
    const badState = await json(w.catalogue, 'POST', admin(OWNER), { auth, payload: { name: 'Nuevo', state: 'borrador' } });
    expect([badState.status, badState.body.code]).toEqual([400, 'validation_failed']);

    const created = await json(w.catalogue, 'POST', admin(OWNER), {
      auth,
      payload: { name: '  Novedades  de  otoño ', photo: 'https://cdn.example.com/a.png' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Novedades de otoño',
      slug: 'novedades-de-otono',
      position: 6,
      num_products: 0,
      owner: OWNER,
      photo: 'https://cdn.example.com/a.png',
      state: 'published', // the column's default, none given
    });
    const again = await json(w.catalogue, 'POST', admin(OWNER), { auth, payload: { name: 'Novedades de otoño', photo: '' } });
    expect(again.body).toMatchObject({ slug: 'novedades-de-otono-2', position: 7, photo: null });
    const max = await json(w.catalogue, 'POST', admin(OWNER), { auth, payload: { name: 'y'.repeat(150), state: 'unpublished' } });
    expect([max.status, max.body.state]).toEqual([201, 'unpublished']);
    const events = await published(w, 'catalogue.catalogue.created');
    expect(events.at(-1)).toMatchObject({ key: OWNER, data: { catalogueId: max.body.id, ownerId: OWNER, ownerCatalogues: 8 } });
    expect((await positions()).map((c) => c.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('updates name, photo, weight and state; name errors are invalid_name', async () => {
    const [first] = await positions();
    const bad = await json(w.catalogue, 'PATCH', `${admin(OWNER)}/${first.id}`, { auth, payload: { name: '' } });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_name']);
    expect(
      (await json(w.catalogue, 'PATCH', `${admin(OWNER)}/${first.id}`, { auth, payload: { photo: 'javascript:alert(1)' } })).status,
    ).toBe(400);
    expect((await json(w.catalogue, 'PATCH', `${admin(OWNER)}/${first.id}`, { auth, payload: { weight: null } })).status).toBe(400);
    const ok = await json(w.catalogue, 'PATCH', `${admin(OWNER)}/${first.id}`, {
      auth,
      payload: { name: 'Lo más vendido 2026', photo: null, weight: 99 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Lo más vendido 2026', photo: null, weight: 99, slug: 'lo-mas-vendido' });
    expect((await published(w, 'catalogue.catalogue.updated')).at(-1)?.data).toMatchObject({ catalogueId: first.id });
    // another owner's catalogue is not found under this owner's path
    expect((await json(w.catalogue, 'PATCH', `${admin(OWNER)}/${demoCatalogueId(8)}`, { auth, payload: { name: 'x' } })).status).toBe(404);
  });

  it('moves a catalogue to a position; the others shift; bad positions are refused', async () => {
    const before = await positions();
    const last = before.at(-1)!;
    const moved = await json(w.catalogue, 'POST', `${admin(OWNER)}/${last.id}/move`, { auth, payload: { position: 2 } });
    expect([moved.status, moved.body.position]).toEqual([200, 2]);
    const after = await positions();
    expect(after.map((c) => c.id)).toEqual([before[0].id, last.id, ...before.slice(1, -1).map((c) => c.id)]);
    expect(after.map((c) => c.position)).toEqual(before.map((_c, i) => i + 1));
    const past = await json(w.catalogue, 'POST', `${admin(OWNER)}/${last.id}/move`, { auth, payload: { position: 1000 } });
    expect(past.body.position).toBe(before.length);
    for (const position of [0, -1, 'a', 1.5, undefined]) {
      expect((await json(w.catalogue, 'POST', `${admin(OWNER)}/${last.id}/move`, { auth, payload: { position } })).status).toBe(400);
    }
    expect((await published(w, 'catalogue.catalogue.moved')).at(-1)?.data).toMatchObject({ catalogueId: last.id, position: before.length });
  });

  it('makes the dragged order the order visitors see: a move rewrites weights n..1 (lists sort by -weight)', async () => {
    const before = await positions();
    const third = before[2];
    expect((await json(w.catalogue, 'POST', `${admin(OWNER)}/${third.id}/move`, { auth, payload: { position: 1 } })).status).toBe(200);
    const order = [third.id, ...before.filter((c) => c.id !== third.id).map((c) => c.id)];
    expect((await positions()).map((c) => c.id)).toEqual(order);
    const owned = await json(w.catalogue, 'GET', `${admin(OWNER)}?sort=-weight,name&limit=100`, { auth });
    expect(owned.body.results.map((c: { id: string }) => c.id)).toEqual(order);
    expect(owned.body.results.map((c: { weight: number }) => c.weight)).toEqual(order.map((_id, i) => order.length - i));
    // the public list (storefront /catalogos, footer, home row) follows the same order
    const shown = await json(w.catalogue, 'GET', `/catalogue/public/referral/${OWNER}/catalogues?sort=-weight,name&limit=100`);
    const visible = new Set(shown.body.results.map((c: { id: string }) => c.id));
    expect(shown.body.results.map((c: { id: string }) => c.id)).toEqual(order.filter((id) => visible.has(id)));
    // a catalogue created afterwards comes last in both orders
    const created = await json(w.catalogue, 'POST', admin(OWNER), { auth, payload: { name: 'Después del orden' } });
    const byWeight = await json(w.catalogue, 'GET', `${admin(OWNER)}?sort=-weight,name&limit=100`, { auth });
    expect(byWeight.body.results.at(-1).id).toBe(created.body.id);
    expect((await positions()).at(-1)!.id).toBe(created.body.id);
  });

  it('keeps a consistent 1..n order under 20 concurrent moves', async () => {
    const list = await positions();
    const moves = Array.from({ length: 20 }, (_v, i) => ({ id: list[i % list.length].id, position: ((i * 7) % list.length) + 1 }));
    const answers = await Promise.all(
      moves.map((m) => json(w.catalogue, 'POST', `${admin(OWNER)}/${m.id}/move`, { auth, payload: { position: m.position } })),
    );
    expect(answers.map((a) => a.status)).toEqual(moves.map(() => 200));
    const after = await positions();
    expect(after).toHaveLength(list.length);
    expect(after.map((c) => c.position)).toEqual(list.map((_c, i) => i + 1));
    expect(new Set(after.map((c) => c.id)).size).toBe(list.length);
  });

  it('adds filtered products, refusing items the owner may not add unless silent', async () => {
    const target = (await positions()).find((c) => c.num_products === 0)!;
    const url = `${admin(OWNER)}/${target.id}/products/add_filtered`;
    const unpublished = DEMO_ITEMS[20].id; // another supplier's unpublished item
    const refused = await json(w.catalogue, 'POST', url, { auth, payload: { query: { ids: [DEMO_ITEMS[0].id, unpublished] } } });
    expect([refused.status, refused.body.code]).toEqual([400, 'invalid_product']);
    const silent = await json(w.catalogue, 'POST', url, {
      auth,
      payload: { query: { ids: [DEMO_ITEMS[0].id, unpublished, DEMO_ITEMS[1].id] }, silent: true },
    });
    expect(silent.status).toBe(200);
    expect(silent.body.added).toEqual([DEMO_ITEMS[0].id, DEMO_ITEMS[1].id]);
    expect(silent.body.catalogue.num_products).toBe(2);
    const byText = await json(w.catalogue, 'POST', url, { auth, payload: { query: { text: 'molino' } } });
    expect(byText.body.added).toHaveLength(1);
    expect(byText.body.catalogue.num_products).toBe(3);
    const again = await json(w.catalogue, 'POST', url, { auth, payload: { query: { text: 'molino' } } });
    expect(again.body).toMatchObject({ added: [], catalogue: { num_products: 3 } });
    // A text with no word in it adds nothing (it used to match every item the owner may add).
    const wordless = await json(w.catalogue, 'POST', url, { auth, payload: { query: { text: '¡!?' } } });
    expect(wordless.body).toMatchObject({ added: [], catalogue: { num_products: 3 } });
    expect((await json(w.catalogue, 'POST', url, { auth, payload: { query: { type: 'car' } } })).status).toBe(400);
    expect((await json(w.catalogue, 'POST', url, { auth, payload: { silent: true } })).status).toBe(400);
    expect((await published(w, 'catalogue.catalogue.products-added')).at(-1)?.data).toMatchObject({
      catalogueId: target.id,
      itemIds: byText.body.added,
      numProducts: 3,
    });
    const products = await json(w.catalogue, 'GET', `${admin(OWNER)}/${target.id}/products?sort=position`, { auth });
    expect(products.body.results.map((i: any) => i.id)).toEqual([DEMO_ITEMS[0].id, DEMO_ITEMS[1].id, byText.body.added[0]]);
  });

  it('moves and removes a product, keeping positions and num_products right', async () => {
    const target = (await positions()).find((c) => c.num_products === 3)!;
    const base = `${admin(OWNER)}/${target.id}/products`;
    const ids = (await json(w.catalogue, 'GET', `${base}?sort=position`, { auth })).body.results.map((i: any) => i.id);
    const moved = await json(w.catalogue, 'POST', `${base}/move`, { auth, payload: { product: ids[2], position: 1 } });
    expect(moved.status).toBe(200);
    expect((await json(w.catalogue, 'GET', `${base}?sort=position`, { auth })).body.results.map((i: any) => i.id)).toEqual([
      ids[2],
      ids[0],
      ids[1],
    ]);
    expect((await json(w.catalogue, 'POST', `${base}/move`, { auth, payload: { product: DEMO_ITEMS[50].id, position: 1 } })).status).toBe(
      404,
    );
    expect((await json(w.catalogue, 'POST', `${base}/move`, { auth, payload: { position: 1 } })).status).toBe(400);
    const removed = await json(w.catalogue, 'DELETE', `${base}/${ids[0]}`, { auth });
    expect([removed.status, removed.body.num_products]).toEqual([200, 2]);
    expect((await json(w.catalogue, 'DELETE', `${base}/${ids[0]}`, { auth })).status).toBe(404);
    expect((await json(w.catalogue, 'GET', `${base}?sort=position`, { auth })).body.results.map((i: any) => i.id)).toEqual([
      ids[2],
      ids[1],
    ]);
    expect((await published(w, 'catalogue.catalogue.product-removed')).at(-1)?.data).toMatchObject({
      catalogueId: target.id,
      itemIds: [ids[0]],
      numProducts: 2,
    });
    expect((await published(w, 'catalogue.catalogue.product-moved')).at(-1)?.data).toMatchObject({ itemIds: [ids[2]], position: 1 });
  });

  it('forks another owner’s catalogue by origin_id or origin_slug', async () => {
    const rita = await w.token(RITA, 2);
    const before = (await positions(RITA, rita)).length;
    const fork = await json(w.catalogue, 'POST', `${admin(RITA)}/${demoCatalogueId(3)}/products/clone`, { auth: rita, payload: {} });
    expect(fork.status).toBe(200);
    expect(fork.body.catalogue).toMatchObject({
      owner: RITA,
      name: 'Para los amantes del café',
      origin_id: demoCatalogueId(3),
      origin_slug: 'para-los-amantes-del-cafe',
      position: before + 1,
    });
    expect(fork.body.catalogue.num_products).toBe(fork.body.added.length);
    expect(fork.body.added.length).toBeGreaterThan(0);
    const cloned = (await published(w, 'catalogue.catalogue.cloned')).at(-1)!;
    expect(cloned).toMatchObject({
      key: RITA,
      data: { ownerId: RITA, originId: demoCatalogueId(3), originOwnerId: OWNER, itemIds: fork.body.added },
    });

    const bySlug = await json(w.catalogue, 'POST', `${admin(RITA)}/new/products/clone`, {
      auth: rita,
      payload: { origin_slug: 'regalos-artesanales', origin_owner: 'demo', name: 'Mis regalos' },
    });
    expect(bySlug.body.catalogue).toMatchObject({ name: 'Mis regalos', origin_id: demoCatalogueId(2) });
    const viaCreate = await json(w.catalogue, 'POST', admin(RITA), { auth: rita, payload: { origin_id: demoCatalogueId(4) } });
    expect([viaCreate.status, viaCreate.body.origin_id]).toEqual([201, demoCatalogueId(4)]);
    // into an existing catalogue of the owner
    const into = await json(w.catalogue, 'POST', `${admin(RITA)}/${demoCatalogueId(6)}/products/clone`, {
      auth: rita,
      payload: { origin_id: demoCatalogueId(1) },
    });
    expect(into.body.catalogue).toMatchObject({ id: demoCatalogueId(6), origin_id: demoCatalogueId(1) });

    for (const payload of [{ origin_id: '01930000-0000-7000-8003-00000000dead' }, { origin_slug: 'nope', origin_owner: 'demo' }]) {
      const res = await json(w.catalogue, 'POST', `${admin(RITA)}/new/products/clone`, { auth: rita, payload });
      expect([res.status, res.body.code]).toEqual([404, 'origin_not_found']);
    }
    expect(
      (await json(w.catalogue, 'POST', `${admin(RITA)}/new/products/clone`, { auth: rita, payload: { origin_slug: 'x' } })).status,
    ).toBe(400);
    // an unpublished catalogue of another owner cannot be forked
    await json(w.catalogue, 'PATCH', `${admin(OWNER)}/${demoCatalogueId(5)}`, { auth, payload: { state: 'unpublished' } });
    const hidden = await json(w.catalogue, 'POST', `${admin(RITA)}/${demoCatalogueId(5)}/products/clone`, { auth: rita, payload: {} });
    expect([hidden.status, hidden.body.code]).toEqual([404, 'origin_not_found']);
  });

  it('refuses to delete a catalogue with products unless force=true; positions close up; the count reaches 0', async () => {
    const list = await positions();
    const full = list.find((c) => c.num_products > 0)!;
    const refused = await json(w.catalogue, 'DELETE', `${admin(OWNER)}/${full.id}`, { auth });
    expect([refused.status, refused.body.code]).toEqual([409, 'product_catalogue_has_products']);
    expect((await json(w.catalogue, 'DELETE', `${admin(OWNER)}/${full.id}?force=maybe`, { auth })).status).toBe(400);
    expect((await json(w.catalogue, 'DELETE', `${admin(OWNER)}/${full.id}?force=true`, { auth })).status).toBe(204);
    const after = await positions();
    expect(after.map((c) => c.id)).toEqual(list.filter((c) => c.id !== full.id).map((c) => c.id));
    expect(after.map((c) => c.position)).toEqual(after.map((_c, i) => i + 1));
    expect((await json(w.catalogue, 'GET', `/catalogue/public/catalogues/${full.id}/products`)).status).toBe(404);
    expect((await published(w, 'catalogue.catalogue.deleted')).at(-1)?.data).toMatchObject({
      catalogueId: full.id,
      ownerCatalogues: after.length,
    });
    expect((await json(w.catalogue, 'DELETE', `${admin(OWNER)}/${full.id}`, { auth })).status).toBe(404);

    // Olga's only catalogue: deleting it tells the store she has none left
    const olga = await w.token(OLGA, 2);
    expect((await json(w.catalogue, 'DELETE', `${admin(OLGA)}/${demoCatalogueId(8)}?force=true`, { auth: olga })).status).toBe(204);
    expect((await published(w, 'catalogue.catalogue.deleted')).at(-1)).toMatchObject({
      key: OLGA,
      data: { ownerId: OLGA, ownerCatalogues: 0 },
    });
  });
});
