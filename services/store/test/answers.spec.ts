import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { DEMO, DEMO_ITEMS } from '@vitrina/contracts';
import { missingAnswers, newId, rowsOf } from '@vitrina/platform';
import { eventually, json, upload } from './helpers.js';
import { startWorld, type World } from './world.js';

/**
 * The store's answers as its OpenAPI describes them (issue 10 §1): every operation has a described answer from a
 * zod schema of libs/contracts, path parameters and the bearer scheme are declared, refusals are the ApiError body.
 * The walk calls every operation once: outside production each answer is checked against its schema (a mismatch
 * answers 500 here, NODE_ENV=test), so this proves each schema matches what its handler really returns.
 */

const OWNER = DEMO.users.demoOwner.id;
const base = `/store/${OWNER}:${OWNER}/affiliate/store`;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type Operation = { parameters?: Array<{ name: string; in: string }>; security?: unknown[]; responses: Record<string, any> };
type Doc = { paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>; components: { schemas: Record<string, any> } };

/** The store's own operations (not the kernel's `_diag` ones), as `METHOD /path/{param}`. */
const storeOperations = (doc: Doc) =>
  Object.entries(doc.paths)
    .filter(([path]) => /^\/(store|gallery)\//.test(path) && !path.includes('/_diag/'))
    .flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, path, op: item[m]! })));

describe('store answers', () => {
  let w: World;
  let doc: Doc;

  beforeAll(async () => {
    w = await startWorld({ seed: true });
    await w.catalogue.demo();
    await eventually(async () => {
      const rows = rowsOf<{ n: number }>(await w.tdb.database.drizzle({}).execute(sql`select count(*)::int as n from store.item_refs`));
      return rows[0].n >= DEMO_ITEMS.length;
    });
    await w.tdb.database.drizzle({}).execute(sql`update store.shops set host = 'tienda.olga.example' where slug = 'olga'`);
    doc = (await json<Doc>(w.store, 'GET', '/openapi.json')).body;
  });
  afterAll(async () => {
    await w?.close();
  });

  it('describes an answer for every operation, its path parameters, the bearer scheme and its refusals', () => {
    const ops = storeOperations(doc);
    expect(ops.length).toBe(34);
    expect(missingAnswers({ paths: Object.fromEntries(ops.map((o) => [o.path, doc.paths[o.path]])) as never })).toEqual([]);
    expect(doc.components.schemas).toHaveProperty('Shop');
    expect(doc.components.schemas).toHaveProperty('ApiError');
    for (const { key, path, op } of ops) {
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) expect([key, declared]).toEqual([key, expect.arrayContaining([name])]);
      const owned = path.includes('{owner}');
      // Opening a shop needs a signed-in user, whoever it is: the bearer scheme and 401.
      const signedIn = key === 'POST /store/shops';
      // Owner routes need a token: the bearer scheme, 401 and 403 as ApiError; public routes carry no requirement.
      expect([key, op.security ?? []]).toEqual([key, owned || signedIn ? [{ bearer: [] }] : []]);
      for (const status of owned ? ['401', '403'] : signedIn ? ['401'] : []) {
        expect([key, status, op.responses[status]?.content?.['application/json']?.schema]).toEqual([
          key,
          status,
          { $ref: '#/components/schemas/ApiError' },
        ]);
      }
    }
    const shopRead = doc.paths['/store/shops/by-slug/{slug}'].get!;
    expect(shopRead.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Shop' });
    expect(shopRead.responses['404'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ApiError' });
    const file = doc.paths['/gallery/files/{name}'].get!;
    expect(file.responses['200'].content['image/*'].schema).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('answers every operation as its schema says (the answer check fails any drift with a 500)', async () => {
    const auth = await w.token(OWNER, 2);
    const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
    const image = () =>
      upload(w.store, `/gallery/${OWNER}:${DEMO.shops.demo.id}/`, auth, [
        { name: 'image', filename: 'a.png', type: 'image/png', data: png },
      ]);
    const [hzt, vrt, gone] = [await image(), await image(), await image()];
    expect([hzt.status, vrt.status, gone.status]).toEqual([201, 201, 201]);
    const item = DEMO_ITEMS.find((i) => i.supplier === 'supplierA')!.id;
    const franchise = DEMO.shops.franchise.id;
    const seen = new Set<string>();
    const call = async (key: string, method: string, url: string, status: number, payload?: unknown) => {
      const res = await w.store.inject({
        method: method as 'GET',
        url,
        headers: { authorization: auth },
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
      const body = res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : res.rawPayload;
      expect([key, url, res.statusCode, res.statusCode >= 400 ? body : null]).toEqual([key, url, status, null]);
      seen.add(key);
      return body;
    };
    const shopOps: Array<[string, string, string, number, unknown?]> = [
      ['GET /store/shops/by-slug/{slug}', 'GET', '/store/shops/by-slug/demo?referral=x', 200],
      ['GET /store/shops/by-host/{host}', 'GET', '/store/shops/by-host/tienda.olga.example', 200],
      ['GET /store/shops/slug-availability', 'GET', '/store/shops/slug-availability?slug=libre', 200],
      ['GET /store/shops/{shop}', 'GET', `/store/shops/${DEMO.shops.reseller.id}`, 200],
      ['GET /store/shops/{shop}/banners', 'GET', '/store/shops/demo/banners', 200],
      ['GET /store/shops/{shop}/headers', 'GET', '/store/shops/demo/headers', 200],
      ['GET /store/shops/{shop}/menu', 'GET', '/store/shops/demo/menu', 200],
      ['POST /store/shops/{shop}/items/instore', 'POST', '/store/shops/demo/items/instore', 200, { ids: [item] }],
      ['GET /store/{owner}/{scope}/store', 'GET', base, 200],
      ['PATCH /store/{owner}/{scope}/store', 'PATCH', base, 200, { name: 'Bazar de Daniela' }],
      ['GET /store/{owner}/{scope}/store/banners', 'GET', `${base}/banners`, 200],
      ['GET /store/{owner}/{scope}/store/headers', 'GET', `${base}/headers`, 200],
      ['PUT /store/{owner}/{scope}/store/items/{item}', 'PUT', `${base}/items/${item}`, 200],
      ['POST /store/{owner}/{scope}/store/items', 'POST', `${base}/items`, 200, { ids: [item] }],
      ['POST /store/{owner}/{scope}/store/items/instore', 'POST', `${base}/items/instore`, 200, { ids: [item, 'nope'] }],
      ['GET /store/{owner}/{scope}/store/items', 'GET', `${base}/items`, 200],
      ['DELETE /store/{owner}/{scope}/store/items/{item}', 'DELETE', `${base}/items/${item}`, 204],
      ['GET /store/published/franchises', 'GET', `/store/published/franchises?text=sol`, 200],
      ['GET /store/shops/by-slug/{slug}/franchises', 'GET', '/store/shops/by-slug/demo/franchises', 200],
      ['PUT /store/{owner}/{scope}/store/franchises/{id}', 'PUT', `${base}/franchises/${franchise}`, 200],
      ['POST /store/{owner}/{scope}/store/franchises/instore', 'POST', `${base}/franchises/instore`, 200, { franchises: [franchise] }],
      ['GET /store/{owner}/{scope}/store/franchises', 'GET', `${base}/franchises`, 200],
      [
        'GET /store/public/referral/{ref}/catalogues/{catalogue}/franchises',
        'GET',
        `/store/public/referral/demo/catalogues/c1/franchises`,
        200,
      ],
      ['DELETE /store/{owner}/{scope}/store/franchises/{id}', 'DELETE', `${base}/franchises/${franchise}`, 204],
      ['GET /gallery/files/{name}', 'GET', new URL(hzt.body.url, 'http://x').pathname.replace(/^\/api/, ''), 200],
      ['DELETE /gallery/{owner}/{id}', 'DELETE', `/gallery/${OWNER}:${DEMO.shops.demo.id}/${gone.body.id}`, 204],
    ];
    for (const [key, method, url, status, payload] of shopOps) await call(key, method, url, status, payload);
    // A newcomer opens a shop (the demo owner already has one).
    const newcomer = newId();
    const opened = await w.store.inject({
      method: 'POST',
      url: '/store/shops',
      headers: { authorization: await w.token(newcomer, 1) },
      payload: { name: 'Nueva', slug: 'nueva-tienda', store_type: 'others' },
    });
    expect([opened.statusCode, opened.json().owner]).toEqual([201, newcomer]);
    seen.add('POST /store/shops');
    seen.add('POST /gallery/{owner}');
    // The published search marks in_store for a signed-in owner: the optional key present.
    expect((await json(w.store, 'GET', '/store/published/franchises', { auth })).body.results[0]).toHaveProperty('in_store');

    const banner = { hzt_image: hzt.body.url, hzt_image_id: hzt.body.id, vrt_image: vrt.body.url, vrt_image_id: vrt.body.id };
    const b = await call('POST /store/{owner}/{scope}/store/banners', 'POST', `${base}/banners`, 201, banner);
    await call('PATCH /store/{owner}/{scope}/store/banners/{id}', 'PATCH', `${base}/banners/${b.id}`, 200, { ...banner, target: 'anon' });
    await call('DELETE /store/{owner}/{scope}/store/banners/{id}', 'DELETE', `${base}/banners/${b.id}`, 204);
    const h = await call('POST /store/{owner}/{scope}/store/headers', 'POST', `${base}/headers`, 201, { title: 'Hola' });
    await call('PATCH /store/{owner}/{scope}/store/headers/{id}', 'PATCH', `${base}/headers/${h.id}`, 200, {
      title: 'Hola',
      subtitle: null,
    });
    await call('DELETE /store/{owner}/{scope}/store/headers/{id}', 'DELETE', `${base}/headers/${h.id}`, 204);

    expect([...seen].sort()).toEqual(
      storeOperations(doc)
        .map((o) => o.key)
        .sort(),
    );
  });
});
