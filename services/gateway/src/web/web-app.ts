import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { IndexHtml } from './index-html.js';
import { injectHead, shopRefOf, type RenderShopHead } from './shop-head.js';

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
      let status = 200;
      const shop = shopRefOf(request, platformHosts);
      if (shop) {
        const rendered = await options.renderShopHead(shop, request);
        if (rendered) {
          status = rendered.status;
          if (rendered.head) html = injectHead(html, rendered.head);
        }
      }
      // The head depends on the host as well as the path.
      if (shop && 'host' in shop) void reply.header('vary', 'host');
      return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    },
  };
  // The static route would answer `/` (a directory, index off) with 403.
  app.get('/', (request, reply) => webApp.serveApp(request, reply));
  return webApp;
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
