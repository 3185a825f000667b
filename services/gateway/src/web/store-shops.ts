import type { ShopJson } from '@vitrina/contracts';
import type { Logger } from '@vitrina/platform';
import type { Upstreams } from '../proxy/upstreams.js';
import type { FetchShop, ShopRef } from './shop-head.js';

/**
 * Reads a shop from the store service for the page head: `GET /store/shops/by-slug/{slug}` or
 * `/store/shops/by-host/{host}`, anonymous, no affiliate parameters (so no visit is recorded: the SPA's own
 * load records it). 404 (and 400: a slug or host that cannot exist) = no such shop; anything else, or no answer
 * within `timeoutMs`, = undefined (the page falls back to the default head).
 */
export function storeShopFetcher(upstreams: Upstreams, timeoutMs: number, logger?: Logger): FetchShop {
  let lastWarned = 0;
  return async (ref: ShopRef) => {
    const path =
      'slug' in ref ? `/store/shops/by-slug/${encodeURIComponent(ref.slug)}` : `/store/shops/by-host/${encodeURIComponent(ref.host)}`;
    try {
      const { status, body } = await upstreams.getJson('store', path, timeoutMs);
      if (status === 200 && isShop(body)) return { found: true, shop: body };
      if (status === 404 || status === 400) return { found: false };
      throw new Error(`store answered ${status}`);
    } catch (err) {
      // At most one line every 30 s while the store is down: pages keep loading with the default head.
      if (Date.now() - lastWarned > 30_000) {
        lastWarned = Date.now();
        logger?.warn({ err: (err as Error).message, path }, 'shop head: store unavailable, serving the default head');
      }
      return undefined;
    }
  };
}

function isShop(body: unknown): body is ShopJson {
  const b = body as Partial<ShopJson> | undefined;
  return typeof b === 'object' && b !== null && typeof b.name === 'string' && typeof b.slug === 'string';
}
