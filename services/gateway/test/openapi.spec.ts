import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'undici';
import type { RunningGateway } from '../src/gateway.module.js';
import { mergeOpenApi, type OpenApiDocument } from '../src/openapi/merge-openapi.js';
import { startFakeServices } from './support/fake-services.js';
import { startGateway } from './support/load-gateway.js';

const errorBody = { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] };

const catalogueDoc: OpenApiDocument = {
  openapi: '3.0.0',
  info: { title: 'Vitrina catalogue', version: '1' },
  paths: {
    '/catalogue/items/{id}': {
      get: {
        operationId: 'ItemsController_get',
        tags: ['items'],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
          404: { description: 'missing', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
        },
        security: [{ bearer: [] }],
      },
    },
  },
  components: {
    schemas: {
      Money: { type: 'object', properties: { amount: { type: 'integer' }, currency: { type: 'string' } } },
      Item: { type: 'object', properties: { price: { $ref: '#/components/schemas/Money' } } },
      ErrorBody: errorBody,
    },
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  },
};

const storeDoc: OpenApiDocument = {
  openapi: '3.0.0',
  info: { title: 'Vitrina store', version: '1' },
  paths: {
    '/store/shops/{slug}': {
      get: {
        operationId: 'ItemsController_get', // same id as catalogue's: must become unique
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Shop' } } } } },
      },
    },
  },
  components: {
    schemas: {
      // Same name as catalogue's Money, different shape.
      Money: { type: 'object', properties: { cents: { type: 'integer' } } },
      Shop: { type: 'object', properties: { minimumOrder: { $ref: '#/components/schemas/Money' } } },
      ErrorBody: errorBody,
    },
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  },
};

describe('mergeOpenApi', () => {
  const merged = mergeOpenApi([
    { service: 'catalogue', document: catalogueDoc },
    { service: 'store', document: storeDoc },
  ]);
  const schemas = merged.components!.schemas;

  it('prefixes every path with /api and tags operations by service', () => {
    expect(Object.keys(merged.paths!)).toEqual(['/api/catalogue/items/{id}', '/api/store/shops/{slug}']);
    expect((merged.paths!['/api/catalogue/items/{id}'].get as Record<string, unknown>).tags).toEqual(['catalogue']);
    expect((merged.paths!['/api/store/shops/{slug}'].get as Record<string, unknown>).tags).toEqual(['store']);
    expect(merged.tags!.map((t) => t.name)).toEqual(['catalogue', 'store']);
  });

  it('renames colliding schemas with a service prefix and rewrites their references', () => {
    expect(schemas).not.toHaveProperty('Money');
    expect(schemas.CatalogueMoney).toEqual(catalogueDoc.components!.schemas.Money);
    expect(schemas.StoreMoney).toEqual(storeDoc.components!.schemas.Money);
    expect(schemas.Item).toEqual({ type: 'object', properties: { price: { $ref: '#/components/schemas/CatalogueMoney' } } });
    expect(schemas.Shop).toEqual({ type: 'object', properties: { minimumOrder: { $ref: '#/components/schemas/StoreMoney' } } });
  });

  it('keeps one copy of a schema both services define identically', () => {
    expect(schemas.ErrorBody).toEqual(errorBody);
    expect(Object.keys(schemas).filter((k) => k.endsWith('ErrorBody'))).toEqual(['ErrorBody']);
    expect(merged.components!.securitySchemes).toEqual({ bearer: catalogueDoc.components!.securitySchemes.bearer });
  });

  it('makes operation ids unique', () => {
    const ids = Object.values(merged.paths!).map((p) => (p.get as { operationId: string }).operationId);
    expect(ids).toEqual(['ItemsController_get', 'store_ItemsController_get']);
  });

  it('renames a schema that is identical by name and shape but refers to a renamed one', () => {
    const a: OpenApiDocument = {
      paths: {},
      components: { schemas: { Money: { type: 'integer' }, Price: { $ref: '#/components/schemas/Money' } } },
    };
    const b: OpenApiDocument = {
      paths: {},
      components: { schemas: { Money: { type: 'string' }, Price: { $ref: '#/components/schemas/Money' } } },
    };
    const out = mergeOpenApi([
      { service: 'orders', document: a },
      { service: 'cart-checkout', document: b },
    ]).components!.schemas;
    expect(out).toEqual({
      CartCheckoutMoney: { type: 'string' },
      CartCheckoutPrice: { $ref: '#/components/schemas/CartCheckoutMoney' },
      OrdersMoney: { type: 'integer' },
      OrdersPrice: { $ref: '#/components/schemas/OrdersMoney' },
    });
  });

  it('gives every operation the answers the gateway and the platform may give on any route', () => {
    const item = merged.paths!['/api/catalogue/items/{id}'].get as { responses: Record<string, Record<string, unknown>> };
    const shop = merged.paths!['/api/store/shops/{slug}'].get as { responses: Record<string, Record<string, unknown>> };
    const error = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };
    const retryAfter = { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } };
    for (const op of [item, shop]) {
      expect(Object.keys(op.responses).sort()).toEqual(expect.arrayContaining(['200', '429', '502', '503', '504']));
      for (const status of ['429', '503']) expect(op.responses[status]).toMatchObject({ headers: retryAfter, content: error });
      for (const status of ['502', '504']) {
        expect(op.responses[status]).toMatchObject({ content: error });
        expect(op.responses[status]).not.toHaveProperty('headers');
      }
    }
    // What the service declared stays as it was.
    expect(item.responses['404']).toEqual(catalogueDoc.paths!['/catalogue/items/{id}'].get!['responses' as never]['404']);
    expect(merged.components!.schemas.ApiError).toMatchObject({ required: ['code', 'message'] });
    expect(merged.components!.headers).toEqual({
      RetryAfter: { description: expect.any(String), schema: { type: 'integer', minimum: 1 } },
    });
  });

  it("keeps a service's own 429 or 503 and adds Retry-After to it", () => {
    const own = {
      description: 'Too many PIN attempts',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    };
    const doc: OpenApiDocument = { paths: { '/accounts/pin': { post: { responses: { 200: { description: 'ok' }, 429: own } } } } };
    const op = mergeOpenApi([{ service: 'accounts', document: doc }]).paths!['/api/accounts/pin'].post as {
      responses: Record<string, Record<string, unknown>>;
    };
    expect(op.responses['429']).toEqual({ ...own, headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } });
    expect(doc.paths!['/accounts/pin'].post).toEqual({ responses: { 200: { description: 'ok' }, 429: own } });
  });

  it('does not change its inputs', () => {
    expect(catalogueDoc.components!.schemas.Item).toEqual({
      type: 'object',
      properties: { price: { $ref: '#/components/schemas/Money' } },
    });
  });
});

describe('GET /api/docs/openapi.json', () => {
  let stack: Awaited<ReturnType<typeof startFakeServices>>;
  let gateway: RunningGateway;

  beforeAll(async () => {
    stack = await startFakeServices({ catalogue: { openapi: catalogueDoc }, store: { openapi: storeDoc } });
    gateway = await startGateway({ port: 0, host: '127.0.0.1', serviceUrls: stack.serviceUrls, logLevel: 'silent' });
  });

  afterAll(async () => {
    await gateway?.close();
    await stack?.close();
  });

  it("merges the services' documents, listing the ones that could not be fetched", async () => {
    const res = await request(`${gateway.url}/api/docs/openapi.json`);
    const doc = (await res.body.json()) as OpenApiDocument;
    expect(res.statusCode).toBe(200);
    expect(Object.keys(doc.paths!)).toEqual(['/api/catalogue/items/{id}', '/api/store/shops/{slug}']);
    expect(Object.keys(doc.components!.schemas)).toEqual(['ApiError', 'CatalogueMoney', 'ErrorBody', 'Item', 'Shop', 'StoreMoney']);
    expect(doc['x-unavailable-services']).toEqual(['cart-checkout', 'orders', 'accounts', 'messaging', 'marketing']);
  });

  it('serves Swagger UI from bundled files at /api/docs', async () => {
    const page = await request(`${gateway.url}/api/docs`);
    const html = await page.body.text();
    expect(page.statusCode).toBe(200);
    expect(html).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    const bundle = await request(`${gateway.url}/api/docs/assets/swagger-ui-bundle.js`);
    await bundle.body.dump();
    expect(bundle.statusCode).toBe(200);
    const init = await request(`${gateway.url}/api/docs/init.js`);
    expect(await init.body.text()).toContain('/api/docs/openapi.json');
    // Nothing else of the package is served.
    const other = await request(`${gateway.url}/api/docs/assets/package.json`);
    await other.body.dump();
    expect(other.statusCode).toBe(404);
  });
});
