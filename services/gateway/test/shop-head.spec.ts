import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'undici';
import type { ShopJson } from '@vitrina/contracts';
import type { RunningGateway } from '../src/gateway.module.js';
import { createShopHeadRenderer, jsonForScript, platformSubdomainOf, shopRefOf } from '../src/web/shop-head.js';
import { startGateway } from './support/load-gateway.js';
import { closedUrl, startFakeServices } from './support/fake-services.js';

const INLINE_SCRIPT = "document.documentElement.dataset.theme = 'light';";
const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Vitrina default" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Vitrina</title>
    <script>${INLINE_SCRIPT}</script>
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

function shop(overrides: Partial<ShopJson>): ShopJson {
  return {
    id: 'shop-1',
    slug: 'demo',
    owner: 'owner-1',
    name: 'Bazar de Daniela',
    photo: '/api/gallery/files/logo.png',
    photo_display: 'cir',
    hidden_store_name: false,
    hidden_search_bar: false,
    hidden_affinity_xheader: false,
    store_type: 'others',
    is_proxy: false,
    state: 'published',
    canonical_url: null,
    canonical_domain: null,
    domain: null,
    protocol: 'https',
    host: null,
    signup_plan: null,
    fb_pixel: null,
    live_chat_license: null,
    whatsapp_phone: null,
    whatsapp_country_code: null,
    contact_email: 'demo@vitrina.local',
    contact_phone: '5512345678',
    contact_country_code: '52',
    permissions: [],
    about_entry_id: null,
    seo_description: 'Artesanías mexicanas y café de altura.',
    favicon: null,
    bgcolor: null,
    darkmode: false,
    hidden_darkmode: false,
    adornment_type: null,
    footer_bg: null,
    footer_fg: null,
    footer_style: 'simple',
    users_support_url: null,
    franchise_support_url: null,
    affiliate_support_url: null,
    facebook: 'vitrinademo',
    instagram: null,
    twitter: null,
    youtube: null,
    twitch: null,
    kick: null,
    discord: 'https://discord.gg/vitrina-demo',
    dssupplier: null,
    dssupplier_banner: false,
    supplier_card: false,
    slider: true,
    header: true,
    user_info: { user_level: null, is_owner: false },
    root_affinity_store_info: null,
    store_theme_info: {
      theme: '03',
      color1: null,
      color2: null,
      columns: 2,
      signup_form: 'basic',
      sections_info: [],
      slider_info: [],
      header_info: [],
    },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const HOSTILE = `</title><script>alert("x")</script><!-- & 'quoted' $' $&`;
const SHOPS: ShopJson[] = [
  shop({}),
  shop({
    id: 'shop-2',
    slug: 'hostil',
    name: HOSTILE,
    seo_description: null,
    photo: 'javascript:alert(1)',
    favicon: 'https://cdn.example/fav.png">',
    canonical_url: null,
  }),
  shop({
    id: 'shop-3',
    slug: 'propia',
    name: 'Tienda Propia',
    host: 'tienda.example',
    canonical_url: 'https://tienda.example/',
    favicon: '/api/gallery/files/fav.png',
    seo_description: null,
  }),
  shop({
    id: 'shop-4',
    slug: 'carrusel',
    name: 'Tienda con banners',
    store_theme_info: {
      ...shop({}).store_theme_info,
      slider_info: [1, 2].map((n) => ({
        id: `banner-${n}`,
        hzt_image: `/api/gallery/files/0193000${n}-0000-7000-8000-00000000000a.jpg`,
        hzt_image_id: null,
        vrt_image: n === 1 ? '/api/gallery/files/01930001-0000-7000-8000-00000000000b.png' : '',
        vrt_image_id: null,
        product: null,
        supplier: null,
        url: null,
        url_target: false,
        target: 'all' as const,
        action_type: 'none' as const,
        position: n,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })),
    },
  }),
];

/** A stand-in for the store service's shop loads, counting requests. */
let store: FastifyInstance;
let storeUrl: string;
let storeCalls: string[] = [];
let storeDown = false;
let storeDelayMs = 0;

let others: Awaited<ReturnType<typeof startFakeServices>>;
let gateway: RunningGateway;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'vitrina-web-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app");');
  store = Fastify();
  store.addHook('onRequest', async (req, reply) => {
    storeCalls.push(req.url);
    if (storeDelayMs) await new Promise((r) => setTimeout(r, storeDelayMs));
    if (storeDown) return reply.status(503).send({ code: 'service_unavailable', message: 'down' });
  });
  store.get<{ Params: { slug: string } }>('/store/shops/by-slug/:slug', async (req, reply) => {
    const found = SHOPS.find((s) => s.slug === req.params.slug);
    return found ?? reply.status(404).send({ code: 'shop_not_found', message: 'No such shop' });
  });
  store.get<{ Params: { host: string } }>('/store/shops/by-host/:host', async (req, reply) => {
    const found = SHOPS.find((s) => s.host === req.params.host);
    return found ?? reply.status(404).send({ code: 'shop_not_found', message: 'No such shop' });
  });
  storeUrl = await store.listen({ port: 0, host: '127.0.0.1' });
  others = await startFakeServices();
  gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    serviceUrls: { ...others.serviceUrls, store: storeUrl },
    webDist,
    logLevel: 'silent',
    shopHeadTimeoutMs: 300,
    platformHosts: ['localhost', '127.0.0.1', 'vitrina.example'],
  });
});

afterAll(async () => {
  await gateway?.close();
  await others?.close();
  await store?.close();
  await rm(webDist, { recursive: true, force: true });
});

beforeEach(() => {
  storeCalls = [];
  storeDown = false;
  storeDelayMs = 0;
});

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await request(`${gateway.url}${path}`, { headers: { accept: 'text/html', ...headers } });
  return { status: res.statusCode, headers: res.headers, html: await res.body.text() };
}

function headOf(html: string): string {
  return html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
}

function jsonLdOf(html: string): Record<string, unknown> {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]) as Record<string, unknown>;
}

describe("a shop's head, rendered by the server", () => {
  it('puts title, description, canonical, Open Graph and LocalBusiness JSON-LD into /tienda/{slug}/', async () => {
    const res = await page('/tienda/demo/');
    expect(res.status).toBe(200);
    const head = headOf(res.html);
    expect(head).toContain('<title>Bazar de Daniela</title>');
    expect(head).not.toContain('<title>Vitrina</title>');
    expect(head).toContain('<meta name="description" content="Artesanías mexicanas y café de altura." />');
    expect(head).not.toContain('Vitrina default');
    const origin = gateway.url;
    expect(head).toContain(`<link rel="canonical" href="${origin}/tienda/demo/" />`);
    expect(head).toContain('<meta property="og:type" content="website" />');
    expect(head).toContain('<meta property="og:title" content="Bazar de Daniela" />');
    expect(head).toContain('<meta property="og:description" content="Artesanías mexicanas y café de altura." />');
    expect(head).toContain(`<meta property="og:url" content="${origin}/tienda/demo/" />`);
    expect(head).toContain(`<meta property="og:image" content="${origin}/api/gallery/files/logo.png" />`);
    // No favicon of its own: the app's stays.
    expect(head).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(jsonLdOf(res.html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      '@id': `${origin}/tienda/demo/`,
      name: 'Bazar de Daniela',
      description: 'Artesanías mexicanas y café de altura.',
      url: `${origin}/tienda/demo/`,
      image: `${origin}/api/gallery/files/logo.png`,
      logo: `${origin}/api/gallery/files/logo.png`,
      telephone: '+52 5512345678',
      email: 'demo@vitrina.local',
      sameAs: ['https://www.facebook.com/vitrinademo', 'https://discord.gg/vitrina-demo'],
    });
    // The app itself is untouched.
    expect(res.html).toContain('<div id="root"></div>');
    expect(res.html).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
  });

  it("preloads the shop home's first banner, the variants and sizes the carousel asks for, one link per art-directed source", async () => {
    const head = headOf((await page('/tienda/carrusel/')).html);
    const links = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(links).toHaveLength(2);
    const phone = '/api/gallery/files/01930001-0000-7000-8000-00000000000b';
    const wide = '/api/gallery/files/01930001-0000-7000-8000-00000000000a';
    expect(links[0]).toContain(
      `imagesrcset="${phone}-320.webp 320w, ${phone}-640.webp 640w, ${phone}-1280.webp 1280w, ${phone}-2048.webp 2048w"`,
    );
    expect(links[0]).toContain('imagesizes="100vw" media="(max-width: 47.99em)"');
    expect(links[1]).toContain(`imagesrcset="${wide}-320.webp 320w`);
    expect(links[1]).toContain('imagesizes="(max-width: 75em) 100vw, 1200px" media="(min-width: 48em)"');
    expect(links[1]).toContain('fetchpriority="high"');
    // Not on other pages, not for a shop without banners, not for a signed-in visitor (their level may see others).
    expect((await page('/tienda/carrusel/productos')).html).not.toContain('rel="preload" as="image"');
    expect((await page('/tienda/demo/')).html).not.toContain('rel="preload" as="image"');
    expect((await page('/tienda/carrusel/', { cookie: 'locale=es; has_session=1' })).html).not.toContain('rel="preload" as="image"');
  });

  it("paints the shop home's bar and first banner from the server until the app replaces them, for the same visitors", async () => {
    const html = (await page('/tienda/carrusel/')).html;
    const shell = html.slice(html.indexOf('<div id="vt-first-paint"'), html.indexOf('<div id="root">'));
    expect(shell).toContain('aria-hidden="true"');
    expect(shell).toContain('<span>Tienda con banners</span>');
    // The carousel's own file: the same variants and sizes, the phone's vertical image through <source media>.
    expect(shell).toContain(
      '<source media="(max-width: 47.99em)" srcset="/api/gallery/files/01930001-0000-7000-8000-00000000000b-320.webp 320w',
    );
    expect(shell).toContain('sizes="(max-width: 75em) 100vw, 1200px" fetchpriority="high"');
    expect(shell).toContain('pointer-events:none');
    expect(html.indexOf('<div id="vt-first-paint"')).toBeLessThan(html.indexOf('<div id="root"></div>'));
    for (const other of [
      await page('/tienda/carrusel/productos'),
      await page('/tienda/demo/'),
      await page('/tienda/carrusel/', { cookie: 'has_session=1' }),
      await page('/tienda/hostil/'),
    ]) {
      expect(other.html).not.toContain('vt-first-paint');
    }
  });

  it('renders the head on every page of the shop, canonical without tracking parameters', async () => {
    const res = await page('/tienda/demo/productos?page=2&gclid=abc&utm_source=x');
    expect(res.status).toBe(200);
    // Each page its own title (page-heads.spec.ts has the rest).
    expect(res.html).toContain('<title>Productos | Bazar de Daniela</title>');
    expect(res.html).toContain(`<link rel="canonical" href="${gateway.url}/tienda/demo/productos?page=2" />`);
  });

  it('escapes hostile values: nothing a shop owner types can close the title or open a script', async () => {
    const res = await page('/tienda/hostil/');
    expect(res.status).toBe(200);
    const head = headOf(res.html);
    const escaped = '&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;!-- &amp; &#39;quoted&#39; $&#39; $&amp;';
    expect(head).toContain(`<title>${escaped}</title>`);
    expect(head).toContain(`<meta name="description" content="Bienvenido a ${escaped}" />`);
    expect(head).toContain(`<meta property="og:title" content="${escaped}" />`);
    // Exactly the page's own scripts (theme, module, JSON-LD): none came from the name.
    expect(res.html.match(/<script\b/g)).toHaveLength(3);
    expect(res.html.match(/<\/script>/g)).toHaveLength(3);
    expect(head).not.toContain('alert("x")');
    // A javascript: photo is dropped; a favicon URL with a quote stays inside its attribute.
    expect(head).not.toContain('javascript:');
    expect(head).not.toContain('og:image');
    expect(head).toContain('<link rel="icon" href="https://cdn.example/fav.png%22%3E" />');
    expect(head).not.toContain('/favicon.svg');
    // The JSON-LD is still valid JSON with the exact name, and has no "<" that could end its script.
    const ld = jsonLdOf(res.html);
    expect(ld.name).toBe(HOSTILE);
    expect(ld.description).toBe(`Bienvenido a ${HOSTILE}`);
    expect(jsonForScript({ s: '</script><!--' })).toBe('{"s":"\\u003c/script\\u003e\\u003c!--"}');
  });

  it('keeps the CSP as it was: the JSON-LD data block is not executed, so it needs no hash', async () => {
    const res = await page('/tienda/demo/');
    const csp = String(res.headers['content-security-policy']);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp.match(/'sha256-/g)).toHaveLength(1);
  });

  it('answers an unknown shop with 404 and the app (which shows its not-found page)', async () => {
    const res = await page('/tienda/no-existe/productos');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.html).toContain('<div id="root"></div>');
    expect(res.html).toContain('<title>Vitrina</title>');
  });

  it('falls back to the default head, 200, when the store fails or is too slow', async () => {
    storeDown = true;
    const down = await page('/tienda/caida/');
    expect(down.status).toBe(200);
    expect(down.html).toContain('<title>Vitrina</title>');
    expect(down.html).toContain('<div id="root"></div>');
    storeDown = false;
    storeDelayMs = 10_000;
    const started = Date.now();
    const slow = await page('/tienda/lenta/');
    expect(slow.status).toBe(200);
    expect(slow.html).toContain('<title>Vitrina</title>');
    expect(Date.now() - started).toBeLessThan(8_000); // the store answers only after 10 s
  });

  it('falls back to the default head when the store is not running at all', async () => {
    const alone = await startGateway({
      port: 0,
      host: '127.0.0.1',
      serviceUrls: { ...others.serviceUrls, store: await closedUrl() },
      webDist,
      logLevel: 'silent',
    });
    try {
      const res = await request(`${alone.url}/tienda/demo/`, { headers: { accept: 'text/html' } });
      const html = await res.body.text();
      expect(res.statusCode).toBe(200);
      expect(html).toContain('<title>Vitrina</title>');
    } finally {
      await alone.close();
    }
  });

  it('caches shops (and unknown slugs) instead of asking the store on every page', async () => {
    await page('/tienda/demo/');
    await page('/tienda/demo/servicios');
    await page('/tienda/no-hay/');
    await page('/tienda/no-hay/');
    expect(storeCalls.filter((u) => u === '/store/shops/by-slug/demo')).toHaveLength(0); // cached by the first test
    expect(storeCalls.filter((u) => u === '/store/shops/by-slug/no-hay')).toHaveLength(1);
  });

  it("serves a shop's own host at the root with that shop's head, looked up by host", async () => {
    const res = await page('/', { host: 'Tienda.Example:8443' });
    expect(res.status).toBe(200);
    expect(res.headers.vary).toMatch(/host/i);
    expect(storeCalls).toContain('/store/shops/by-host/tienda.example');
    const head = headOf(res.html);
    expect(head).toContain('<title>Tienda Propia</title>');
    expect(head).toContain('<meta name="description" content="Bienvenido a Tienda Propia" />');
    expect(head).toContain('<link rel="canonical" href="https://tienda.example/" />');
    expect(head).toContain('<link rel="icon" href="http://tienda.example:8443/api/gallery/files/fav.png" />');
    const inner = await page('/productos?gclid=1', { host: 'tienda.example' });
    expect(inner.html).toContain('<link rel="canonical" href="https://tienda.example/productos" />');
  });

  it("answers an unknown host with a not-found page (not the app), and leaves the platform's own hosts and IP addresses alone", async () => {
    const unknown = await page('/', { host: 'nadie.example' });
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('<title>Tienda no encontrada</title>');
    expect(unknown.html).toContain('nadie.example');
    expect(unknown.html).not.toContain('<div id="root"></div>');
    expect(unknown.html).not.toContain(META);
    storeCalls = [];
    for (const host of ['vitrina.example', 'localhost:3000', '10.0.0.7:3000']) {
      const res = await page('/ayuda', { host });
      expect(res.status).toBe(200);
      expect(res.html).toContain('<title>Vitrina</title>');
    }
    expect(storeCalls).toEqual([]);
  });
});

const META = 'name="vitrina:shop-host"';

describe("a shop on its own host (spec 1 §2 'Shop paths': pages at the root)", () => {
  it('tells the app which shop the host serves, beside the shop head, on a domain of its own', async () => {
    for (const [path, title] of [
      ['/', 'Tienda Propia'],
      ['/catalogos?gclid=x', 'Catálogos | Tienda Propia'],
    ] as const) {
      const res = await page(path, { host: 'tienda.example' });
      expect(res.status).toBe(200);
      const head = headOf(res.html);
      expect(head).toContain('<meta name="vitrina:shop-host" content="propia" />');
      expect(head).toContain(`<title>${title}</title>`);
      expect(res.html).toContain('<div id="root"></div>');
    }
  });

  it('serves {slug}.{platform host} as the shop of that slug, canonical on that host', async () => {
    const res = await page('/productos?page=2&utm_source=x', { host: 'demo.vitrina.example' });
    expect(res.status).toBe(200);
    expect(res.headers.vary).toMatch(/host/i);
    expect(storeCalls.some((u) => u.startsWith('/store/shops/by-host/'))).toBe(false);
    const head = headOf(res.html);
    expect(head).toContain('<meta name="vitrina:shop-host" content="demo" />');
    expect(head).toContain('<title>Productos | Bazar de Daniela</title>');
    expect(head).toContain('<link rel="canonical" href="http://demo.vitrina.example/productos?page=2" />');
    // The platform's default `localhost` has sub-domains too (browsers resolve *.localhost locally).
    expect(headOf((await page('/', { host: 'demo.localhost:3000' })).html)).toContain('<meta name="vitrina:shop-host" content="demo" />');
  });

  it("writes no shop-host meta on the platform's hosts, nor for /tienda/{slug}/ pages", async () => {
    for (const [path, host] of [
      ['/tienda/demo/', 'localhost:3000'],
      ['/tienda/demo/productos', 'vitrina.example'],
      ['/', 'vitrina.example'],
      ['/tienda/demo/', 'tienda.example'],
    ] as const) {
      const res = await page(path, { host });
      expect(res.status).toBe(200);
      expect(res.html).not.toContain(META);
    }
    expect((await page('/tienda/demo/', { host: 'localhost' })).html).toContain('<title>Bazar de Daniela</title>');
  });

  it('answers a sub-domain that is no shop with the not-found page, never another shop', async () => {
    const res = await page('/productos', { host: 'no-existe.vitrina.example' });
    expect(res.status).toBe(404);
    expect(res.html).toContain('<title>Tienda no encontrada</title>');
    expect(res.html).not.toContain(META);
    expect(res.html).not.toContain('Bazar de Daniela');
  });

  it('keeps the fallback when the store is too slow: a sub-domain still names its shop, a domain of its own asks to retry', async () => {
    storeDelayMs = 10_000;
    const started = Date.now();
    const sub = await page('/', { host: 'lenta.vitrina.example' });
    expect(Date.now() - started).toBeLessThan(8_000); // the store answers only after 10 s
    expect(sub.status).toBe(200);
    expect(sub.html).toContain('<title>Vitrina</title>');
    expect(sub.html).toContain('<meta name="vitrina:shop-host" content="lenta" />');
    const own = await page('/', { host: 'lenta.example' });
    expect(own.status).toBe(503);
    expect(own.headers['retry-after']).toBe('5');
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.html).not.toContain(META);
    expect(own.html).not.toContain('<div id="root"></div>');
  });

  it('reads the shop from the host: sub-domains of platform hosts by slug, other hosts by host', () => {
    const platform = new Set(['localhost', '127.0.0.1', 'vitrina.example', 'www.vitrina.example']);
    const ref = (hostname: string, url = '/') => shopRefOf({ hostname, url } as never, platform);
    expect(ref('demo.vitrina.example')).toEqual({ slug: 'demo', ownHost: true });
    expect(ref('Demo.Localhost')).toEqual({ slug: 'demo', ownHost: true });
    expect(ref('www.vitrina.example')).toBeUndefined();
    expect(ref('a.demo.vitrina.example')).toEqual({ host: 'a.demo.vitrina.example' });
    expect(ref('tienda.example')).toEqual({ host: 'tienda.example' });
    expect(ref('x.127.0.0.1')).toEqual({ host: 'x.127.0.0.1' });
    expect(ref('[::1]')).toBeUndefined();
    expect(ref('tienda.example', '/tienda/otra/productos')).toEqual({ slug: 'otra' });
    expect(platformSubdomainOf('demo.vitrina.example', platform)).toBe('demo');
    expect(platformSubdomainOf('vitrina.example', platform)).toBeUndefined();
  });
});

describe('createShopHeadRenderer', () => {
  const fakeRequest = { protocol: 'https', host: 'vitrina.example', url: '/tienda/demo/' } as never;

  it('expires cached shops after the TTL, evicts the least recently used, and shares one request per shop', async () => {
    let clock = 0;
    const calls: string[] = [];
    const render = createShopHeadRenderer({
      now: () => clock,
      ttlMs: 1_000,
      maxEntries: 2,
      fetchShop: async (ref) => {
        const slug = 'slug' in ref ? ref.slug : ref.host;
        calls.push(slug);
        await new Promise((r) => setTimeout(r, 5));
        return { found: true, shop: shop({ slug, name: slug }) };
      },
    });
    await Promise.all([render({ slug: 'a' }, fakeRequest), render({ slug: 'a' }, fakeRequest)]);
    expect(calls).toEqual(['a']);
    await render({ slug: 'b' }, fakeRequest);
    await render({ slug: 'a' }, fakeRequest); // a is now the most recent
    await render({ slug: 'c' }, fakeRequest); // evicts b
    await render({ slug: 'a' }, fakeRequest);
    await render({ slug: 'b' }, fakeRequest);
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
    clock = 1_001;
    const rendered = await render({ slug: 'a' }, fakeRequest);
    expect(calls).toEqual(['a', 'b', 'c', 'b', 'a']);
    expect(rendered?.head).toContain('<title>a</title>');
  });

  it('does not cache failures', async () => {
    let fail = true;
    let calls = 0;
    const render = createShopHeadRenderer({
      fetchShop: async () => {
        calls++;
        if (fail) throw new Error('down');
        return { found: true, shop: shop({}) };
      },
    });
    expect(await render({ slug: 'demo' }, fakeRequest)).toBeUndefined();
    fail = false;
    expect((await render({ slug: 'demo' }, fakeRequest))?.status).toBe(200);
    expect(calls).toBe(2);
  });
});
