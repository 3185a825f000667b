import { PLATFORM_ROOT_PATHS } from '@vitrina/contracts';

/**
 * Where a shop's pages live (spec 1 §2 'Shop paths'): under /tienda/{shopSlug}/ on the platform's host, or at
 * the root of the shop's own (sub)domain. The router always works with the /tienda/{shopSlug} form; on a
 * shop's own host a URL rewrite (below) maps the visible root paths to it and back. Every shop-relative link
 * of the storefront goes through `shopPath`, so nothing else needs to know which form the visitor sees.
 */

export const SHOPS_BASE = '/tienda';

/**
 * The `<meta name="vitrina:shop-host" content="{shopSlug}">` the gateway writes into index.html when it serves a
 * shop on its own host. Its absence means the platform's host (/tienda/{shopSlug}/...).
 */
export const SHOP_HOST_META = 'vitrina:shop-host';

/** A shop-relative path (`/productos`, `/catalogos/verano?page=2`) as the router sees it: `/tienda/{slug}/productos`. */
export function shopPath(shopSlug: string, path = '/'): string {
  const relative = path.startsWith('/') ? path : `/${path}`;
  return `${shopBase(shopSlug)}${relative}`;
}

/** `/tienda/{shopSlug}`, no trailing slash. */
function shopBase(shopSlug: string): string {
  return `${SHOPS_BASE}/${encodeURIComponent(shopSlug)}`;
}

/** The slug of the shop this host serves at its root, or null on the platform's host. */
export function detectShopHost(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): string | null {
  const content = doc?.querySelector(`meta[name="${SHOP_HOST_META}"]`)?.getAttribute('content')?.trim();
  return content ? content : null;
}

/** The platform's own pages that keep their root path on a shop's host too (contracts: PLATFORM_ROOT_PATHS). */
export { PLATFORM_ROOT_PATHS };

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * The router's URL rewrite for a shop served at the root of its own host: `/productos` is read as
 * `/tienda/{slug}/productos`, and links to `/tienda/{slug}/...` are written back without the prefix. Paths
 * already under /tienda (another shop's pages, say the root affinity store) and the platform's root pages
 * (`PLATFORM_ROOT_PATHS`) are read as they are. The URL given is never modified: the router keeps using it.
 */
export function shopHostRewrite(shopSlug: string) {
  const prefix = shopBase(shopSlug);
  return {
    input: ({ url }: { url: URL }): URL | undefined => {
      if (isUnder(url.pathname, SHOPS_BASE) || PLATFORM_ROOT_PATHS.some((base) => isUnder(url.pathname, base))) return undefined;
      const rewritten = new URL(url.href);
      rewritten.pathname = `${prefix}${url.pathname}`;
      return rewritten;
    },
    output: ({ url }: { url: URL }): URL | undefined => {
      if (!isUnder(url.pathname, prefix)) return undefined;
      const rewritten = new URL(url.href);
      rewritten.pathname = url.pathname.slice(prefix.length) || '/';
      return rewritten;
    },
  };
}

/**
 * The address a visitor shares or copies: absolute, in the form this visitor sees (own host or /tienda/...).
 * `hostShop` is the slug served at this host's root (detectShopHost), if any.
 */
export function publicShopUrl(
  shopSlug: string,
  path = '/',
  { origin = window.location.origin, hostShop = detectShopHost() }: { origin?: string; hostShop?: string | null } = {},
): string {
  const relative = path.startsWith('/') ? path : `/${path}`;
  return hostShop === shopSlug ? `${origin}${relative}` : `${origin}${shopPath(shopSlug, relative)}`;
}

/** The shop-relative part of a router pathname (`/tienda/demo/productos/` -> `/productos`), '/' for the home. */
export function shopRelativePath(pathname: string, shopSlug: string): string {
  const prefix = shopBase(shopSlug);
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname;
  const trimmed = rest.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** How catalogue calls name the shop's owner: the owner id, or the shop's slug when the owner is unknown. */
export function catalogueOwnerRef(shop: { owner: string; slug: string }): string {
  return shop.owner || shop.slug;
}

/** The shop's home as the visitor sees it, ending in `/`: `/` on its own host, else `/tienda/{shopSlug}/`. */
export function visibleShopBase(shopSlug: string, hostShop: string | null = detectShopHost()): string {
  return hostShop === shopSlug ? '/' : shopPath(shopSlug, '/');
}

/**
 * A link set by the shop owner (banner or header url): a path starting with `/` is shop-relative (spec 1 §2
 * 'Shop paths': `/productos` is the shop's listing), anything else is an outside address.
 */
export function ownerLink(url: string): { kind: 'shop'; path: string } | { kind: 'external'; href: string } {
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return { kind: 'shop', path: trimmed };
  return { kind: 'external', href: trimmed };
}

/** A shop-relative path as the visitor sees it, for plain `<a href>` outside the router (new tabs, shares). */
export function visibleShopPath(shopSlug: string, path: string, hostShop: string | null = detectShopHost()): string {
  return `${visibleShopBase(shopSlug, hostShop).replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
