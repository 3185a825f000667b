import type { CatalogueJson, ItemJson, ItemType, ListResponse } from '@vitrina/contracts';
import type { Logger } from '@vitrina/platform';
import type { Upstreams } from '../proxy/upstreams.js';
import { createLookupCache } from './lookup-cache.js';

/** What the catalogue said about one item or catalogue: found, not found, or no answer (undefined). */
export type Found<T> = { found: true; value: T } | { found: false };

/**
 * The catalogue's public data the gateway needs for page heads and sitemaps, read through the catalogue
 * service's public HTTP API, anonymously (so only what any visitor sees), like store-shops.ts reads shops.
 */
export interface CatalogueReads {
  /** `GET /catalogue/items/{owner}/{item}`: an item page's item. Undefined when the catalogue did not answer in time. */
  item(owner: string, item: string): Promise<Found<ItemJson> | undefined>;
  /** `GET /catalogue/public/referral/{owner}/catalogues/{slug}`: a published catalogue (owner = owner id or shop slug). */
  catalogue(owner: string, slug: string): Promise<Found<CatalogueJson> | undefined>;
  /** A page of a shop's public listing (`/catalogue/shops/{shop}/items`, sort queue_position); throws when it cannot answer. */
  listItems(shop: string, type: ItemType, offset: number, limit: number): Promise<ListResponse<ItemJson>>;
  /** A page of an owner's published catalogues (`/catalogue/public/referral/{owner}/catalogues`); throws when it cannot answer. */
  listCatalogues(owner: string, offset: number, limit: number): Promise<ListResponse<CatalogueJson>>;
}

export interface CatalogueReadsOptions {
  /** Longest wait for one item or catalogue of a page head (SHOP_HEAD_TIMEOUT_MS): the shop's head after that. */
  headTimeoutMs: number;
  /** Longest wait for one listing page of a sitemap. Default 10 s. */
  listTimeoutMs?: number;
  /** How long an item or catalogue is reused for heads; default 30 s (not found: 10 s). */
  ttlMs?: number;
  logger?: Logger;
}

/**
 * Reads over the catalogue service with the shop head's rule (store-shops.ts): 404 and 400 = no such thing,
 * anything else or no answer within the timeout = undefined (the page keeps the shop's head), a warning at most
 * every 30 s. Heads' answers are cached briefly, as shops are (shop-head.ts).
 */
export function catalogueReads(upstreams: Upstreams, options: CatalogueReadsOptions): CatalogueReads {
  const ttlMs = options.ttlMs ?? 30_000;
  const listTimeoutMs = options.listTimeoutMs ?? 10_000;
  const cache = createLookupCache<Found<unknown>>({ ttlMs: (v) => (v.found ? ttlMs : Math.min(ttlMs, 10_000)), maxEntries: 2_000 });
  let lastWarned = 0;
  const warn = (err: unknown, path: string) => {
    if (Date.now() - lastWarned > 30_000) {
      lastWarned = Date.now();
      options.logger?.warn({ err: (err as Error).message, path }, 'page head: catalogue unavailable, serving the shop head');
    }
  };

  const one = <T>(path: string, isValue: (body: unknown) => body is T) =>
    cache(path, async () => {
      try {
        const { status, body } = await upstreams.getJson('catalogue', path, options.headTimeoutMs);
        if (status === 200 && isValue(body)) return { found: true, value: body };
        if (status === 404 || status === 400) return { found: false };
        throw new Error(`catalogue answered ${status}`);
      } catch (err) {
        warn(err, path);
        return undefined;
      }
    }) as Promise<Found<T> | undefined>;

  const list = async <T>(path: string, isValue: (body: unknown) => body is T): Promise<ListResponse<T>> => {
    const { status, body } = await upstreams.getJson('catalogue', path, listTimeoutMs);
    const page = body as Partial<ListResponse<unknown>> | undefined;
    if (status !== 200 || !Array.isArray(page?.results) || typeof page.matches_estimated !== 'number')
      throw new Error(`catalogue answered ${status} to ${path}`);
    return { results: page.results.filter(isValue), matches_estimated: page.matches_estimated };
  };

  return {
    item: (owner, item) => one(`/catalogue/items/${seg(owner)}/${seg(item)}`, isItem),
    catalogue: (owner, slug) => one(`/catalogue/public/referral/${seg(owner)}/catalogues/${seg(slug)}`, isCatalogue),
    listItems: (shop, type, offset, limit) =>
      list(`/catalogue/shops/${seg(shop)}/items?type=${type}&offset=${offset}&limit=${limit}`, isItem),
    listCatalogues: (owner, offset, limit) =>
      list(`/catalogue/public/referral/${seg(owner)}/catalogues?offset=${offset}&limit=${limit}&sort=-weight,name`, isCatalogue),
  };
}

function seg(value: string): string {
  return encodeURIComponent(value);
}

function isItem(body: unknown): body is ItemJson {
  const b = body as Partial<ItemJson> | undefined;
  return (
    typeof b === 'object' &&
    b !== null &&
    typeof b.id === 'string' &&
    typeof b.owner === 'string' &&
    typeof b.name === 'string' &&
    typeof b.type === 'string'
  );
}

function isCatalogue(body: unknown): body is CatalogueJson {
  const b = body as Partial<CatalogueJson> | undefined;
  return typeof b === 'object' && b !== null && typeof b.id === 'string' && typeof b.slug === 'string' && typeof b.name === 'string';
}
