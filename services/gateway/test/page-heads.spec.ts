import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { request } from 'undici';
import type { RunningGateway } from '../src/gateway.module.js';
import { isPageRequest, shopPageOf } from '../src/web/shop-pages.js';
import { availabilityOf, currencyDigits, majorUnits } from '../src/web/page-head.js';
import { startGateway } from './support/load-gateway.js';
import { startFakeServices } from './support/fake-services.js';
import { catalogueJson, itemJson, shopJson, startFakeStorefront, type FakeStorefront } from './support/storefront-fakes.js';

/**
 * Issue 10 §3: every page outside /api answers the app with its own head whatever the Accept header; item pages
 * carry the item's title, description, image, canonical and a schema.org Product with its Offer; listings and
 * catalogues their own titles and canonicals; on the platform's host and on a shop's own host.
 */
const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Vitrina default" />
    <title>Vitrina</title>
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const HOSTILE_NAME = 'Jarra </script><script>alert(1)</script> "grande" & <b>barata</b>';
const ITEMS = [
  itemJson(),
  itemJson({ id: 'item-hostil', name: HOSTILE_NAME, description: '<p>Con <em>etiquetas</em></p></script>', photos: [] }),
  itemJson({
    id: 'item-agotado',
    name: 'Rebozo',
    type: 'product',
    sold_out: true,
    currency: 'CLP',
    list_price: '12990.00',
    list_price_minor: 1299000,
  }),
  itemJson({ id: 'item-sin-stock', name: 'Taza', available: 0, stock_type: 'onstock', currency: 'KWD', list_price_minor: 1995 }),
  itemJson({ id: 'taller-1', name: 'Taller de alebrijes', type: 'experience', available: null, stock_type: 'ondemand' }),
  itemJson({ id: 'precio-oculto', name: 'Pieza única', hide_price: true }),
];

let fakes: FakeStorefront;
let others: Awaited<ReturnType<typeof startFakeServices>>;
let gateway: RunningGateway;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'vitrina-page-heads-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app");');
  fakes = await startFakeStorefront({
    shops: [
      shopJson(),
      shopJson({
        id: 'shop-3',
        slug: 'propia',
        owner: 'owner-3',
        name: 'Tienda Propia',
        host: 'tienda.example',
        canonical_url: 'https://tienda.example/',
      }),
    ],
    items: ITEMS,
    listings: { demo: ITEMS },
    catalogues: {
      'owner-1': [catalogueJson()],
      'owner-3': [catalogueJson({ owner: 'owner-3', name: 'Otoño', slug: 'otono', photo: null })],
    },
  });
  others = await startFakeServices();
  gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    serviceUrls: { ...others.serviceUrls, store: fakes.storeUrl, catalogue: fakes.catalogueUrl },
    webDist,
    logLevel: 'silent',
    shopHeadTimeoutMs: 300,
    platformHosts: ['localhost', '127.0.0.1', 'vitrina.example'],
  });
});

afterAll(async () => {
  await gateway?.close();
  await others?.close();
  await fakes?.close();
  await rm(webDist, { recursive: true, force: true });
});

beforeEach(() => fakes.setCatalogueDelay(0));

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await request(`${gateway.url}${path}`, { headers });
  return { status: res.statusCode, headers: res.headers, body: await res.body.text() };
}

function headOf(html: string): string {
  return html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
}

/** The JSON-LD blocks of a page, parsed. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
}

function productOf(html: string): Record<string, unknown> {
  const product = jsonLdOf(html).find((ld) => ld['@type'] === 'Product');
  expect(product).toBeDefined();
  return product!;
}

describe('pages answer the app whatever the Accept header', () => {
  const ACCEPTS: Record<string, Record<string, string>> = {
    'no Accept (plain curl)': {},
    'Accept: */*': { accept: '*/*' },
    'Accept: application/json': { accept: 'application/json' },
    'a link-preview bot': { accept: '*/*', 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
  };
  for (const [label, headers] of Object.entries(ACCEPTS)) {
    it(`serves shop pages as HTML with their head to ${label}`, async () => {
      for (const [path, title] of [
        ['/tienda/demo/', 'Bazar de Daniela'],
        ['/tienda/demo/productos', 'Productos | Bazar de Daniela'],
        ['/tienda/demo/catalogos', 'Catálogos | Bazar de Daniela'],
        ['/tienda/demo/catalogos/verano', 'Verano | Bazar de Daniela'],
        ['/tienda/demo/productos/supplier-1/item-1', 'Jarra de barro negro | Bazar de Daniela'],
      ]) {
        const res = await get(path, headers);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(headOf(res.body)).toContain(`<title>${title}</title>`);
        expect(res.body).toContain('<div id="root"></div>');
      }
    });
  }

  it('still answers the API, missing assets and missing files with a plain 404, whatever the Accept header', async () => {
    for (const accept of ['*/*', 'text/html']) {
      for (const path of ['/assets/index-missing.js', '/tienda/demo/logo.png', '/favicon.ico', '/api/nope']) {
        const res = await get(path, { accept });
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.body).not.toContain('<div id="root">');
      }
    }
    // An existing asset is the asset.
    const asset = await get('/assets/index-abc123.js', { accept: '*/*' });
    expect(asset.status).toBe(200);
    expect(asset.body).toBe('console.log("app");');
  });

  it('tells pages from files by their path', () => {
    expect(isPageRequest('GET', '/tienda/demo/productos?page=2')).toBe(true);
    expect(isPageRequest('HEAD', '/tienda/demo/productos/o/i')).toBe(true);
    expect(isPageRequest('GET', '/preferencias')).toBe(true);
    expect(isPageRequest('POST', '/tienda/demo/')).toBe(false);
    expect(isPageRequest('GET', '/api/catalogue/items')).toBe(false);
    expect(isPageRequest('GET', '/assets/chunk')).toBe(false);
    expect(isPageRequest('GET', '/logo.PNG?v=1')).toBe(false);
    expect(shopPageOf('/servicios/o%2F1/i-1/')).toEqual({ kind: 'item', type: 'service', owner: 'o/1', item: 'i-1' });
    expect(shopPageOf('/experiencias')).toEqual({ kind: 'listing', type: 'experience' });
    expect(shopPageOf('/admin/configuracion')).toEqual({
      kind: 'titled',
      path: '/admin/configuracion',
      title: 'Configuración de la tienda',
      index: false,
    });
    expect(shopPageOf('/productos/o')).toEqual({ kind: 'unknown' });
    // the shopper's and seller's own pages, with what is under them: found, never indexed
    expect(shopPageOf('/mis-compras/o-1/imprimir')).toEqual({
      kind: 'titled',
      path: '/mis-compras/o-1/imprimir',
      title: 'Mis compras',
      index: false,
    });
    expect(shopPageOf('/admin/ordenes')).toEqual({ kind: 'titled', path: '/admin/ordenes', title: 'Órdenes', index: false });
    expect(shopPageOf('/pagado/c-1')).toMatchObject({ kind: 'titled', index: false });
    expect(shopPageOf('/carrito')).toMatchObject({ kind: 'titled', index: false });
    expect(shopPageOf('/mis-comprasx')).toEqual({ kind: 'unknown' });
  });
});

describe('item pages', () => {
  it("carry the item's title, description, image, canonical and a Product with its Offer", async () => {
    const res = await get('/tienda/demo/productos/supplier-1/item-1?utm_source=x&fbclid=y', { accept: '*/*' });
    expect(res.status).toBe(200);
    const head = headOf(res.body);
    const origin = gateway.url;
    const canonical = `${origin}/tienda/demo/productos/supplier-1/item-1`;
    expect(head).toContain('<title>Jarra de barro negro | Bazar de Daniela</title>');
    expect(head).not.toContain('<title>Vitrina</title>');
    expect(head).toContain('<meta name="description" content="Jarra de barro negro de San Bartolo Coyotepec, hecha a mano." />');
    expect(head).not.toContain('Vitrina default');
    expect(head).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(head).toContain('<meta property="og:type" content="product" />');
    expect(head).toContain('<meta property="og:title" content="Jarra de barro negro" />');
    expect(head).toContain(`<meta property="og:url" content="${canonical}" />`);
    expect(head).toContain(`<meta property="og:image" content="${origin}/api/gallery/files/jarra.jpg" />`);
    expect(head).toContain('<meta property="product:price:amount" content="1299.50" />');
    expect(head).toContain('<meta property="product:price:currency" content="MXN" />');
    expect(productOf(res.body)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      '@id': canonical,
      name: 'Jarra de barro negro',
      description: 'Jarra de barro negro de San Bartolo Coyotepec, hecha a mano.',
      url: canonical,
      sku: 'item-1',
      image: [`${origin}/api/gallery/files/jarra.jpg`, 'https://cdn.example/jarra-2.jpg'],
      brand: { '@type': 'Brand', name: 'Alfarería Oaxaca' },
      offers: {
        '@type': 'Offer',
        url: canonical,
        price: '1299.50',
        priceCurrency: 'MXN',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'Organization', name: 'Bazar de Daniela' },
      },
    });
  });

  it("price in the currency's own digits and availability from the stock", async () => {
    const soldOut = productOf((await get('/tienda/demo/productos/supplier-1/item-agotado')).body);
    expect(soldOut.offers).toMatchObject({ price: '12990', priceCurrency: 'CLP', availability: 'https://schema.org/OutOfStock' });
    const empty = productOf((await get('/tienda/demo/productos/supplier-1/item-sin-stock')).body);
    expect(empty.offers).toMatchObject({ price: '19.950', priceCurrency: 'KWD', availability: 'https://schema.org/OutOfStock' });
    // Another kind of item, at its own path: an experience made on demand is available.
    const workshop = await get('/tienda/demo/experiencias/supplier-1/taller-1');
    expect(headOf(workshop.body)).toContain(`<link rel="canonical" href="${gateway.url}/tienda/demo/experiencias/supplier-1/taller-1" />`);
    expect(productOf(workshop.body).offers).toMatchObject({ availability: 'https://schema.org/InStock' });
    // A hidden price has no Offer (an Offer without a price is not one).
    const hidden = await get('/tienda/demo/productos/supplier-1/precio-oculto');
    expect(productOf(hidden.body).offers).toBeUndefined();
    expect(hidden.body).not.toContain('product:price:amount');

    expect(majorUnits(19950, 2)).toBe('199.50');
    expect(majorUnits(129950, 0)).toBe('1300');
    expect(majorUnits(129949, 0)).toBe('1299');
    expect(majorUnits(5, 2)).toBe('0.05');
    expect(majorUnits(1995, 3)).toBe('19.950');
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('nope')).toBe(2);
    expect(
      availabilityOf({
        sold_out: false,
        concluded: true,
        experience_available: false,
        type: 'experience',
        stock_type: 'ondemand',
        available: null,
      }),
    ).toBe('OutOfStock');
  });

  it('escapes everything: a </script> in an item name stays inside its text and its JSON', async () => {
    const res = await get('/tienda/demo/productos/supplier-1/item-hostil');
    expect(res.status).toBe(200);
    const head = headOf(res.body);
    expect(head).toContain(
      '<title>Jarra &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;grande&quot; &amp; &lt;b&gt;barata&lt;/b&gt; | Bazar de Daniela</title>',
    );
    // Only the page's own scripts: the module and the JSON-LD (no alert script came from the name).
    expect(res.body.match(/<script\b/g)).toHaveLength(2);
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(res.body).not.toContain('<script>alert');
    const product = productOf(res.body);
    expect(product.name).toBe(HOSTILE_NAME);
    // The description is text: tags dropped.
    expect(product.description).toBe('Con etiquetas');
  });

  it('answers an unknown item with 404, the shop around it and noindex', async () => {
    const res = await get('/tienda/demo/productos/supplier-1/no-existe', { accept: '*/*' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const head = headOf(res.body);
    expect(head).toContain('<meta name="robots" content="noindex" />');
    expect(head).toContain('Bazar de Daniela');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it("keeps the shop's head, 200, when the catalogue does not answer in time", async () => {
    fakes.setCatalogueDelay(2_000);
    const res = await get('/tienda/demo/productos/supplier-1/item-3-lento');
    expect(res.status).toBe(200);
    expect(headOf(res.body)).toContain('<title>Bazar de Daniela</title>');
  });
});

describe('listings, catalogues and other pages', () => {
  it('give each its own title and canonical (a page number kept, sort and tracking dropped)', async () => {
    const origin = gateway.url;
    const listing = headOf((await get('/tienda/demo/servicios?page=3&sort=-list_price&gclid=z')).body);
    expect(listing).toContain('<title>Servicios | Bazar de Daniela</title>');
    expect(listing).toContain(`<link rel="canonical" href="${origin}/tienda/demo/servicios?page=3" />`);
    const catalogue = headOf((await get('/tienda/demo/catalogos/verano')).body);
    expect(catalogue).toContain('<title>Verano | Bazar de Daniela</title>');
    expect(catalogue).toContain(`<link rel="canonical" href="${origin}/tienda/demo/catalogos/verano" />`);
    expect(catalogue).toContain(`<meta property="og:image" content="${origin}/api/gallery/files/verano.jpg" />`);
    const missing = await get('/tienda/demo/catalogos/no-existe');
    expect(missing.status).toBe(404);
    const search = headOf((await get('/tienda/demo/buscar?text=jarra')).body);
    expect(search).toContain('<title>Buscar en la tienda | Bazar de Daniela</title>');
    expect(search).toContain('<meta name="robots" content="noindex" />');
    const unknown = await get('/tienda/demo/no/existe');
    expect(unknown.status).toBe(404);
    expect(headOf(unknown.body)).toContain('<meta name="robots" content="noindex" />');
  });

  it("on a shop's own host: root paths, canonical on its canonical domain, and the shop-host meta", async () => {
    const res = await get('/catalogos/otono', { host: 'tienda.example' });
    expect(res.status).toBe(200);
    const head = headOf(res.body);
    expect(head).toContain('<title>Otoño | Tienda Propia</title>');
    expect(head).toContain('<link rel="canonical" href="https://tienda.example/catalogos/otono" />');
    expect(head).toContain('<meta name="vitrina:shop-host" content="propia" />');
    const item = await get('/productos/supplier-1/item-1', { host: 'tienda.example', accept: '*/*' });
    expect(item.status).toBe(200);
    expect(headOf(item.body)).toContain('<link rel="canonical" href="https://tienda.example/productos/supplier-1/item-1" />');
    expect(productOf(item.body).offers).toMatchObject({
      url: 'https://tienda.example/productos/supplier-1/item-1',
      seller: { '@type': 'Organization', name: 'Tienda Propia' },
    });
    // A {slug}.{platform host} shop without a canonical URL: canonical on that host.
    const sub = await get('/productos/supplier-1/item-1', { host: 'demo.vitrina.example' });
    expect(headOf(sub.body)).toContain('<link rel="canonical" href="http://demo.vitrina.example/productos/supplier-1/item-1" />');
    // The platform's own pages on a shop's host keep the shop's head, 200.
    const activate = await get('/activate/abc', { host: 'tienda.example' });
    expect(activate.status).toBe(200);
    expect(headOf(activate.body)).toContain('<title>Tienda Propia</title>');
  });
});
