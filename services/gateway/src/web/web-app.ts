import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCodes } from '@vitrina/contracts';
import type { CatalogueReads } from './catalogue-reads.js';
import { IndexHtml } from './index-html.js';
import { fetchItemData, renderPageHead, shopUrls } from './page-head.js';
import {
  escapeHtml,
  firstBannerPreload,
  firstPaintShell,
  injectHead,
  isOwnHost,
  normaliseHost,
  shopHostMeta,
  shopRefOf,
  type RenderShopHead,
  type ShopRef,
} from './shop-head.js';
import { isPageRequest, isPlatformRootPath, shopPageOf } from './shop-pages.js';
import { createSitemaps, robotsTxt } from './sitemap.js';

/**
 * Headers that only a document (or a frame) acts on. A hashed script or stylesheet is a subresource: the browser
 * ignores its CSP, frame, referrer and HSTS headers, and `immutable` caching makes Last-Modified useless. Over
 * HTTP/1.1 they are repeated uncompressed on every file: ~750 bytes each, about 15 KB of the shop home's 20 JS and
 * CSS files on a phone (bench/shop-home-weight.mjs). nosniff, CORP, Vary and the request id stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'last-modified',
];

export interface WebAppOptions {
  /** The built web app (web/dist); when it has no index.html, a page says how to build it. */
  webDist?: string;
  renderShopHead: RenderShopHead;
  /** Hosts of the platform itself (lower case, no port); a page on any other host is looked up as a shop's own host. */
  platformHosts: readonly string[];
  /**
   * The catalogue's public data for item and catalogue heads and sitemaps (catalogue-reads.ts). Without it,
   * those pages keep the shop's head and sitemaps answer 503.
   */
  catalogue?: CatalogueReads;
  /** URLs per sitemap file before a shop's sitemap.xml becomes an index (default 50,000, the protocol's most). */
  sitemapUrlsPerFile?: number;
}

export interface WebApp {
  /** Inline-script hashes for the CSP (empty until index.html is first read). */
  readonly scriptHashes: () => readonly string[];
  /** Answers a GET for a page of the app (any path the router did not match): index.html, 200. */
  serveApp(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * Serves web/dist: hashed files under /assets/ are cached for a year (their names change with their content),
 * everything else revalidates; a file with a `.br` or `.gz` sibling made at build time (web/scripts/precompress.mjs)
 * is sent compressed to a client that accepts it (Content-Encoding, `Vary: Accept-Encoding`). index.html itself
 * is served by `serveApp` for every page of the app (SPA fallback, whatever the Accept header), with a shop's
 * head on `/tienda/{slug}/...` and on a shop's own host, and each shop page's own head (page-head.ts): an item,
 * a catalogue, a listing (404 when there is no such shop, item or page: the SPA still loads and shows its
 * not-found page). Each shop's `sitemap.xml` and `robots.txt` are answered here too (sitemap.ts).
 *
 * On a shop's own host (spec 1 §2 'Shop paths': its pages start at the root) index.html also carries
 * `<meta name="vitrina:shop-host" content="{slug}">`, written only for a host that names an existing shop: an
 * unknown host gets a plain not-found page, never the platform's pages nor another shop's.
 */
export async function installWebApp(app: FastifyInstance, options: WebAppOptions): Promise<WebApp> {
  const { webDist } = options;
  const platformHosts = new Set(options.platformHosts.map((h) => h.toLowerCase()));
  installSitemaps(app, options, platformHosts);
  if (!webDist || !existsSync(join(webDist, 'index.html'))) {
    return {
      scriptHashes: () => [],
      serveApp: async (_request, reply) =>
        reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE),
    };
  }
  const indexHtml = new IndexHtml(webDist);
  await indexHtml.load();
  const assetsDir = `${join(webDist, 'assets')}${sep}`;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // `/` and client-side routes go to serveApp, not to a directory index.
    index: false,
    cacheControl: false,
    // `x.js.br` / `x.js.gz` beside `x.js` (made by the web build) for clients that accept them; else `x.js`.
    preCompressed: true,
    setHeaders: (reply, path) => {
      const file = path.replace(/\.(?:br|gz)$/, '');
      const hashed = file.startsWith(assetsDir);
      reply.header(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : file.endsWith('.html') ? 'no-cache' : 'public, max-age=3600',
      );
      if (hashed) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    },
  });
  const webApp: WebApp = {
    scriptHashes: () => indexHtml.scriptHashes,
    async serveApp(request, reply) {
      let html = await indexHtml.load();
      const shop = shopRefOf(request, platformHosts);
      // Which shop (if any) and in which form depend on the host as well as the path.
      void reply.header('vary', 'host');
      if (!shop) return sendHtml(reply, 200, html);
      const queryAt = request.url.indexOf('?');
      const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
      const query = new URLSearchParams(queryAt < 0 ? '' : request.url.slice(queryAt + 1));
      // The platform's own pages keep their root path on a shop's host: they get the shop's head, as before.
      const page =
        isOwnHost(shop) && isPlatformRootPath(pathname)
          ? undefined
          : shopPageOf(isOwnHost(shop) ? pathname : pathname.replace(/^\/tienda\/[^/]+/, ''));
      // An item needs no shop to be read: both reads run at once.
      const item = page ? fetchItemData(page, options.catalogue) : undefined;
      const rendered = await options.renderShopHead(shop, request);
      const pageHead =
        rendered?.status === 200 && rendered.shop && page && page.kind !== 'home'
          ? await renderPageHead({
              page,
              shop: rendered.shop,
              urls: shopUrls(request, shop, rendered.shop),
              query,
              reads: options.catalogue,
              item,
            })
          : undefined;
      const home = rendered?.shop && page?.kind === 'home' ? rendered.shop : undefined;
      const preload = home ? firstBannerPreload(home, request) : undefined;
      const shell = home ? firstPaintShell(home, request) : undefined;
      if (shell) html = html.replace('<div id="root">', () => `${shell}<div id="root">`);
      const head = [pageHead?.head ?? rendered?.head, preload].filter(Boolean).join('\n') || undefined;
      if (!isOwnHost(shop)) {
        if (head) html = injectHead(html, head);
        return sendHtml(reply, pageHead?.status ?? rendered?.status ?? 200, html);
      }
      if (rendered?.status === 404) return sendHtml(reply, 404, unknownHostPage(normaliseHost(request.hostname) ?? ''));
      // No answer from the store (timeout): a platform sub-domain still names its shop, and the app loads it
      // itself (its not-found page if there is none); a domain of its own does not, so the visitor retries.
      const slug = rendered?.slug ?? slugOf(shop);
      if (!slug) return sendHtml(reply.header('retry-after', '5'), 503, UNAVAILABLE_PAGE, 'no-store');
      html = injectHead(html, head ? `${head}\n${shopHostMeta(slug)}` : shopHostMeta(slug));
      return sendHtml(reply, pageHead?.status ?? 200, html);
    },
  };
  // The static route would answer `/` (a directory, index off) with 403.
  app.get('/', (request, reply) => webApp.serveApp(request, reply));
  return webApp;
}

/**
 * `robots.txt` and the shops' sitemaps: `/tienda/{slug}/sitemap.xml` (and `sitemap-{n}.xml`) on any host, and
 * `/sitemap.xml`, `/robots.txt` at the root of a shop's own host. The platform's `/robots.txt` keeps crawlers
 * out of the API and the owners' pages.
 */
function installSitemaps(app: FastifyInstance, options: WebAppOptions, platformHosts: ReadonlySet<string>): void {
  const sitemaps = options.catalogue ? createSitemaps({ reads: options.catalogue, urlsPerFile: options.sitemapUrlsPerFile }) : undefined;
  const answer = async (request: FastifyRequest, reply: FastifyReply, file: number | undefined) => {
    void reply.header('vary', 'host');
    const ref = shopRefOf(request, platformHosts);
    if (!ref) return sendPlainError(reply, 404, ErrorCodes.notFound, 'No such route');
    const rendered = await options.renderShopHead(ref, request);
    if (rendered?.status === 404) return sendPlainError(reply, 404, ErrorCodes.notFound, 'No such shop');
    if (!rendered?.shop || !sitemaps) return unavailable(reply);
    const urls = shopUrls(request, ref, rendered.shop);
    const fileBase = isOwnHost(ref) ? urls.origin : `${urls.origin}/tienda/${encodeURIComponent(rendered.shop.slug)}`;
    const result = await sitemaps.sitemap(rendered.shop, urls, fileBase, file);
    if (result.status === 404) return sendPlainError(reply, 404, ErrorCodes.notFound, 'No such sitemap file');
    if (result.status === 503) return unavailable(reply);
    return reply.status(200).type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(result.xml);
  };
  const fileOf = (request: FastifyRequest) => Number((request.params as { file: string }).file);
  app.get('/tienda/:slug/sitemap.xml', (request, reply) => answer(request, reply, undefined));
  app.get('/tienda/:slug/sitemap-:file(^\\d{1,6}).xml', (request, reply) => answer(request, reply, fileOf(request)));
  app.get('/sitemap.xml', (request, reply) => answer(request, reply, undefined));
  app.get('/sitemap-:file(^\\d{1,6}).xml', (request, reply) => answer(request, reply, fileOf(request)));
  app.get('/robots.txt', async (request, reply) => {
    const ref = shopRefOf(request, platformHosts);
    const origin = `${request.protocol}://${request.host}`;
    return reply
      .status(200)
      .type('text/plain; charset=utf-8')
      .header('vary', 'host')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(ref && isOwnHost(ref) ? `${origin}/sitemap.xml` : undefined));
  });
}

function unavailable(reply: FastifyReply): FastifyReply {
  return sendPlainError(
    reply.header('retry-after', '60'),
    503,
    ErrorCodes.serviceUnavailable,
    'The sitemap cannot be built right now; try again shortly',
  );
}

/** `{ code, message }` like every error of the gateway, not cached. */
function sendPlainError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').header('cache-control', 'no-store').send({ code, message });
}

function sendHtml(reply: FastifyReply, status: number, html: string, cacheControl = 'no-cache'): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', cacheControl).send(html);
}

function slugOf(shop: ShopRef): string | undefined {
  return 'slug' in shop ? shop.slug : undefined;
}

/**
 * A GET/HEAD for a page of the app, answered with index.html whatever its Accept header (issue 10 §3: plain
 * curl, `Accept: *\/*` and link-preview bots get the page); API paths and missing static files get a 404.
 */
export function wantsPage(request: FastifyRequest): boolean {
  return isPageRequest(request.method, request.url);
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>Vitrina</title></head>
<body>
<h1>The web app is not built</h1>
<p>Run <code>npm run build</code> at the repository root, then reload this page. The API is available under <a href="/api/docs">/api/docs</a>.</p>
</body></html>
`;

const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#222;background:#fafafa}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}p{color:#555}';

/** The page of a host no shop is served on: Spanish first (the platform's default language), then English. */
function unknownHostPage(hostname: string): string {
  const host = escapeHtml(hostname);
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" />
<title>Tienda no encontrada</title><style>${PAGE_STYLE}</style></head>
<body><main data-testid="unknown-shop-host">
<h1>Tienda no encontrada</h1>
<p>No hay ninguna tienda en <strong>${host}</strong>. Revisa la dirección.</p>
<p lang="en">Shop not found: there is no shop at <strong>${host}</strong>. Please check the address.</p>
</main></body></html>
`;
}

const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="es"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" />
<meta http-equiv="refresh" content="5" /><title>Tienda no disponible</title><style>${PAGE_STYLE}</style></head>
<body><main>
<h1>La tienda no está disponible en este momento</h1>
<p>Vuelve a intentarlo en unos segundos; esta página se recargará sola.</p>
<p lang="en">The shop is not available right now. This page reloads by itself in a few seconds.</p>
</main></body></html>
`;
