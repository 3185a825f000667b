import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { IndexHtml } from './index-html.js';
import { escapeHtml, injectHead, isOwnHost, normaliseHost, shopHostMeta, shopRefOf, type RenderShopHead, type ShopRef } from './shop-head.js';

export interface WebAppOptions {
  /** The built web app (web/dist); when it has no index.html, a page says how to build it. */
  webDist?: string;
  renderShopHead: RenderShopHead;
  /** Hosts of the platform itself (lower case, no port); a page on any other host is looked up as a shop's own host. */
  platformHosts: readonly string[];
}

export interface WebApp {
  /** Inline-script hashes for the CSP (empty until index.html is first read). */
  readonly scriptHashes: () => readonly string[];
  /** Answers a GET for a page of the app (any path the router did not match): index.html, 200. */
  serveApp(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * Serves web/dist: hashed files under /assets/ are cached for a year (their names change with their content),
 * everything else revalidates. index.html itself is served by `serveApp` for every client-side route
 * (SPA fallback), with a shop's own head on `/tienda/{slug}/...` and on a shop's own host (404 when there is
 * no such shop: the SPA still loads and shows its not-found page).
 *
 * On a shop's own host (spec 1 §2 'Shop paths': its pages start at the root) index.html also carries
 * `<meta name="vitrina:shop-host" content="{slug}">`, written only for a host that names an existing shop: an
 * unknown host gets a plain not-found page, never the platform's pages nor another shop's.
 */
export async function installWebApp(app: FastifyInstance, options: WebAppOptions): Promise<WebApp> {
  const { webDist } = options;
  if (!webDist || !existsSync(join(webDist, 'index.html'))) {
    return { scriptHashes: () => [], serveApp: async (_request, reply) => reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE) };
  }
  const platformHosts = new Set(options.platformHosts.map((h) => h.toLowerCase()));
  const indexHtml = new IndexHtml(webDist);
  await indexHtml.load();
  const assetsDir = `${join(webDist, 'assets')}${sep}`;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // `/` and client-side routes go to serveApp, not to a directory index.
    index: false,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : path.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
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
      const rendered = await options.renderShopHead(shop, request);
      if (!isOwnHost(shop)) {
        if (rendered?.head) html = injectHead(html, rendered.head);
        return sendHtml(reply, rendered?.status ?? 200, html);
      }
      if (rendered?.status === 404) return sendHtml(reply, 404, unknownHostPage(normaliseHost(request.hostname) ?? ''));
      // No answer from the store (timeout): a platform sub-domain still names its shop, and the app loads it
      // itself (its not-found page if there is none); a domain of its own does not, so the visitor retries.
      const slug = rendered?.slug ?? slugOf(shop);
      if (!slug) return sendHtml(reply.header('retry-after', '5'), 503, UNAVAILABLE_PAGE, 'no-store');
      html = injectHead(html, rendered?.head ? `${rendered.head}\n${shopHostMeta(slug)}` : shopHostMeta(slug));
      return sendHtml(reply, 200, html);
    },
  };
  // The static route would answer `/` (a directory, index off) with 403.
  app.get('/', (request, reply) => webApp.serveApp(request, reply));
  return webApp;
}

function sendHtml(reply: FastifyReply, status: number, html: string, cacheControl = 'no-cache'): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', cacheControl).send(html);
}

function slugOf(shop: ShopRef): string | undefined {
  return 'slug' in shop ? shop.slug : undefined;
}

/** A GET/HEAD from something that wants a page (browsers navigating); asset and API requests get a 404. */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) return false;
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>Vitrina</title></head>
<body>
<h1>The web app is not built</h1>
<p>Run <code>npm run build</code> at the repository root, then reload this page. The API is available under <a href="/api/docs">/api/docs</a>.</p>
</body></html>
`;

const PAGE_STYLE = 'body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#222;background:#fafafa}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}p{color:#555}';

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
