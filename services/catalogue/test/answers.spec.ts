import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CatalogueItemListSchema, DEMO, DEMO_ITEMS, demoCatalogueId, demoCategoryId } from '@vitrina/contracts';
import { missingAnswers } from '@vitrina/platform';
import { eventually, json } from './helpers.js';
import { startWorld, type World } from './world.js';

/**
 * The catalogue's answers as its OpenAPI describes them (issue 10 §1): every operation has a described answer from
 * a zod schema of libs/contracts, path parameters and the bearer scheme are declared, refusals are the ApiError
 * body. The walk calls every operation once: outside production each answer is checked against its schema (a
 * mismatch answers 500 here, NODE_ENV=test), so this proves each schema matches what its handler really returns.
 * The shop listing answers a serialised string (the listing cache), which the answer check cannot read: its
 * bodies are parsed against the schema here.
 */

const OWNER = DEMO.users.demoOwner.id;
const A = DEMO.users.supplierA.id;
const cats = `/catalogue/${OWNER}:${OWNER}/affiliate/catalogues`;
const items = `/catalogue/${A}:${A}/affiliate/items`;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type Operation = { parameters?: Array<{ name: string; in: string }>; security?: unknown[]; responses: Record<string, any> };
type Doc = { paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>; components: { schemas: Record<string, any> } };

/** The catalogue's own operations (not the kernel's `_diag` ones), as `METHOD /path/{param}`. */
const catalogueOperations = (doc: Doc) =>
  Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/catalogue/') && !path.includes('/_diag/'))
    .flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, path, op: item[m]! })));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('catalogue answers', () => {
  let w: World;
  let doc: Doc;

  beforeAll(async () => {
    w = await startWorld({ seed: true });
    await w.store.demo();
    await eventually(async () => (await json(w.catalogue, 'GET', `/catalogue/public/catalogues/${demoCatalogueId(1)}`)).body.share?.url);
    doc = (await json<Doc>(w.catalogue, 'GET', '/openapi.json')).body;
  });
  afterAll(async () => {
    await w?.close();
  });

  it('describes an answer for every operation, its path parameters, the bearer scheme and its refusals', () => {
    const ops = catalogueOperations(doc);
    expect(ops.length).toBe(39);
    expect(missingAnswers({ paths: Object.fromEntries(ops.map((o) => [o.path, doc.paths[o.path]])) as never })).toEqual([]);
    for (const name of [
      'CatalogueItem',
      'CatalogueItemStock',
      'CatalogueReturnInfo',
      'Catalogue',
      'CatalogueShare',
      'CatalogueSupplier',
      'ApiError',
    ]) {
      expect(doc.components.schemas).toHaveProperty(name);
    }
    for (const { key, path, op } of ops) {
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) expect([key, declared]).toEqual([key, expect.arrayContaining([name])]);
      // Owner routes (`/catalogue/{owner}:{owner}/{type}/...`) need a token: the bearer scheme, 401 and 403 as
      // ApiError; the public reads (item pages, referral catalogues) carry no requirement.
      const owned = path.startsWith('/catalogue/{owner}/{scope}/');
      expect([key, op.security ?? []]).toEqual([key, owned ? [{ bearer: [] }] : []]);
      for (const status of ['400', ...(owned ? ['401', '403'] : [])]) {
        expect([key, status, op.responses[status]?.content?.['application/json']?.schema]).toEqual([key, status, ref('ApiError')]);
      }
    }
    const json200 = (path: string, method: 'get' | 'post' = 'get') =>
      doc.paths[path][method]!.responses['200'].content['application/json'].schema;
    expect(json200('/catalogue/items/{id}')).toEqual(ref('CatalogueItem'));
    expect(json200('/catalogue/public/catalogues/{id}')).toEqual(ref('Catalogue'));
    expect(json200('/catalogue/shops/{shop}/items')).toMatchObject({ properties: { results: { items: ref('CatalogueItem') } } });
    expect(doc.paths['/catalogue/shops/{shop}/items'].get!.responses['404'].content['application/json'].schema).toEqual(ref('ApiError'));
    expect(doc.paths['/catalogue/{owner}/{scope}/catalogues/{id}'].delete!.responses).toHaveProperty('409');
    expect(doc.paths['/catalogue/{owner}/{scope}/items'].post!.responses['201'].content['application/json'].schema).toEqual(
      ref('CatalogueItem'),
    );
    const photo = doc.paths['/catalogue/demo-photos/{key}'].get!;
    expect(photo.responses['200'].content['image/jpeg'].schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(photo.responses['404'].content['application/json'].schema).toEqual(ref('ApiError'));
  });

  it('answers every operation as its schema says (the answer check fails any drift with a 500)', async () => {
    const owner = await w.token(OWNER, 2);
    const supplier = await w.token(A, 2, ['dssupplier-admin']);
    const seen = new Set<string>();
    const call = async (key: string, method: string, url: string, status: number, opts: { auth?: string; payload?: unknown } = {}) => {
      const res = await json(w.catalogue, method, url, opts);
      expect([key, url, res.status, res.status >= 400 ? res.body : null]).toEqual([key, url, status, null]);
      seen.add(key);
      return res.body;
    };
    const ids = DEMO_ITEMS.slice(0, 100).map((i) => i.id);
    const itemA = DEMO_ITEMS.find((i) => i.supplier === 'supplierA')!.id;

    // Public reads: items (every demo item once, so every type, return_info and experience shape is checked).
    await call('GET /catalogue/items', 'GET', `/catalogue/items?ids=${ids.join(',')}`, 200);
    await call('GET /catalogue/items/{id}', 'GET', `/catalogue/items/${itemA}`, 200);
    const one = await call('GET /catalogue/items/{owner}/{item}', 'GET', `/catalogue/items/${A}/${itemA}`, 200);
    // The demo photo: JPEG bytes (a Buffer answer, checked as one).
    const photoPath = new URL(one.photos[0], 'http://x').pathname.replace(/^\/api/, '');
    expect(photoPath).toMatch(/^\/catalogue\/demo-photos\/.+\.jpg$/);
    const photo = await w.catalogue.inject({ method: 'GET', url: photoPath });
    expect([photo.statusCode, photo.headers['content-type'], photo.rawPayload.subarray(0, 2).toString('hex')]).toEqual([
      200,
      'image/jpeg',
      'ffd8',
    ]);
    seen.add('GET /catalogue/demo-photos/{key}');
    // The listing's string answer, anonymous (cacheable) and as the shop owner (every state).
    for (const auth of [undefined, owner]) {
      const page = await call('GET /catalogue/shops/{shop}/items', 'GET', '/catalogue/shops/demo/items?limit=100', 200, { auth });
      const parsed = CatalogueItemListSchema.safeParse(page);
      expect([auth ? 'owner' : 'anonymous', parsed.success ? [] : parsed.error.issues]).toEqual([auth ? 'owner' : 'anonymous', []]);
      expect(page.results.length).toBeGreaterThan(0);
    }
    await call('GET /catalogue/shops/{shop}/suggestions', 'GET', '/catalogue/shops/demo/suggestions?text=caf', 200);
    // Suppliers and categories.
    await call('GET /catalogue/dssuppliers', 'GET', '/catalogue/dssuppliers', 200);
    await call('GET /catalogue/dssuppliers/suggestions', 'GET', '/catalogue/dssuppliers/suggestions?text=a', 200);
    await call('GET /catalogue/dssuppliers/{id}', 'GET', `/catalogue/dssuppliers/${A}`, 200);
    await call('GET /catalogue/categories', 'GET', '/catalogue/categories', 200);
    await call('GET /catalogue/categories/suggestions', 'GET', '/catalogue/categories/suggestions?text=a', 200);
    await call(
      'GET /catalogue/{owner}/{scope}/store/dssuppliers/search',
      'GET',
      `/catalogue/${OWNER}:${OWNER}/affiliate/store/dssuppliers/search`,
      200,
      { auth: owner },
    );
    await call(
      'GET /catalogue/{owner}/{scope}/store/products/search',
      'GET',
      `/catalogue/${OWNER}:${OWNER}/affiliate/store/products/search?limit=100`,
      200,
      { auth: owner },
    );
    // Published catalogues.
    const published = demoCatalogueId(1);
    const { slug } = await call('GET /catalogue/public/catalogues/{id}', 'GET', `/catalogue/public/catalogues/${published}`, 200);
    await call('GET /catalogue/public/catalogues/{id}/products', 'GET', `/catalogue/public/catalogues/${published}/products`, 200);
    await call('GET /catalogue/published/catalogues', 'GET', '/catalogue/published/catalogues?shop=demo', 200);
    await call('GET /catalogue/public/referral/{owner}/catalogues', 'GET', '/catalogue/public/referral/demo/catalogues', 200);
    await call(
      'GET /catalogue/public/referral/{owner}/catalogues/{slug}',
      'GET',
      `/catalogue/public/referral/demo/catalogues/${slug}`,
      200,
    );
    await call(
      'GET /catalogue/public/referral/{owner}/catalogues/{slug}/products',
      'GET',
      `/catalogue/public/referral/demo/catalogues/${slug}/products`,
      200,
    );

    // A supplier's items.
    await call('GET /catalogue/{owner}/{scope}/items', 'GET', `${items}?limit=100`, 200, { auth: supplier });
    const created = await call('POST /catalogue/{owner}/{scope}/items', 'POST', items, 201, {
      auth: supplier,
      payload: {
        name: 'Taller de barro',
        type: 'experience',
        list_price: '350',
        crossout_price: '400',
        experience_date: new Date(Date.now() + 86_400_000).toISOString(),
        category_ids: [demoCategoryId(1)],
        return_info: { return_type: '72hrs', return_fees: 'restocking_fees', restocking_fees: 10 },
        stock: { available: 5, stock_type: 'onstock', max_purchase_amount: 2 },
      },
    });
    const item = `${items}/${created.id}`;
    await call('GET /catalogue/{owner}/{scope}/items/{item}', 'GET', item, 200, { auth: supplier });
    await call('PATCH /catalogue/{owner}/{scope}/items/{item}', 'PATCH', item, 200, {
      auth: supplier,
      payload: { crossout_price: null, return_info: null },
    });
    await call('POST /catalogue/{owner}/{scope}/items/{item}/publish', 'POST', `${item}/publish`, 200, { auth: supplier });
    await call('PUT /catalogue/{owner}/{scope}/items/{item}/stock', 'PUT', `${item}/stock`, 200, {
      auth: supplier,
      payload: { available: null, sold_out: true },
    });
    await call('POST /catalogue/{owner}/{scope}/items/{item}/unpublish', 'POST', `${item}/unpublish`, 200, { auth: supplier });
    await call('DELETE /catalogue/{owner}/{scope}/items/{item}', 'DELETE', item, 204, { auth: supplier });

    // The owner's catalogues.
    await call('GET /catalogue/{owner}/{scope}/catalogues', 'GET', cats, 200, { auth: owner });
    const mine = await call('POST /catalogue/{owner}/{scope}/catalogues', 'POST', cats, 201, {
      auth: owner,
      payload: { name: 'Contrato', photo: 'https://cdn.example.com/c.png' },
    });
    const cat = `${cats}/${mine.id}`;
    await call('GET /catalogue/{owner}/{scope}/catalogues/{id}', 'GET', cat, 200, { auth: owner });
    await call('PATCH /catalogue/{owner}/{scope}/catalogues/{id}', 'PATCH', cat, 200, {
      auth: owner,
      payload: { photo: null, weight: 3, state: 'published' },
    });
    await call('POST /catalogue/{owner}/{scope}/catalogues/{id}/move', 'POST', `${cat}/move`, 200, {
      auth: owner,
      payload: { position: 1 },
    });
    const added = await call(
      'POST /catalogue/{owner}/{scope}/catalogues/{id}/products/add_filtered',
      'POST',
      `${cat}/products/add_filtered`,
      200,
      {
        auth: owner,
        payload: { query: { ids: ids.slice(0, 3) }, silent: true },
      },
    );
    expect(added.added.length).toBeGreaterThan(1);
    await call('GET /catalogue/{owner}/{scope}/catalogues/{id}/products', 'GET', `${cat}/products`, 200, { auth: owner });
    await call('GET /catalogue/{owner}/{scope}/catalogues/{id}/products/search', 'GET', `${cat}/products/search?text=a`, 200, {
      auth: owner,
    });
    await call('POST /catalogue/{owner}/{scope}/catalogues/{id}/products/move', 'POST', `${cat}/products/move`, 200, {
      auth: owner,
      payload: { product: added.added[1], position: 1 },
    });
    await call(
      'DELETE /catalogue/{owner}/{scope}/catalogues/{id}/products/{productId}',
      'DELETE',
      `${cat}/products/${added.added[0]}`,
      200,
      { auth: owner },
    );
    const fork = await call('POST /catalogue/{owner}/{scope}/catalogues/{id}/products/clone', 'POST', `${cats}/new/products/clone`, 200, {
      auth: owner,
      payload: { origin_id: mine.id },
    });
    expect(fork.catalogue.origin_id).toBe(mine.id);
    await call('DELETE /catalogue/{owner}/{scope}/catalogues/{id}', 'DELETE', `${cat}?force=true`, 204, { auth: owner });

    expect([...seen].sort()).toEqual(
      catalogueOperations(doc)
        .map((o) => o.key)
        .sort(),
    );
  });
});
