import { PLATFORM_ROOT_PATHS, type ItemType } from '@vitrina/contracts';

/**
 * The pages of a shop, as the web app's router has them (web/src/routes/tienda/$shopSlug/**; spec 1 §2 'Shop
 * paths' and 'Routes'), classified from the path inside the shop (`/productos/{owner}/{id}`, on the platform's
 * host after `/tienda/{slug}`, on a shop's own host at the root). The gateway renders each kind's own `<head>`
 * (page-head.ts) and lists the indexable ones in the shop's sitemap (sitemap.ts). Keep in step with the routes.
 */
export type ShopPage =
  | { kind: 'home' }
  | { kind: 'listing'; type: ItemType }
  | { kind: 'item'; type: ItemType; owner: string; item: string }
  | { kind: 'catalogues' }
  | { kind: 'catalogue'; slug: string }
  | { kind: 'titled'; path: string; title: string; index: boolean }
  /** A path no route of the shop answers: the app shows its not-found page inside the shop. */
  | { kind: 'unknown' };

/** Listing route segment <-> item type (web: features/storefront/lib/listing-search.ts LISTING_SEGMENTS). */
export const LISTING_SEGMENTS = {
  product: 'productos',
  service: 'servicios',
  experience: 'experiencias',
  digital: 'digitales',
} as const satisfies Record<ItemType, string>;

/** The listing titles of the web (storefront es.json `listing.title`). */
export const LISTING_TITLES: Record<ItemType, string> = {
  product: 'Productos',
  service: 'Servicios',
  experience: 'Experiencias',
  digital: 'Productos digitales',
};

export const CATALOGUES_TITLE = 'Catálogos';

const TYPE_OF_SEGMENT = new Map<string, ItemType>(Object.entries(LISTING_SEGMENTS).map(([type, segment]) => [segment, type as ItemType]));

/**
 * The shop's other pages: their title (the web's storefront es.json `info.title`) and whether search engines
 * should index them (search results, the viewer's preferences and the owner's settings are not content).
 */
const TITLED: Record<string, { title: string; index: boolean }> = {
  '/acerca': { title: 'Acerca de', index: true },
  '/contacto': { title: 'Contacto', index: true },
  '/info': { title: 'Información', index: true },
  '/franquicias': { title: 'Franquicias', index: true },
  '/blogs': { title: 'Blogs', index: true },
  '/terms': { title: 'Términos y condiciones', index: true },
  '/privacidad': { title: 'Aviso de privacidad', index: true },
  '/buscar': { title: 'Buscar en la tienda', index: false },
  '/preferencias': { title: 'Preferencias', index: false },
  '/admin/configuracion': { title: 'Configuración de la tienda', index: false },
  '/ayuda/proveedores/deshabilitado': { title: 'Proveedor deshabilitado', index: false },
};

/**
 * The shopper's and the seller's own pages inside a shop, with everything under them (ids, print views): never
 * indexed (spec 1 §2 cart, spec 3 §2 checkout, paid page, purchases, tickets, the admin's orders).
 */
const PRIVATE_SECTIONS: readonly { base: string; title: string }[] = [
  { base: '/carrito', title: 'Carrito' },
  { base: '/comprar', title: 'Comprar' },
  { base: '/pagado', title: 'Pago recibido' },
  { base: '/mis-compras', title: 'Mis compras' },
  { base: '/mis-boletos', title: 'Mis boletos' },
  { base: '/admin/ordenes', title: 'Órdenes' },
];

/** `/productos/{owner}/{id}` and its siblings: the shop-relative path of an item page (web: itemDetailPath). */
export function itemPagePath(item: { type: ItemType; owner: string; id: string }): string {
  return `/${LISTING_SEGMENTS[item.type]}/${encodeURIComponent(item.owner)}/${encodeURIComponent(item.id)}`;
}

export function listingPagePath(type: ItemType): string {
  return `/${LISTING_SEGMENTS[type]}`;
}

export function cataloguePagePath(slug: string): string {
  return `/catalogos/${encodeURIComponent(slug)}`;
}

/** Classifies a shop-relative pathname (no query; `/` for the home; a trailing slash is ignored). */
export function shopPageOf(pathname: string): ShopPage {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === '') return { kind: 'home' };
  const parts = trimmed.slice(1).split('/').map(decodeSegment);
  if (parts.some((p) => p === undefined || p === '')) return { kind: 'unknown' };
  const [first, second, third] = parts as string[];
  const type = TYPE_OF_SEGMENT.get(first);
  if (type && parts.length === 1) return { kind: 'listing', type };
  if (type && parts.length === 3) return { kind: 'item', type, owner: second, item: third };
  if (first === 'catalogos' && parts.length === 1) return { kind: 'catalogues' };
  if (first === 'catalogos' && parts.length === 2) return { kind: 'catalogue', slug: second };
  const titled = TITLED[trimmed];
  if (titled) return { kind: 'titled', path: trimmed, ...titled };
  const section = PRIVATE_SECTIONS.find(({ base }) => trimmed === base || trimmed.startsWith(`${base}/`));
  return section ? { kind: 'titled', path: trimmed, title: section.title, index: false } : { kind: 'unknown' };
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function isPlatformRootPath(pathname: string): boolean {
  return PLATFORM_ROOT_PATHS.some((base) => pathname === base || pathname.startsWith(`${base}/`));
}

/**
 * File extensions of static assets: a GET for a missing `/x.js` or `/logo.png` answers a plain 404, not the
 * app (a browser would otherwise parse index.html as a script, and a crawler index it under the asset's URL).
 * Every page path of the app is made of slugs and ids, which never end like these.
 */
const ASSET_EXTENSION =
  /\.(?:js|mjs|cjs|css|map|json|txt|xml|ico|png|jpe?g|gif|webp|avif|svg|bmp|tiff?|woff2?|ttf|otf|eot|webmanifest|wasm|br|gz|zst|zip|pdf|mp[34]|webm|ogg|wav|csv|html?)$/i;

/**
 * True for a GET/HEAD that is a page of the app (answered with index.html and its head whatever the Accept
 * header: plain curl, `Accept: *\/*` and link-preview bots get the page, spec issue 10 §3): anything outside
 * `/api` and `/assets/` whose last segment is not a file name.
 */
export function isPageRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  if (pathname === '/assets' || pathname.startsWith('/assets/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !ASSET_EXTENSION.test(last);
}
