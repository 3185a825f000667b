import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { AFFILIATE_PARAMS, StoreLimits, type AffiliateParam, type ShopJson, type StoreThemeInfoJson } from '@vitrina/contracts';
import { useViewer } from '@/features/storefront/components/shared/storefront-context';
import { api, unwrap } from '@/api/client';
import { cleanQuery } from './http';
import { viewerScope, type ViewerId } from './viewer-key';

export type Shop = ShopJson;

const DEFAULT_THEME_INFO: StoreThemeInfoJson = {
  theme: '03',
  color1: null,
  color2: null,
  columns: StoreLimits.defaultColumns,
  signup_form: 'complete',
  sections_info: ['products', 'services', 'experiences', 'digital', 'catalogues'],
  slider_info: [],
  header_info: [],
};

/**
 * The shop as the storefront uses it: every field of spec 1 §3 'Shop', with the documented defaults filled in
 * for anything an answer leaves out, so one missing optional field never breaks a page.
 */
export function toShop(raw: Partial<ShopJson> & Pick<ShopJson, 'id' | 'slug' | 'name'>): Shop {
  const theme = raw.store_theme_info;
  return {
    owner: '',
    photo: null,
    photo_display: 'cir',
    hidden_store_name: false,
    hidden_search_bar: false,
    hidden_affinity_xheader: false,
    store_type: 'others',
    is_proxy: false,
    state: 'published',
    canonical_url: null,
    canonical_domain: null,
    domain: null,
    protocol: 'https',
    host: null,
    signup_plan: null,
    fb_pixel: null,
    live_chat_license: null,
    whatsapp_phone: null,
    whatsapp_country_code: null,
    contact_email: null,
    contact_phone: null,
    contact_country_code: null,
    permissions: [],
    about_entry_id: null,
    seo_description: null,
    favicon: null,
    bgcolor: null,
    darkmode: false,
    hidden_darkmode: false,
    adornment_type: null,
    footer_bg: null,
    footer_fg: null,
    footer_style: 'simple',
    users_support_url: null,
    franchise_support_url: null,
    affiliate_support_url: null,
    facebook: null,
    instagram: null,
    twitter: null,
    youtube: null,
    twitch: null,
    kick: null,
    discord: null,
    dssupplier: null,
    dssupplier_banner: false,
    supplier_card: false,
    slider: true,
    header: true,
    user_info: { user_level: null, is_owner: false },
    root_affinity_store_info: null,
    created_at: '',
    updated_at: '',
    ...raw,
    store_theme_info: {
      ...DEFAULT_THEME_INFO,
      ...theme,
      sections_info: theme?.sections_info ?? DEFAULT_THEME_INFO.sections_info,
      slider_info: theme?.slider_info ?? [],
      header_info: theme?.header_info ?? [],
    },
  };
}

export type AffiliateParams = Partial<Record<AffiliateParam, string>>;

/** The affiliate parameters of a shop URL (spec 1 §7 'Load shop'), to be recorded with the load. */
export function affiliateParamsOf(search: Record<string, unknown>): AffiliateParams {
  const params: AffiliateParams = {};
  for (const name of AFFILIATE_PARAMS) {
    const value = search[name];
    if (typeof value === 'string' || typeof value === 'number') {
      const text = String(value).trim().slice(0, 200);
      if (text) params[name] = text;
    }
  }
  return params;
}

/** spec 1 §7 'Load shop': GET /api/store/shops/by-slug/{slug}. A missing shop answers 404 shop_not_found. */
export async function getShopBySlug(slug: string, affiliate?: AffiliateParams, signal?: AbortSignal): Promise<Shop> {
  const raw = await unwrap(
    api.GET('/api/store/shops/by-slug/{slug}', { params: { path: { slug }, query: cleanQuery({ ...affiliate }) }, signal }),
  );
  return toShop(raw);
}

export function shopBySlugQueryOptions(slug: string, viewer: ViewerId) {
  return queryOptions({
    queryKey: ['storefront', viewerScope(viewer), 'shop', slug],
    queryFn: ({ signal }) => getShopBySlug(slug, undefined, signal),
  });
}

/**
 * For components under the shop route, whose loader already ensured the data. The viewer is the storefront's
 * (context) unless given: the shop route, above the context, passes the session's.
 */
export function useShopBySlug(slug: string, viewer?: ViewerId) {
  const fromContext = useViewer().userId;
  return useSuspenseQuery(shopBySlugQueryOptions(slug, viewer === undefined ? fromContext : viewer));
}
