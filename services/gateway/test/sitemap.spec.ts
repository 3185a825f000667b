import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'undici';
import type { ItemJson, ItemType } from '@vitrina/contracts';
import type { RunningGateway } from '../src/gateway.module.js';
import { startGateway } from './support/load-gateway.js';
import { startFakeServices } from './support/fake-services.js';
import { catalogueJson, itemJson, shopJson, startFakeStorefront, type FakeStorefront } from './support/storefront-fakes.js';

/** Issue 10 §3: sitemap.xml per shop (items, catalogues, listings; a sitemap index for large shops) and robots.txt. */
const PER_FILE = 10;

function items(prefix: string, type: ItemType, n: number): ItemJson[] {
  return Array.from({ length: n }, (_, i) => itemJson({ id: `${prefix}-${i + 1}`, type, owner: 'supplier-1', name: `${prefix} ${i + 1}` }));
}

// Small shop: home, /productos, /experiencias, /catalogos, 1 catalogue, 3 items = 8 URLs (one file).
const SMALL = [...items('p', 'product', 2), ...items('e', 'experience', 1)];
// Large shop: home, /productos, /servicios, /catalogos, 3 catalogues, 250 + 12 items = 269 URLs -> 27 files of 10.
const LARGE = [...items('big', 'product', 250), ...items('srv', 'service', 12)];

let fakes: FakeStorefront;
let others: Awaited<ReturnType<typeof startFakeServices>>;
let gateway: RunningGateway;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'vitrina-sitemap-'));
  await writeFile(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Vitrina</title></head><body><div id="root"></div></body></html>',
  );
  fakes = await startFakeStorefront({
    shops: [
      shopJson(),
      shopJson({ id: 'shop-2', slug: 'grande', owner: 'owner-2', name: 'Tienda Grande' }),
      shopJson({ id: 'shop-4', slug: 'sin-catalogo', owner: 'owner-4', name: 'Sin catálogo' }),
      shopJson({
        id: 'shop-3',
        slug: 'propia',
        owner: 'owner-3',
        name: 'Tienda Propia',
        host: 'tienda.example',
        canonical_url: 'https://tienda.example/',
      }),
    ],
    items: [],
    listings: { demo: SMALL, grande: LARGE, propia: items('own', 'digital', 1) },
    catalogues: {
      'owner-1': [catalogueJson({ name: 'A & B <verano>', slug: 'verano' })],
      'owner-2': ['uno', 'dos', 'tres'].map((slug, i) => catalogueJson({ id: `c${i}`, owner: 'owner-2', slug, name: slug })),
    },
  });
  others = await startFakeServices();
  gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    serviceUrls: { ...others.serviceUrls, store: fakes.storeUrl, catalogue: fakes.catalogueUrl },
    webDist,
    logLevel: 'silent',
    platformHosts: ['localhost', '127.0.0.1', 'vitrina.example'],
    sitemapUrlsPerFile: PER_FILE,
  });
});

afterAll(async () => {
  await gateway?.close();
  await others?.close();
  await fakes?.close();
  await rm(webDist, { recursive: true, force: true });
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await request(`${gateway.url}${path}`, { headers });
  return { status: res.statusCode, headers: res.headers, body: await res.body.text() };
}

/** The `<loc>`s of a sitemap or index, unescaped. */
function locsOf(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) =>
    m[1]
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );
}

describe("a shop's sitemap", () => {
  it('lists home, listings with items, catalogues and items, as canonical URLs with lastmod', async () => {
    const res = await get('/tienda/demo/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const base = `${gateway.url}/tienda/demo`;
    expect(locsOf(res.body)).toEqual([
      `${base}/`,
      `${base}/productos`,
      `${base}/experiencias`,
      `${base}/catalogos`,
      `${base}/catalogos/verano`,
      `${base}/productos/supplier-1/p-1`,
      `${base}/productos/supplier-1/p-2`,
      `${base}/experiencias/supplier-1/e-1`,
    ]);
    expect(res.body).toContain(`<url><loc>${base}/productos/supplier-1/p-1</loc><lastmod>2026-02-03T04:05:06.000Z</lastmod></url>`);
    expect(res.body).toContain(`<url><loc>${base}/catalogos/verano</loc><lastmod>2026-03-01T00:00:00.000Z</lastmod></url>`);
  });

  it('becomes a sitemap index over files of at most the configured size for a large shop, every URL once', async () => {
    const index = await get('/tienda/grande/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locsOf(index.body);
    expect(files).toHaveLength(27);
    expect(files[0]).toBe(`${gateway.url}/tienda/grande/sitemap-1.xml`);
    const all: string[] = [];
    for (const file of files) {
      const res = await get(new URL(file).pathname);
      expect(res.status).toBe(200);
      expect(res.body).toContain('<urlset');
      const locs = locsOf(res.body);
      expect(locs.length).toBeLessThanOrEqual(PER_FILE);
      all.push(...locs);
    }
    expect(all).toHaveLength(269);
    expect(new Set(all).size).toBe(269);
    const base = `${gateway.url}/tienda/grande`;
    expect(all.slice(0, 7)).toEqual([
      `${base}/`,
      `${base}/productos`,
      `${base}/servicios`,
      `${base}/catalogos`,
      `${base}/catalogos/uno`,
      `${base}/catalogos/dos`,
      `${base}/catalogos/tres`,
    ]);
    expect(all).toContain(`${base}/productos/supplier-1/big-250`);
    expect(all.at(-1)).toBe(`${base}/servicios/supplier-1/srv-12`);
    expect((await get('/tienda/grande/sitemap-28.xml')).status).toBe(404);
    expect((await get('/tienda/grande/sitemap-0.xml')).status).toBe(404);
  });

  it('escapes XML and answers 404 for an unknown shop and 503 when the catalogue cannot answer', async () => {
    expect((await get('/tienda/demo/sitemap.xml')).body).not.toContain('<verano>');
    expect((await get('/tienda/no-existe/sitemap.xml')).status).toBe(404);
    // A shop the store knows but the catalogue cannot list (its listing answers 404): no sitemap now, retry later.
    const res = await get('/tienda/sin-catalogo/sitemap.xml');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(JSON.parse(res.body)).toMatchObject({ code: 'service_unavailable' });
  });

  it("is served at the root of a shop's own host, with robots.txt pointing to it", async () => {
    const robots = await get('/robots.txt', { host: 'tienda.example' });
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: http://tienda.example/sitemap.xml');
    const sitemap = await get('/sitemap.xml', { host: 'tienda.example' });
    expect(sitemap.status).toBe(200);
    // URLs on the shop's canonical domain.
    expect(locsOf(sitemap.body)).toEqual([
      'https://tienda.example/',
      'https://tienda.example/digitales',
      'https://tienda.example/digitales/supplier-1/own-1',
    ]);
  });

  it("keeps the platform's robots.txt to the API and owners' pages, and has no sitemap at the platform's root", async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.body).toBe('User-agent: *\nDisallow: /api/\nDisallow: /tienda/*/admin/\n');
    expect((await get('/sitemap.xml')).status).toBe(404);
  });
});
