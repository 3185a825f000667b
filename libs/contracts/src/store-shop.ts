/**
 * Shops, banners, headers, menu and franchises (spec 1 §2, §3, §5, §9): the store service's JSON shapes,
 * enums and limits. One source for web and services.
 */

export const STORE_TYPES = ['franchise', 'affinity', 'affiliate', 'others'] as const;
export type StoreType = (typeof STORE_TYPES)[number];

/**
 * Store types anyone may create a shop with (`POST /store/shops`, issue 16). A franchise is tied to its supplier:
 * only a supplier (the dssupplier-admin keychain) opens one, for their own products (SUPPLIER_STORE_TYPES); anyone
 * else gets 400 store_type_not_allowed.
 */
export const CREATABLE_STORE_TYPES = ['others', 'affiliate', 'affinity'] as const satisfies readonly StoreType[];
export type CreatableStoreType = (typeof CREATABLE_STORE_TYPES)[number];
export const SUPPLIER_STORE_TYPES = [...CREATABLE_STORE_TYPES, 'franchise'] as const satisfies readonly StoreType[];

/** spec 1 §5 'slug' validator: letters, digits, underscore, hyphen. */
export const SHOP_SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Slugs no shop may take (compared case-insensitively): the platform's own paths and names a shop address
 * (`/tienda/{slug}`, a sub-domain) must not be confused with. 409 slug_reserved.
 */
export const RESERVED_SHOP_SLUGS: readonly string[] = [
  'admin',
  'api',
  'tienda',
  'apps',
  'app',
  'me',
  'www',
  'static',
  'assets',
  'ayuda',
  'asistentes',
  'carrito',
  'comprar',
  'checkout',
  'login',
  'logout',
  'register',
  'registro',
  'password',
  'mis-compras',
  'mis-boletos',
  'checkin',
  'proveedor',
  'proveedores',
  'emprendedores',
  'tiendaenlinea',
  'negociodigital',
  'mkt',
  'shopping-cart',
  'preferencias',
  'activate',
  'health',
  'docs',
  'vitrina',
  'soporte',
  'support',
];

/** Whether a shop slug is reserved (RESERVED_SHOP_SLUGS, any case). */
export function isReservedShopSlug(slug: string): boolean {
  return RESERVED_SHOP_SLUGS.includes(slug.trim().toLowerCase());
}

export const PHOTO_DISPLAYS = ['bdr_cir', 'cir', 'bdr_sq', 'sq', 'bdr_rec', 'rec'] as const;
export type PhotoDisplay = (typeof PHOTO_DISPLAYS)[number];

export const SIGNUP_FORMS = ['complete', 'basic'] as const;
export type SignupForm = (typeof SIGNUP_FORMS)[number];

/** Storefront themes (spec 1 §2: at least 03 and 05). */
export const THEMES = ['03', '05'] as const;
export type Theme = (typeof THEMES)[number];

export const FOOTER_STYLES = ['3cols1col', 'simple'] as const;
export type FooterStyle = (typeof FOOTER_STYLES)[number];

/** spec 1 §3 'store_theme_info.sections_info'. */
export const SHOP_SECTIONS = ['products', 'digital', 'services', 'experiences', 'franchises', 'retail', 'blogs', 'catalogues'] as const;
export type ShopSection = (typeof SHOP_SECTIONS)[number];

/** spec 1 §6 'Banner visibility targets': all, anonymous, registered (ul0), ul1, ul2. */
export const VISIBILITY_TARGETS = ['all', 'anon', 'ul0', 'ul1', 'ul2'] as const;
export type VisibilityTarget = (typeof VISIBILITY_TARGETS)[number];

/** spec 1 §3 'Banner.action_type' (the form offers PRODUCT or URL). */
export const BANNER_ACTION_TYPES = ['none', 'product', 'url', 'signup'] as const;
export type BannerActionType = (typeof BANNER_ACTION_TYPES)[number];

/** spec 1 §3 'Header.action_type' (default none). */
export const HEADER_ACTION_TYPES = ['none', 'url', 'product'] as const;
export type HeaderActionType = (typeof HEADER_ACTION_TYPES)[number];

/** spec 1 §2 header button labels, in order: Regístrate, Regístrate ahora, Regístrate gratis, Comienza Ahora, Comprar ahora, Ver más. */
export const HEADER_BUTTON_LABELS = ['signup', 'signupnow', 'signupfree', 'startnow', 'buynow', 'more'] as const;
export type HeaderButtonLabel = (typeof HEADER_BUTTON_LABELS)[number];

/** Social networks of a shop: handles appended to each network's address, discord a full URL (spec 1 §5). */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'twitter', 'youtube', 'twitch', 'kick', 'discord'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Affiliate parameters read on the shop load (spec 1 §7 'Load shop'). */
export const AFFILIATE_PARAMS = ['gclid', 'fbclid', 'click_id', 'referral', 'campaign', 'referral_slug'] as const;
export type AffiliateParam = (typeof AFFILIATE_PARAMS)[number];

export const StoreLimits = {
  /** spec 1 §5, §9 'Header limits'. */
  headerTitleMax: 30,
  headerSubtitleMax: 40,
  headerDescriptionMax: 130,
  /** Banners and headers lists (spec 1 §9). */
  bannersPageSize: 10,
  headersPageSize: 10,
  /** Published franchises search (spec 1 §7: limit 10) and public franchises of a catalogue (limit 30). */
  franchisesSearchPageSize: 10,
  franchisesPageSize: 30,
  /** Default shop columns (spec 1 §3: default 2; 1 or 2). */
  defaultColumns: 2,
  /** Default header gradient colour (spec 1 §9: RGB(245,248,250)). */
  defaultHeaderColor: '#f5f8fa',
  shopNameMax: 100,
  /** A new shop's slug: 3 to 60 characters (issue 16 'Create a shop'). */
  slugMin: 3,
  slugMax: 60,
  urlMax: 2048,
  bannersPerShopMax: 30,
  headersPerShopMax: 30,
} as const;

/** Gallery uploads (spec 1 §5, spec 2 'Gallery upload'). */
export const GalleryLimits = {
  /** Largest accepted image, in bytes. */
  maxBytes: 4_000_000,
  /** `get_main_colors` default (spec 1 §9). */
  defaultMainColors: 5,
  maxMainColors: 10,
  /** Accepted formats, judged by the bytes. */
  formats: ['jpeg', 'png', 'svg'] as const,
} as const;

/** The answer of `POST /gallery/{owner}:{mashupID}/`. */
export interface GalleryUploadJson {
  id: string;
  url: string;
  /** Main colours of the image, most prominent first, as `#rrggbb`. */
  main_colors: string[];
  name: string | null;
  content_type: 'image/jpeg' | 'image/png' | 'image/svg+xml';
  width: number | null;
  height: number | null;
  size: number;
  /** WebP size variants, narrowest first (issue 10 §3; `GALLERY_VARIANT_WIDTHS`); empty for an SVG. */
  variants: { name_width: number; width: number; height: number; url: string; content_type: 'image/webp' }[];
}

/** spec 1 §3 'Banner'. */
export interface BannerJson {
  id: string;
  hzt_image: string;
  hzt_image_id: string | null;
  vrt_image: string;
  vrt_image_id: string | null;
  product: string | null;
  supplier: string | null;
  url: string | null;
  url_target: boolean;
  target: VisibilityTarget;
  action_type: BannerActionType;
  position: number;
  created_at: string;
  updated_at: string;
}

/** spec 1 §3 'Header', plus the background gradient of the header editor (issue 5). */
export interface HeaderJson {
  id: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  target: VisibilityTarget;
  action_type: HeaderActionType;
  url: string | null;
  product: string | null;
  product_supplier: string | null;
  button_label: HeaderButtonLabel | null;
  /** Gradient start and end colours (`#rrggbb`); default RGB(245,248,250). */
  initial_color: string;
  final_color: string;
  position: number;
  created_at: string;
  updated_at: string;
}

/** spec 1 §3 'root_affinity_store_info'. */
export interface RootAffinityStoreInfoJson {
  id: string;
  owner: string;
  name: string;
  slug: string;
  photo: string | null;
  about_entry_id: string | null;
  canonical_url: string | null;
  users_support_url: string | null;
  contact_country_code: string | null;
  contact_phone: string | null;
  whatsapp_country_code: string | null;
  whatsapp_phone: string | null;
  contact_email: string | null;
  live_chat_license: string | null;
  franchise_support_url: string | null;
  affiliate_support_url: string | null;
  /** The shop being loaded (the one that has this root affinity store). */
  currentShopID: string;
}

/** spec 1 §3 'store_theme_info'. Banners and headers are the ones the viewer's level may see. */
export interface StoreThemeInfoJson {
  theme: Theme;
  color1: string | null;
  color2: string | null;
  columns: 1 | 2;
  signup_form: SignupForm;
  sections_info: ShopSection[];
  slider_info: BannerJson[];
  header_info: HeaderJson[];
}

/** spec 1 §3 'Shop' as `GET /store/shops/by-slug/{slug}` answers it. */
export interface ShopJson {
  id: string;
  slug: string;
  owner: string;
  name: string;
  photo: string | null;
  photo_display: PhotoDisplay;
  hidden_store_name: boolean;
  hidden_search_bar: boolean;
  hidden_affinity_xheader: boolean;
  store_type: StoreType;
  is_proxy: boolean;
  /** Published shops appear in public lists (franchise search). */
  state: 'published' | 'unpublished';
  canonical_url: string | null;
  canonical_domain: string | null;
  domain: string | null;
  protocol: 'http' | 'https';
  host: string | null;
  signup_plan: string | null;
  fb_pixel: string | null;
  live_chat_license: string | null;
  whatsapp_phone: string | null;
  whatsapp_country_code: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  contact_country_code: string | null;
  permissions: string[];
  about_entry_id: string | null;
  seo_description: string | null;
  favicon: string | null;
  /** Background: a colour or an image URL. */
  bgcolor: string | null;
  darkmode: boolean;
  hidden_darkmode: boolean;
  adornment_type: string | null;
  footer_bg: string | null;
  footer_fg: string | null;
  footer_style: FooterStyle;
  users_support_url: string | null;
  franchise_support_url: string | null;
  affiliate_support_url: string | null;
  facebook: string | null;
  instagram: string | null;
  twitter: string | null;
  youtube: string | null;
  twitch: string | null;
  kick: string | null;
  /** Full URL. */
  discord: string | null;
  /** The franchise's supplier (franchise stores only add this supplier's products). */
  dssupplier: string | null;
  /** True when the shop's supplier is disabled: the storefront shows the disabled-supplier banner. */
  dssupplier_banner: boolean;
  /** The platform's supplier-recruitment shop: the supplier invitation is the 'Proveedor' card (spec 2 §2). */
  supplier_card: boolean;
  /** Whether the banner carousel / header block are shown. */
  slider: boolean;
  header: boolean;
  /** The viewer's level as the token says (null when anonymous). */
  user_info: { user_level: 0 | 1 | 2 | 3 | null; is_owner: boolean };
  root_affinity_store_info: RootAffinityStoreInfoJson | null;
  store_theme_info: StoreThemeInfoJson;
  created_at: string;
  updated_at: string;
}

/** spec 1 §3 'Franchise'. */
export interface FranchiseJson {
  id: string;
  name: string;
  slug: string;
  photo: string | null;
  canonical_url: string | null;
  store_type: StoreType;
  in_store?: boolean;
}

/** A localised label (spec 1 §7 'Menu options'). */
export interface LocalisedLabel {
  es: string;
  en: string;
  'es-AR': string;
}

/** spec 1 §2 'Shop menu' / §7 'Menu options'. */
export interface MenuOptionJson {
  key: ShopSection | 'info';
  label: LocalisedLabel;
  icon: string;
  icon_color: string;
  path: string;
  submenu: MenuOptionJson[];
  app_module: string;
  /** Admin menu: a plus button beside the section. */
  can_add: boolean;
}

export interface MenuJson {
  mode: 'admin' | 'public' | 'proxy';
  results: MenuOptionJson[];
  matches_estimated: number;
}

/** Error codes of the store service beyond ErrorCodes (spec 1 §5, §8). */
export const StoreErrorCodes = {
  /** spec 1 §5: a banner URL (not in 2-column mode) that is not a web address ('invalid-carousel-link'). */
  invalidCarouselLink: 'invalid_carousel_link',
  /** An upload that is not a JPEG, PNG or SVG judged by its bytes, or an SVG that cannot be made safe. */
  invalidImage: 'invalid_image',
  /** spec 1 §8 'Slug check': 'Este dominio no está disponible'. */
  slugTaken: 'slug_taken',
  /** A slug of RESERVED_SHOP_SLUGS (any case): no shop may take it. */
  slugReserved: 'slug_reserved',
  /** The caller already owns a shop (one shop per user, issue 16 first slice). */
  shopAlreadyOwned: 'shop_already_owned',
  /** A store type a user may not create a shop with (CREATABLE_STORE_TYPES: a franchise comes with its supplier). */
  storeTypeNotAllowed: 'store_type_not_allowed',
} as const;

/**
 * The platform's own pages that keep their root path on a shop's host too (account activation and password links
 * from e-mails, log-out, the supplier's pages, the buyer's and seller's order views of spec 3 §2, 'create your free
 * store' `/asistentes/emprendedores`): they are not shop
 * pages, so the shop-host rewrite (web) and the gateway's shop pages leave them alone. `/preferencias`,
 * `/mis-compras` and `/admin` are not here: on a shop's host they are the shop's own pages.
 */
export const PLATFORM_ROOT_PATHS: readonly string[] = [
  '/activate',
  '/apps',
  '/asistentes',
  '/emprendedores',
  '/logout',
  '/me',
  '/mkt',
  '/negociodigital',
  '/password',
  '/proveedor',
  '/proveedores',
  '/register',
  '/shopping-cart',
  '/tiendaenlinea',
];
