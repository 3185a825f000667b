import type { FastifyRequest } from 'fastify';
import type { ItemJson, ShopJson } from '@vitrina/contracts';
import type { CatalogueReads, Found } from './catalogue-reads.js';
import { escapeHtml, isOwnHost, jsonForScript, type ShopRef } from './shop-head.js';
import { CATALOGUES_TITLE, cataloguePagePath, itemPagePath, LISTING_TITLES, listingPagePath, type ShopPage } from './shop-pages.js';

/**
 * The `<head>` of each page of a shop other than its home (issue 10 §3: item pages with the item's title,
 * description, image, canonical and schema.org Product with its Offer; listings and catalogues with their own
 * titles and canonicals), rendered into index.html by the gateway like the shop's head (shop-head.ts), so that
 * link previews and crawlers without JavaScript see the page. The web app keeps the same tags up to date on
 * client-side navigation (web/src/lib/page-head.ts).
 */

/** Where a shop's pages are, as absolute URLs. */
export interface ShopUrls {
  /** scheme://host[:port] of the request. */
  origin: string;
  /**
   * The shop's home without its trailing slash: the shop's canonical_url (its own domain), else the root of
   * the shop's own host, else `{origin}/tienda/{slug}`.
   */
  base: string;
}

export function shopUrls(request: FastifyRequest, ref: ShopRef, shop: Pick<ShopJson, 'canonical_url' | 'slug'>): ShopUrls {
  const origin = `${request.protocol}://${request.host}`;
  const canonical = httpUrl(shop.canonical_url);
  if (canonical) return { origin, base: canonical.href.replace(/\/+$/, '') };
  return { origin, base: isOwnHost(ref) ? origin : `${origin}/tienda/${encodeURIComponent(shop.slug)}` };
}

/** A shop-relative path (`/productos`) as an absolute URL of the shop. */
export function shopPageUrl(urls: ShopUrls, path: string): string {
  return `${urls.base}${path.startsWith('/') ? path : `/${path}`}`;
}

export interface PageHead {
  status: 200 | 404;
  head: string;
}

/** Starts the reads of a page's own data; item pages need no shop for it, so this runs beside the shop's lookup. */
export function fetchItemData(page: ShopPage, reads: CatalogueReads | undefined): Promise<Found<ItemJson> | undefined> | undefined {
  return page.kind === 'item' && reads ? reads.item(page.owner, page.item) : undefined;
}

/**
 * The head of `page` (not the home: shop-head.ts renders that), or undefined to keep the shop's head: the
 * catalogue did not answer in time (the same fallback as the shop's own head). `query` is the request's query
 * string; only `page` (a listing's page number) belongs in a canonical URL.
 */
export async function renderPageHead(options: {
  page: Exclude<ShopPage, { kind: 'home' }>;
  shop: ShopJson;
  urls: ShopUrls;
  query: URLSearchParams;
  reads?: CatalogueReads;
  item?: Promise<Found<ItemJson> | undefined>;
}): Promise<PageHead | undefined> {
  const { page, shop, urls, query } = options;
  const shopName = shop.name.trim() || shop.slug;
  const shopDescription = shop.seo_description?.trim() || `Bienvenido a ${shopName}`;
  const pageNumber = pageOf(query);
  const common = { shop, shopName, urls };
  switch (page.kind) {
    case 'listing': {
      const title = LISTING_TITLES[page.type];
      return ok(
        headTags({
          ...common,
          title,
          description: `${title} de ${shopName}. ${shopDescription}`,
          canonical: withPage(shopPageUrl(urls, listingPagePath(page.type)), pageNumber),
        }),
      );
    }
    case 'catalogues':
      return ok(
        headTags({
          ...common,
          title: CATALOGUES_TITLE,
          description: `${CATALOGUES_TITLE} de ${shopName}. ${shopDescription}`,
          canonical: withPage(shopPageUrl(urls, '/catalogos'), pageNumber),
        }),
      );
    case 'titled':
      return ok(
        headTags({
          ...common,
          title: page.title,
          description: shopDescription,
          canonical: shopPageUrl(urls, page.path),
          noindex: !page.index,
        }),
      );
    case 'unknown':
      return notFound(common, shopDescription);
    case 'catalogue': {
      const found = options.reads ? await options.reads.catalogue(shop.owner || shop.slug, page.slug) : undefined;
      if (!found) return undefined;
      if (!found.found) return notFound(common, shopDescription);
      const catalogue = found.value;
      return ok(
        headTags({
          ...common,
          title: catalogue.name,
          description: `${catalogue.name}: ${CATALOGUES_TITLE.toLowerCase()} de ${shopName}. ${shopDescription}`,
          canonical: withPage(shopPageUrl(urls, cataloguePagePath(catalogue.slug)), pageNumber),
          image: absoluteUrl(catalogue.photo, urls.origin),
        }),
      );
    }
    case 'item': {
      const found = await (options.item ?? options.reads?.item(page.owner, page.item));
      if (!found) return undefined;
      if (!found.found) return notFound(common, shopDescription);
      return ok(itemHead(found.value, common));
    }
  }
}

function ok(head: string): PageHead {
  return { status: 200, head };
}

function notFound(common: Common, description: string): PageHead {
  return { status: 404, head: headTags({ ...common, title: 'Página no encontrada', description, noindex: true }) };
}

interface Common {
  shop: ShopJson;
  shopName: string;
  urls: ShopUrls;
}

interface HeadOptions extends Common {
  /** The page's own title; the document title adds the shop's name. */
  title: string;
  description: string;
  canonical?: string;
  image?: string | undefined;
  ogType?: 'website' | 'product';
  noindex?: boolean;
  /** Extra `<meta property>` pairs (Open Graph product price). */
  properties?: [string, string][];
  jsonLd?: Record<string, unknown>;
}

/** Title, description, canonical, favicon, robots, Open Graph, Twitter card and JSON-LD; every value escaped. */
function headTags(o: HeadOptions): string {
  const description = shorten(o.description, 300);
  const image = o.image ?? absoluteUrl(o.shop.photo, o.urls.origin);
  const favicon = absoluteUrl(o.shop.favicon, o.urls.origin);
  const attr = escapeHtml;
  const tags = [
    `<title>${escapeHtml(`${o.title} | ${o.shopName}`)}</title>`,
    `<meta name="description" content="${attr(description)}" />`,
    ...(o.canonical ? [`<link rel="canonical" href="${attr(o.canonical)}" />`] : []),
    ...(o.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(favicon ? [`<link rel="icon" href="${attr(favicon)}" />`] : []),
    `<meta property="og:type" content="${o.ogType ?? 'website'}" />`,
    `<meta property="og:site_name" content="${attr(o.shopName)}" />`,
    `<meta property="og:title" content="${attr(o.title)}" />`,
    `<meta property="og:description" content="${attr(description)}" />`,
    ...(o.canonical ? [`<meta property="og:url" content="${attr(o.canonical)}" />`] : []),
    ...(image ? [`<meta property="og:image" content="${attr(image)}" />`] : []),
    ...(o.properties ?? []).map(([property, content]) => `<meta property="${attr(property)}" content="${attr(content)}" />`),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    // `data-page-head`: the web app drops this block once the visitor navigates to another page (page-head.ts).
    ...(o.jsonLd ? [`<script type="application/ld+json" data-page-head="">${jsonForScript(o.jsonLd)}</script>`] : []),
  ];
  return tags.map((t) => `    ${t}`).join('\n');
}

function itemHead(item: ItemJson, common: Common): string {
  const canonical = shopPageUrl(common.urls, itemPagePath(item));
  const text = plainText(item.description);
  const description = text || `${item.name} en ${common.shopName}`;
  const images = item.photos.flatMap((photo) => absoluteUrl(photo, common.urls.origin) ?? []);
  const offer = itemOffer(item, canonical, common.shopName);
  return headTags({
    ...common,
    title: item.name,
    description,
    canonical,
    image: images[0],
    ogType: 'product',
    properties: offer
      ? [
          ['product:price:amount', String(offer.price)],
          ['product:price:currency', String(offer.priceCurrency)],
        ]
      : [],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      '@id': canonical,
      name: item.name,
      description: shorten(description, 5000),
      url: canonical,
      sku: item.id,
      ...(images.length > 0 ? { image: images } : {}),
      ...(item.owner_name?.trim() ? { brand: { '@type': 'Brand', name: item.owner_name.trim() } } : {}),
      ...(offer ? { offers: offer } : {}),
    },
  });
}

/** schema.org Offer of an item (none when the supplier hides its price: an Offer must have one). */
export function itemOffer(item: ItemJson, url: string, seller: string): Record<string, unknown> | undefined {
  if (item.hide_price) return undefined;
  const currency = item.currency.trim().toUpperCase();
  return {
    '@type': 'Offer',
    url,
    price: majorUnits(item.is_free ? 0 : item.list_price_minor, currencyDigits(currency)),
    priceCurrency: currency,
    availability: `https://schema.org/${availabilityOf(item)}`,
    seller: { '@type': 'Organization', name: seller },
  };
}

/** From the item's stock (spec 1 §3 'Cart product': onstock items cannot be bought beyond `available`). */
export function availabilityOf(
  item: Pick<ItemJson, 'sold_out' | 'concluded' | 'experience_available' | 'type' | 'stock_type' | 'available'>,
): 'InStock' | 'OutOfStock' {
  if (item.sold_out || item.concluded) return 'OutOfStock';
  if (item.type === 'experience' && item.experience_available === false) return 'OutOfStock';
  if (item.stock_type === 'onstock' && item.available !== null && item.available <= 0) return 'OutOfStock';
  return 'InStock';
}

const digitsByCurrency = new Map<string, number>();

/** How many decimals the currency has (ISO 4217 via Intl: MXN 2, CLP 0, KWD 3); 2 for an unknown code. */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    // Bounded: codes come from item data, a few dozen at most in practice.
    if (digitsByCurrency.size < 500) digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/**
 * Hundredths (every price's minor unit here, libs/contracts catalogue-items) in major units with the
 * currency's digits, computed on integers so no float rounds: (19950, 2) -> "199.50", (129950, 0) -> "1300",
 * (19950, 3) -> "199.500".
 */
export function majorUnits(hundredths: number, digits: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(hundredths));
  let scaled: number;
  if (digits >= 2) scaled = abs * 10 ** (digits - 2);
  else {
    const divisor = 10 ** (2 - digits);
    // Half up, as a price shown with fewer digits is rounded.
    scaled = Math.floor((abs + divisor / 2) / divisor);
  }
  if (digits === 0) return `${sign}${scaled}`;
  const text = String(scaled).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A 1-based page number > 1 from the query, else undefined (page 1 is the page's own URL). */
function pageOf(query: URLSearchParams): number | undefined {
  const raw = query.get('page');
  if (!raw || !/^\d{1,7}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 1 ? n : undefined;
}

function withPage(url: string, page: number | undefined): string {
  return page ? `${url}?page=${page}` : url;
}

/** Text of an item description (plain text or simple HTML): tags dropped, entities left, whitespace collapsed. */
function plainText(value: string | null | undefined): string {
  return (value ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function shorten(text: string, max: number): string {
  // Cut between graphemes, so an emoji or an accented letter written with a combining mark is never split.
  const chars = Array.from(new Intl.Segmenter().segment(text), (g) => g.segment);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
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

/** An image (often `/api/gallery/files/...`) as an absolute http(s) URL, as Open Graph requires. */
export function absoluteUrl(value: string | null | undefined, origin: string): string | undefined {
  return httpUrl(value, origin)?.href;
}
