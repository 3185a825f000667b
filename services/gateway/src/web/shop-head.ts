import type { FastifyRequest } from 'fastify';

/**
 * Renders the `<head>` markup of a shop's pages (`/tienda/{slug}/...`): title, description, canonical,
 * Open Graph, LocalBusiness JSON-LD, favicon (ARCHITECTURE §6), so that links shared on social networks
 * preview correctly. Tags returned here replace index.html's default `<title>` and description.
 *
 * Returns undefined to serve the app's default head.
 * TODO(shop-head issue): fetch the shop's public header from the store service and render it here,
 * escaping every value; shops on their own host arrive here too once domains are routed.
 */
export type RenderShopHead = (slug: string, request: FastifyRequest) => Promise<string | undefined>;

export const renderShopHead: RenderShopHead = async () => undefined;

/** `/tienda/{slug}` or `/tienda/{slug}/...` -> slug. */
export function shopSlugOf(path: string): string | undefined {
  const m = /^\/tienda\/([^/?#]+)/.exec(path);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
}

/** Puts the shop's head into index.html, dropping the defaults it replaces. */
export function injectHead(html: string, head: string): string {
  let out = html;
  if (/<title[\s>]/i.test(head)) out = out.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
  if (/<meta[^>]+name=["']description["']/i.test(head)) out = out.replace(/<meta[^>]+name=["']description["'][^>]*>\s*/i, '');
  return out.replace(/<\/head>/i, `${head}\n  </head>`);
}
