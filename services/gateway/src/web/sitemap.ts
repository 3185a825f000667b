import { ITEM_TYPES, type ItemType, type ShopJson } from '@vitrina/contracts';
import type { CatalogueReads } from './catalogue-reads.js';
import { createLookupCache } from './lookup-cache.js';
import { shopPageUrl, type ShopUrls } from './page-head.js';
import { cataloguePagePath, itemPagePath, listingPagePath } from './shop-pages.js';

/**
 * A shop's sitemap (issue 10 §3; sitemaps.org protocol): its home, listings, catalogues and every public item,
 * as canonical URLs (page-head.ts). Up to `urlsPerFile` URLs (the protocol allows 50,000) `sitemap.xml` is the
 * list itself; a larger shop gets a sitemap index there, pointing at `sitemap-1.xml`, `sitemap-2.xml`, ... each
 * holding the next `urlsPerFile` URLs of one fixed order (home and listings, catalogues, then items by type in
 * the listing's order). Read through the catalogue's public API, 100 per call; files are cached for a while.
 */
export interface SitemapOptions {
  reads: CatalogueReads;
  /** URLs per file; default (and most the protocol allows) 50,000. */
  urlsPerFile?: number;
  /** How long a built file is reused; default 10 min (crawlers come rarely, big shops cost many reads). */
  ttlMs?: number;
  /** Listing pages read at once while building a file; default 4. */
  concurrency?: number;
}

export type SitemapAnswer = { status: 200; xml: string } | { status: 404 } | { status: 503 };

export interface Sitemaps {
  /**
   * `sitemap.xml` (file undefined) or `sitemap-{file}.xml` of a shop. `fileBase` is where this shop's sitemap
   * files are served (`{origin}/tienda/{slug}` or the own host's origin); the URLs inside are canonical.
   */
  sitemap(shop: ShopJson, urls: ShopUrls, fileBase: string, file: number | undefined): Promise<SitemapAnswer>;
}

/** The protocol's limit per file. */
export const MAX_URLS_PER_FILE = 50_000;
const READ_PAGE = 100;

interface Entry {
  loc: string;
  lastmod?: string | undefined;
}

/** One run of the flat order of a shop's URLs. */
type Segment =
  { kind: 'fixed'; entries: Entry[] } | { kind: 'catalogues'; count: number } | { kind: 'items'; type: ItemType; count: number };

export function createSitemaps(options: SitemapOptions): Sitemaps {
  const perFile = Math.min(MAX_URLS_PER_FILE, Math.max(1, options.urlsPerFile ?? MAX_URLS_PER_FILE));
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const { reads } = options;
  const cache = createLookupCache<SitemapAnswer>({ ttlMs: options.ttlMs ?? 600_000, maxEntries: 200 });

  const build = async (shop: ShopJson, urls: ShopUrls, fileBase: string, file: number | undefined): Promise<SitemapAnswer> => {
    const owner = shop.owner || shop.slug;
    const [catalogues, ...typeCounts] = await Promise.all([
      reads.listCatalogues(owner, 0, 1).then((p) => p.matches_estimated),
      ...ITEM_TYPES.map((type) => reads.listItems(shop.slug, type, 0, 1).then((p) => p.matches_estimated)),
    ]);
    const fixed: Entry[] = [{ loc: shopPageUrl(urls, '/') }];
    ITEM_TYPES.forEach((type, i) => {
      if ((typeCounts[i] ?? 0) > 0) fixed.push({ loc: shopPageUrl(urls, listingPagePath(type)) });
    });
    if (catalogues > 0) fixed.push({ loc: shopPageUrl(urls, '/catalogos') });
    const segments: Segment[] = [
      { kind: 'fixed', entries: fixed },
      { kind: 'catalogues', count: catalogues },
      ...ITEM_TYPES.map((type, i): Segment => ({ kind: 'items', type, count: typeCounts[i] ?? 0 })),
    ];
    const total = segments.reduce((n, s) => n + (s.kind === 'fixed' ? s.entries.length : s.count), 0);
    const files = Math.ceil(total / perFile);
    if (file === undefined && files > 1)
      return { status: 200, xml: sitemapIndex(Array.from({ length: files }, (_, i) => `${fileBase}/sitemap-${i + 1}.xml`)) };
    const index = file ?? 1;
    if (index < 1 || index > Math.max(1, files)) return { status: 404 };
    const entries = await entriesIn(segments, (index - 1) * perFile, Math.min(total, index * perFile), shop, owner, urls);
    return { status: 200, xml: urlSet(entries) };
  };

  /** The entries of the flat order in [start, end). */
  const entriesIn = async (
    segments: Segment[],
    start: number,
    end: number,
    shop: ShopJson,
    owner: string,
    urls: ShopUrls,
  ): Promise<Entry[]> => {
    const out: Entry[] = [];
    let at = 0;
    for (const segment of segments) {
      const size = segment.kind === 'fixed' ? segment.entries.length : segment.count;
      const from = Math.max(start, at) - at;
      const to = Math.min(end, at + size) - at;
      at += size;
      if (to <= from) continue;
      if (segment.kind === 'fixed') {
        out.push(...segment.entries.slice(from, to));
        continue;
      }
      const read = (offset: number, limit: number): Promise<Entry[]> =>
        segment.kind === 'catalogues'
          ? reads
              .listCatalogues(owner, offset, limit)
              .then((p) => p.results.map((c) => ({ loc: shopPageUrl(urls, cataloguePagePath(c.slug)), lastmod: c.updated_at })))
          : reads
              .listItems(shop.slug, segment.type, offset, limit)
              .then((p) => p.results.map((item) => ({ loc: shopPageUrl(urls, itemPagePath(item)), lastmod: item.updated_at })));
      out.push(...(await readRange(from, to, read, concurrency)));
    }
    return out;
  };

  return {
    sitemap: (shop, urls, fileBase, file) =>
      cache(`${shop.slug}|${urls.base}|${fileBase}|${file ?? 'index'}`, () => build(shop, urls, fileBase, file)).then(
        (answer) => answer ?? { status: 503 },
      ),
  };
}

/** Reads [from, to) in pages of 100, `concurrency` at a time, in order. */
async function readRange(
  from: number,
  to: number,
  read: (offset: number, limit: number) => Promise<Entry[]>,
  concurrency: number,
): Promise<Entry[]> {
  const offsets: number[] = [];
  for (let offset = from; offset < to; offset += READ_PAGE) offsets.push(offset);
  const pages: Entry[][] = Array.from({ length: offsets.length }, () => []);
  let next = 0;
  const worker = async () => {
    while (next < offsets.length) {
      const i = next++;
      const offset = offsets[i];
      pages[i] = await read(offset, Math.min(READ_PAGE, to - offset));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, offsets.length) }, worker));
  return pages.flat();
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function xmlText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** W3C datetime as sitemaps want it; an unparsable date is left out. */
function lastmodOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString() : undefined;
}

export function urlSet(entries: readonly Entry[]): string {
  const lines = entries.map((e) => {
    const lastmod = lastmodOf(e.lastmod);
    return `  <url><loc>${xmlText(e.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}${lines.length ? '\n' : ''}</urlset>\n`;
}

export function sitemapIndex(locations: readonly string[]): string {
  const lines = locations.map((loc) => `  <sitemap><loc>${xmlText(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</sitemapindex>\n`;
}

/**
 * robots.txt. On a shop's own host it points to the shop's sitemap; on the platform's host (shops under
 * `/tienda/{slug}/`, each with its own `/tienda/{slug}/sitemap.xml`) it only keeps crawlers out of the API and
 * the owners' pages.
 */
export function robotsTxt(sitemapUrl: string | undefined): string {
  const lines = ['User-agent: *', 'Disallow: /api/'];
  if (sitemapUrl) lines.push('Disallow: /admin/', '', `Sitemap: ${sitemapUrl}`);
  else lines.push('Disallow: /tienda/*/admin/');
  return `${lines.join('\n')}\n`;
}
