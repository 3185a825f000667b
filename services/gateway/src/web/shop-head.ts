import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import {
  AFFILIATE_PARAMS,
  BANNER_IMAGE,
  gallerySrcSet,
  SESSION_HINT_COOKIE,
  SOCIAL_NETWORKS,
  type ShopJson,
  type SocialNetwork,
} from '@vitrina/contracts';

/**
 * The `<head>` of a shop's pages (docs/architecture.md §6): title, description, canonical, favicon, Open Graph and
 * LocalBusiness JSON-LD, rendered into index.html by the gateway so that links shared on social networks and
 * crawlers without JavaScript see the shop, not "Vitrina".
 *
 * The shop is read from the store service (`GET /store/shops/by-slug/{slug}` or `/by-host/{host}`): the one
 * synchronous cross-service read the gateway makes, with a short timeout and a small cache. When the store
 * cannot answer, the page is served with the app's default head (the SPA loads the shop itself).
 */

/**
 * Which shop a page belongs to: `/tienda/{slug}/...` on any host; or, for every path, the shop whose own host
 * the request is on: a sub-domain of a platform host named after the shop's slug (`demo.vitrina.com`:
 * `{ slug: 'demo', ownHost: true }`) or a domain of its own, looked up by host (`{ host: 'tienda.example' }`).
 */
export type ShopRef = { slug: string; ownHost?: boolean } | { host: string };

/** True when the shop is served at the root of the request's host (spec 1 §2 'Shop paths'). */
export function isOwnHost(ref: ShopRef): boolean {
  return 'host' in ref || ref.ownHost === true;
}

export interface ShopHead {
  /** 200, or 404 when there is no such shop (the SPA then shows its not-found page). */
  status: 200 | 404;
  /** Tags for `<head>` (absent for a 404: the default head stays). */
  head?: string;
  /**
   * The shop's slug (with 200). On a shop's own host the web app needs it to map root paths to its routes;
   * without it, a shop looked up by host cannot be served (503).
   */
  slug?: string;
  /** The shop itself (with 200), when known: the gateway then renders each page's own head (page-head.ts). */
  shop?: ShopJson;
}

/** Returns undefined to serve the app's default head with 200 (no shop, or the store could not answer). */
export type RenderShopHead = (shop: ShopRef, request: FastifyRequest) => Promise<ShopHead | undefined>;

/** What the store said about a shop: found, not found, or no answer (undefined). */
export type ShopLookup = { found: true; shop: ShopJson } | { found: false };

export type FetchShop = (shop: ShopRef) => Promise<ShopLookup | undefined>;

export interface ShopHeadRendererOptions {
  fetchShop: FetchShop;
  /** How long a shop (or its absence) is reused; default 30 s. */
  ttlMs?: number;
  /** How long "no such shop" is reused; default 10 s (a new shop shows up quickly). */
  notFoundTtlMs?: number;
  /** Most shops kept; the least recently used goes first. Default 500. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * A RenderShopHead over `fetchShop` with an LRU cache (positive and negative answers; failures are not
 * cached) and one request in flight per shop however many pages ask for it at once.
 */
export function createShopHeadRenderer(options: ShopHeadRendererOptions): RenderShopHead {
  const ttlMs = options.ttlMs ?? 30_000;
  const notFoundTtlMs = options.notFoundTtlMs ?? 10_000;
  const maxEntries = Math.max(1, options.maxEntries ?? 500);
  const now = options.now ?? Date.now;
  const cache = new Map<string, { expires: number; lookup: ShopLookup }>();
  const inFlight = new Map<string, Promise<ShopLookup | undefined>>();

  const lookup = async (ref: ShopRef): Promise<ShopLookup | undefined> => {
    const key = 'slug' in ref ? `s:${ref.slug}` : `h:${ref.host}`;
    const hit = cache.get(key);
    if (hit && hit.expires > now()) {
      // Most recently used last: Map keeps insertion order.
      cache.delete(key);
      cache.set(key, hit);
      return hit.lookup;
    }
    if (hit) cache.delete(key);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = options
        .fetchShop(ref)
        .catch(() => undefined)
        .then((answer) => {
          if (answer) {
            cache.set(key, { expires: now() + (answer.found ? ttlMs : notFoundTtlMs), lookup: answer });
            while (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
          }
          return answer;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };

  return async (ref, request) => {
    const answer = await lookup(ref);
    if (!answer) return undefined;
    if (!answer.found) return { status: 404 };
    return { status: 200, head: shopHeadTags(answer.shop, pageUrls(request, ref, answer.shop)), slug: answer.shop.slug, shop: answer.shop };
  };
}

interface PageUrls {
  /** scheme://host[:port] of the request. */
  origin: string;
  canonical: string;
}

/** Query parameters that never belong in a canonical URL: affiliate and campaign tracking. */
const TRACKING_PARAMS = new Set<string>([...AFFILIATE_PARAMS, 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']);

/**
 * The canonical URL of this page: the shop's canonical_url (its home, e.g. on its own domain) plus the path
 * inside the shop, else the URL of the request; tracking parameters dropped either way.
 */
export function pageUrls(request: FastifyRequest, ref: ShopRef, shop: Pick<ShopJson, 'canonical_url'>): PageUrls {
  const origin = `${request.protocol}://${request.host}`;
  let url: URL;
  try {
    url = new URL(request.url, origin);
  } catch {
    url = new URL('/', origin);
  }
  // A copy of the keys: deleting from searchParams while iterating its live iterator would skip entries.
  for (const name of Array.from(url.searchParams.keys())) if (TRACKING_PARAMS.has(name)) url.searchParams.delete(name);
  url.hash = '';
  const base = httpUrl(shop.canonical_url);
  if (base) {
    // `/tienda/{slug}/productos` -> `/productos` under the shop's canonical home.
    const inside = isOwnHost(ref) ? url.pathname : url.pathname.replace(/^\/tienda\/[^/]+/, '');
    const home = base.href.replace(/\/+$/, '');
    const rest = inside === '' || inside === '/' ? '' : inside;
    return { origin, canonical: rest || url.search ? `${home}${rest || '/'}${url.search}` : base.href };
  }
  return { origin, canonical: url.href };
}

/** The head tags of a shop, every value escaped. Exported for tests. */
export function shopHeadTags(shop: ShopJson, urls: PageUrls): string {
  const name = shop.name.trim() || shop.slug;
  const description = shop.seo_description?.trim() || `Bienvenido a ${name}`;
  const image = absoluteUrl(shop.photo, urls.origin);
  const favicon = absoluteUrl(shop.favicon, urls.origin);
  const tags = [
    `<title>${escapeHtml(name)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(urls.canonical)}" />`,
    ...(favicon ? [`<link rel="icon" href="${escapeHtml(favicon)}" />`] : []),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(name)}" />`,
    `<meta property="og:title" content="${escapeHtml(name)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(urls.canonical)}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<script type="application/ld+json">${jsonForScript(localBusiness(shop, name, description, urls.canonical, image))}</script>`,
  ];
  return tags.map((t) => `    ${t}`).join('\n');
}

function localBusiness(shop: ShopJson, name: string, description: string, url: string, image: string | undefined): Record<string, unknown> {
  const telephone = shop.contact_phone?.trim()
    ? `${shop.contact_country_code ? `+${shop.contact_country_code.replace(/^\+/, '')} ` : ''}${shop.contact_phone.trim()}`
    : undefined;
  const sameAs = SOCIAL_NETWORKS.flatMap((network) => {
    const link = socialUrl(network, shop[network]);
    return link ? [link] : [];
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': url,
    name,
    description,
    url,
    ...(image ? { image, logo: image } : {}),
    ...(telephone ? { telephone } : {}),
    ...(shop.contact_email?.trim() ? { email: shop.contact_email.trim() } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** Same rules as the web's footer links (web/src/features/storefront/lib/social.ts). */
const SOCIAL_BASES: Record<Exclude<SocialNetwork, 'discord'>, string> = {
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/',
  twitter: 'https://x.com/',
  youtube: 'https://www.youtube.com/',
  twitch: 'https://www.twitch.tv/',
  kick: 'https://kick.com/',
};

function socialUrl(network: SocialNetwork, value: string | null | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^https?:\/\//i.test(text)) return httpUrl(text)?.href;
  if (network === 'discord') return undefined;
  const handle = text.replace(/^@/, '');
  return /^[A-Za-z0-9._-]{1,100}$/.test(handle) ? `${SOCIAL_BASES[network]}${encodeURIComponent(handle)}` : undefined;
}

function httpUrl(value: string | null | undefined, base?: string): URL | undefined {
  if (!value?.trim()) return undefined;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A shop image (often `/api/gallery/files/...`) as an absolute http(s) URL, as Open Graph requires. */
function absoluteUrl(value: string | null | undefined, origin: string): string | undefined {
  return httpUrl(value, origin)?.href;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For text and attribute values (always double-quoted here). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * JSON inside `<script type="application/ld+json">`: still JSON to a parser, but with no `<`, `>` or `&` that
 * could close the script element (`</script>`) or open a comment (`<!--`), and no U+2028/2029.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `/tienda/{slug}` or `/tienda/{slug}/...` -> slug. */
export function shopSlugOf(path: string): string | undefined {
  const m = /^\/tienda\/([^/?#]+)/.exec(path);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return undefined;
  }
}

/** Hosts of the platform itself (default localhost, 127.0.0.1 and ::1); any other host may be a shop's own. */
export const DEFAULT_PLATFORM_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '::1'];

/**
 * The shop a page request is for: `/tienda/{slug}/...` on any host. Otherwise, on a host that is not the
 * platform's (nor an IP address, which no shop has), the shop served at that host's root, for every path:
 * - one label below a platform host, the shop of that slug: `demo.vitrina.com` (platform host `vitrina.com`)
 *   and `demo.localhost` (platform host `localhost`) are shop `demo`;
 * - any other host, the shop whose `host` it is (store: by-host lookup), e.g. `tienda.example`.
 */
export function shopRefOf(request: FastifyRequest, platformHosts: ReadonlySet<string>): ShopRef | undefined {
  const slug = shopSlugOf(request.url);
  if (slug) return { slug };
  const host = normaliseHost(request.hostname);
  if (!host || platformHosts.has(host) || isIpHost(host)) return undefined;
  const subdomain = platformSubdomainOf(host, platformHosts);
  return subdomain ? { slug: subdomain, ownHost: true } : { host };
}

/** `demo.vitrina.com` -> `demo` when `vitrina.com` is a platform host (and the label can be a slug). */
export function platformSubdomainOf(host: string, platformHosts: ReadonlySet<string>): string | undefined {
  const dot = host.indexOf('.');
  if (dot <= 0) return undefined;
  const label = host.slice(0, dot);
  const parent = host.slice(dot + 1);
  // spec 1 §3 validators: a slug is letters, digits, underscore and hyphen.
  return platformHosts.has(parent) && !isIpHost(parent) && /^[a-z0-9_-]+$/.test(label) ? label : undefined;
}

function isIpHost(host: string): boolean {
  return isIP(host.replace(/^\[|\]$/g, '')) !== 0;
}

/** Lower case, no port, no trailing dot; undefined when it is not a plausible host name. */
export function normaliseHost(hostname: string | undefined): string | undefined {
  const host = hostname?.trim().toLowerCase().replace(/\.$/, '');
  if (!host || host.length > 253 || !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+|[0-9a-f:]+)$/.test(host)) return undefined;
  return host;
}

/**
 * `<meta name="vitrina:shop-host" content="{slug}">`: tells the web app it is served at the root of this shop's
 * own host (web/src/features/storefront/lib/shop-path.ts, SHOP_HOST_META), so its router maps `/productos` to
 * `/tienda/{slug}/productos` and writes links back without the prefix.
 */
export const SHOP_HOST_META = 'vitrina:shop-host';

export function shopHostMeta(slug: string): string {
  return `    <meta name="${SHOP_HOST_META}" content="${escapeHtml(slug)}" />`;
}

/** Puts the shop's head into index.html, dropping the defaults it replaces (title, description, favicon). */
export function injectHead(html: string, head: string): string {
  let out = html;
  if (/<title[\s>]/i.test(head)) out = out.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
  if (/<meta[^>]+name=["']description["']/i.test(head)) out = out.replace(/<meta[^>]+name=["']description["'][^>]*>\s*/i, '');
  if (/<link[^>]+rel=["']icon["']/i.test(head)) out = out.replace(/<link[^>]+rel=["']icon["'][^>]*>\s*/i, '');
  // A function, not a string: `$&`, `$'` in a shop's name must not be read as replacement patterns.
  return out.replace(/<\/head>/i, () => `${head}\n  </head>`);
}

/**
 * `<link rel="preload">` for the first banner of the shop home (issue 10 §3, LCP): the banner is the page's largest
 * paint, and without this its download starts only once the app has loaded, asked for the shop and rendered.
 * Announced in the HTML it downloads while the scripts do. The same variants and `sizes` the carousel asks for
 * (BANNER_IMAGE, gallerySrcSet), one link per art-directed source, so the browser fetches the file it will use.
 * Only for visitors without a session: the shop read here is the anonymous one, and a signed-in level may see
 * other banners (spec 1 §6), which would make the preload a wasted download.
 */
export function firstBannerPreload(shop: ShopJson, request: FastifyRequest): string | undefined {
  if (!shop.slider || hasSessionHint(request.headers.cookie)) return undefined;
  const banner = shop.store_theme_info.slider_info[0];
  if (!banner?.hzt_image) return undefined;
  const link = (src: string, sizes: string, media?: string) => {
    const srcset = gallerySrcSet(src);
    const attrs = srcset ? `imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : `href="${escapeHtml(src)}"`;
    return `    <link rel="preload" as="image" fetchpriority="high" ${attrs}${media ? ` media="${escapeHtml(media)}"` : ''} />`;
  };
  if (!banner.vrt_image) return link(banner.hzt_image, BANNER_IMAGE.sizes);
  return [
    link(banner.vrt_image, BANNER_IMAGE.phoneSizes, BANNER_IMAGE.phoneMedia),
    link(banner.hzt_image, BANNER_IMAGE.sizes, BANNER_IMAGE.wideMedia),
  ].join('\n');
}

function hasSessionHint(cookie: string | undefined): boolean {
  return cookie !== undefined && new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=[^;]`).test(cookie);
}

/**
 * The shop home's first paint, rendered by the server (issue 10 §3, LCP on a phone): the shop's bar (logo and name)
 * and its first banner, drawn over the top of the page while the app downloads and starts, then removed by the app
 * once its own page is on screen (web/src/lib/first-paint.ts). Without it a phone on 'Slow 4G' shows nothing for
 * about four seconds: the scripts, the shop's data and the first render come one after the other. It is a picture,
 * not an interface: hidden from assistive technology, it lets clicks through, and it hides itself after 15 s
 * whatever happens. Same visitors as the preload (anonymous, a banner to show); the same image file as the
 * carousel's first slide (BANNER_IMAGE, gallerySrcSet), so nothing downloads twice.
 */
export function firstPaintShell(shop: ShopJson, request: FastifyRequest): string | undefined {
  if (!shop.slider || hasSessionHint(request.headers.cookie)) return undefined;
  const banner = shop.store_theme_info.slider_info[0];
  if (!banner?.hzt_image) return undefined;
  const img = (src: string, sizes: string, extra = '') => {
    const srcset = gallerySrcSet(src);
    return srcset ? `srcset="${escapeHtml(srcset)}" sizes="${escapeHtml(sizes)}"${extra}` : `src="${escapeHtml(src)}"${extra}`;
  };
  const phone = banner.vrt_image ? `<source media="${BANNER_IMAGE.phoneMedia}" ${img(banner.vrt_image, BANNER_IMAGE.phoneSizes)} />` : '';
  const logo = shop.photo && /^(?:https?:\/\/|\/)/.test(shop.photo) ? `<img class="l" ${img(shop.photo, '36px')} alt="" />` : '';
  const name = shop.hidden_store_name ? '' : `<span>${escapeHtml(shop.name.trim() || shop.slug)}</span>`;
  return [
    '<div id="vt-first-paint" aria-hidden="true">',
    `<style>${FIRST_PAINT_CSS}</style>`,
    `<div class="b">${logo}${name}</div>`,
    `<div class="m"><picture>${phone}<img class="p" ${img(banner.hzt_image, BANNER_IMAGE.sizes, ' fetchpriority="high"')} alt="" /></picture></div>`,
    '</div>',
  ].join('');
}

const FIRST_PAINT_CSS = [
  '#vt-first-paint{position:absolute;top:0;left:0;right:0;z-index:150;pointer-events:none;background:#fff;color:#000;animation:vt-fp-out 0s 15s forwards}',
  '[data-mantine-color-scheme=dark] #vt-first-paint{background:#242424;color:#c9c9c9}',
  '@keyframes vt-fp-out{to{visibility:hidden}}',
  "#vt-first-paint .b{box-sizing:border-box;display:flex;align-items:center;gap:12px;height:56px;max-width:1232px;margin:0 auto;padding:0 16px;font:700 18px/1.2 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;white-space:nowrap;overflow:hidden}",
  '#vt-first-paint .l{width:36px;height:36px;border-radius:50%;object-fit:cover}',
  '#vt-first-paint .m{box-sizing:border-box;max-width:1232px;margin:0 auto;padding:16px}',
  '#vt-first-paint .p{display:block;width:100%;height:auto;aspect-ratio:3200/982;object-fit:cover;border-radius:8px}',
  '@media (max-width:47.99em){#vt-first-paint .p{aspect-ratio:1000/450}}',
].join('');
