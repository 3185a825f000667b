import { useQuery } from '@tanstack/react-query';
import { useMatches } from '@tanstack/react-router';
import type { ItemType, ShopJson } from '@vitrina/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { catalogueQueryOptions } from '@/features/storefront/api/get-catalogue';
import { itemQueryOptions } from '@/features/storefront/api/get-item';
import type { ViewerId } from '@/features/storefront/api/viewer-key';
import { usePageHead, type PageHead } from '@/lib/page-head';
import { itemDetailPath, LISTING_SEGMENTS } from './listing-search';
import { catalogueOwnerRef, visibleShopBase } from './shop-path';

/**
 * The head of the shop page on screen (issue 10 §3), the same tags the gateway renders for it
 * (services/gateway/src/web/page-head.ts, shop-pages.ts): `{page} | {shop}` titles, the item's or catalogue's
 * description and picture, canonical URLs on the shop's canonical domain when it has one. Item and catalogue data
 * come from the queries their pages already made (same keys: no extra request).
 */
const SEGMENT_TYPES = Object.fromEntries(Object.entries(LISTING_SEGMENTS).map(([type, segment]) => [segment, type as ItemType])) as Record<
  string,
  ItemType
>;

type Match = { routeId: string; params: Record<string, string>; search: Record<string, unknown> };

export function useShopPageHead(shop: ShopJson, viewer: ViewerId): void {
  const { t } = useTranslation('storefront');
  const match = useMatches({ select: (matches) => matches.at(-1) as Match | undefined });
  const route = (match?.routeId ?? '').replace(/^\/tienda\/\$shopSlug/, '') || '/';
  const params = match?.params ?? {};
  const itemRoute = /^\/(\w+)\/\$owner\/\$itemId$/.exec(route);
  const itemType = itemRoute ? SEGMENT_TYPES[itemRoute[1]!] : undefined;
  const item = useQuery({
    ...itemQueryOptions({ owner: params.owner ?? '', item: params.itemId ?? '', shop: shop.slug }, viewer),
    enabled: itemType !== undefined && Boolean(params.owner && params.itemId),
  }).data;
  const isCatalogue = route === '/catalogos/$catalogueSlug';
  const catalogue = useQuery({
    ...catalogueQueryOptions(catalogueOwnerRef(shop), params.catalogueSlug ?? '', viewer),
    enabled: isCatalogue && Boolean(params.catalogueSlug),
  }).data;

  const name = shop.name.trim() || shop.slug;
  const origin = window.location.origin;
  const base = (httpUrl(shop.canonical_url) ?? `${origin}${visibleShopBase(shop.slug)}`).replace(/\/+$/, '');
  const page = typeof match?.search.page === 'number' && match.search.page > 1 ? `?page=${match.search.page}` : '';
  const shopHead = {
    siteName: name,
    description: shop.seo_description?.trim() || t('home.welcome', { name }),
    image: absolute(shop.photo, origin),
  };
  const titled = (title: string, path: string, extra: Partial<PageHead> = {}): PageHead => ({
    ...shopHead,
    title: `${title} | ${name}`,
    ogTitle: title,
    canonical: `${base}${path}`,
    ...extra,
  });

  let head: PageHead | null;
  const listingType = SEGMENT_TYPES[route.replace(/^\/|\/$/g, '')];
  if (route === '/') head = { ...shopHead, title: name, canonical: `${base}/` };
  else if (listingType) head = titled(t(`listing.title.${listingType}`), `/${LISTING_SEGMENTS[listingType]}${page}`);
  else if (itemType) {
    head = item
      ? titled(item.name, itemDetailPath(item), {
          description:
            item.description
              .replace(/<[^>]*>/g, ' ')
              .replace(/\s+/g, ' ')
              .trim()
              .slice(0, 300) || `${item.name} · ${name}`,
          image: absolute(item.photos[0], origin) ?? shopHead.image,
          ogType: 'product',
        })
      : null;
  } else if (route === '/catalogos/') head = titled(t('catalogues.title'), `/catalogos${page}`);
  else if (isCatalogue)
    head = catalogue
      ? titled(catalogue.name, `/catalogos/${encodeURIComponent(catalogue.slug)}${page}`, {
          image: absolute(catalogue.photo, origin) ?? shopHead.image,
        })
      : null;
  else head = otherPage(route, t, titled, name);
  usePageHead(head);
}

type Titled = (title: string, path: string, extra?: Partial<PageHead>) => PageHead;

/** The shop's other pages (web routes under tienda/$shopSlug), titled as the gateway titles them. */
function otherPage(route: string, t: TFunction<'storefront'>, titled: Titled, name: string): PageHead {
  switch (route) {
    case '/acerca':
      return titled(t('info.title.about', { name }), route);
    case '/info':
      return titled(t('info.title.info', { name }), route);
    case '/contacto':
      return titled(t('info.title.contact'), route);
    case '/terms':
      return titled(t('info.title.terms'), route);
    case '/privacidad':
      return titled(t('info.title.privacy'), route);
    case '/blogs':
      return titled(t('info.title.blogs'), route);
    case '/franquicias':
      return titled(t('info.title.franchises'), route);
    case '/buscar':
      return titled(t('search.title'), route, { noindex: true });
    case '/ayuda/proveedores/deshabilitado':
      return titled(t('info.title.disabledSupplier'), route, { noindex: true });
    default:
      // Preferences, the owner's settings, the not-found page: the shop's name, not for search engines.
      return titled(name, route, { title: name, canonical: undefined, noindex: true });
  }
}

function httpUrl(value: string | null | undefined): string | undefined {
  try {
    const url = value?.trim() ? new URL(value.trim()) : undefined;
    return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function absolute(value: string | null | undefined, origin: string): string | undefined {
  try {
    const url = value?.trim() ? new URL(value.trim(), origin) : undefined;
    return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : undefined;
  } catch {
    return undefined;
  }
}
