import { z } from 'zod';
import { FOOTER_STYLES, PHOTO_DISPLAYS, SHOP_SECTIONS, SIGNUP_FORMS, STORE_TYPES, THEMES } from '../../store-shop.js';
import { StoreBannerSchema } from './banner.js';
import { StoreHeaderSchema } from './header.js';

/** spec 1 §3 'root_affinity_store_info': the affinity store a shop hangs from, as the shop's own page shows it. */
export const RootAffinityStoreInfoSchema = z
  .strictObject({
    id: z.string(),
    owner: z.string(),
    name: z.string(),
    slug: z.string(),
    photo: z.string().nullable(),
    about_entry_id: z.string().nullable(),
    canonical_url: z.string().nullable(),
    users_support_url: z.string().nullable(),
    contact_country_code: z.string().nullable(),
    contact_phone: z.string().nullable(),
    whatsapp_country_code: z.string().nullable(),
    whatsapp_phone: z.string().nullable(),
    contact_email: z.string().nullable(),
    live_chat_license: z.string().nullable(),
    franchise_support_url: z.string().nullable(),
    affiliate_support_url: z.string().nullable(),
    /** The shop being loaded (the one that has this root affinity store). */
    currentShopID: z.string(),
  })
  .meta({ id: 'RootAffinityStoreInfo' });
export type RootAffinityStoreInfo = z.infer<typeof RootAffinityStoreInfoSchema>;

/** spec 1 §3 'store_theme_info'. Banners and headers are the ones the viewer's level may see (all of them for the owner's admin read). */
export const StoreThemeInfoSchema = z
  .strictObject({
    theme: z.enum(THEMES),
    color1: z.string().nullable(),
    color2: z.string().nullable(),
    columns: z.literal([1, 2]),
    signup_form: z.enum(SIGNUP_FORMS),
    sections_info: z.array(z.enum(SHOP_SECTIONS)),
    slider_info: z.array(StoreBannerSchema),
    header_info: z.array(StoreHeaderSchema),
  })
  .meta({ id: 'StoreThemeInfo' });
export type StoreThemeInfo = z.infer<typeof StoreThemeInfoSchema>;

/** The viewer as the access token says: level ul0..ul3, null when anonymous (spec 1 §6). */
export const ShopViewerInfoSchema = z
  .strictObject({
    user_level: z.literal([0, 1, 2, 3]).nullable(),
    is_owner: z.boolean(),
  })
  .meta({ id: 'ShopViewerInfo' });
export type ShopViewerInfo = z.infer<typeof ShopViewerInfoSchema>;

/** spec 1 §3 'Shop' as the store loads it (`GET /store/shops/by-slug/{slug}`, by host, by ref, the owner's admin read). */
export const ShopSchema = z
  .strictObject({
    id: z.string(),
    slug: z.string(),
    owner: z.string(),
    name: z.string(),
    photo: z.string().nullable(),
    photo_display: z.enum(PHOTO_DISPLAYS),
    hidden_store_name: z.boolean(),
    hidden_search_bar: z.boolean(),
    hidden_affinity_xheader: z.boolean(),
    store_type: z.enum(STORE_TYPES),
    is_proxy: z.boolean(),
    /** Published shops appear in public lists (franchise search). */
    state: z.enum(['published', 'unpublished']),
    canonical_url: z.string().nullable(),
    canonical_domain: z.string().nullable(),
    domain: z.string().nullable(),
    protocol: z.enum(['http', 'https']),
    host: z.string().nullable(),
    signup_plan: z.string().nullable(),
    fb_pixel: z.string().nullable(),
    live_chat_license: z.string().nullable(),
    whatsapp_phone: z.string().nullable(),
    whatsapp_country_code: z.string().nullable(),
    contact_email: z.string().nullable(),
    contact_phone: z.string().nullable(),
    contact_country_code: z.string().nullable(),
    permissions: z.array(z.string()),
    about_entry_id: z.string().nullable(),
    seo_description: z.string().nullable(),
    favicon: z.string().nullable(),
    /** Background: a colour or an image URL. */
    bgcolor: z.string().nullable(),
    darkmode: z.boolean(),
    hidden_darkmode: z.boolean(),
    adornment_type: z.string().nullable(),
    footer_bg: z.string().nullable(),
    footer_fg: z.string().nullable(),
    footer_style: z.enum(FOOTER_STYLES),
    users_support_url: z.string().nullable(),
    franchise_support_url: z.string().nullable(),
    affiliate_support_url: z.string().nullable(),
    /** Social handles, appended to each network's address (spec 1 §5); discord is a full URL. */
    facebook: z.string().nullable(),
    instagram: z.string().nullable(),
    twitter: z.string().nullable(),
    youtube: z.string().nullable(),
    twitch: z.string().nullable(),
    kick: z.string().nullable(),
    discord: z.string().nullable(),
    /** The franchise's supplier (franchise stores only add this supplier's products). */
    dssupplier: z.string().nullable(),
    /** True when the shop's supplier is disabled: the storefront shows the disabled-supplier banner. */
    dssupplier_banner: z.boolean(),
    /**
     * True for the platform's supplier-recruitment shops (the store's SUPPLIER_CARD_SHOPS): the supplier invitation is
     * a 'Proveedor' card with 'Regístrate aquí' instead of the one-line banner (spec 2 §2 'Supplier-invitation banners').
     */
    supplier_card: z.boolean(),
    /** Whether the banner carousel / header block are shown. */
    slider: z.boolean(),
    header: z.boolean(),
    user_info: ShopViewerInfoSchema,
    root_affinity_store_info: RootAffinityStoreInfoSchema.nullable(),
    store_theme_info: StoreThemeInfoSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Shop' });
export type Shop = z.infer<typeof ShopSchema>;

/** Why a slug is not available: another shop has it (any case), or RESERVED_SHOP_SLUGS holds it. */
export const SLUG_UNAVAILABLE_REASONS = ['taken', 'reserved'] as const;
export type SlugUnavailableReason = (typeof SLUG_UNAVAILABLE_REASONS)[number];

/** spec 1 §8 'Slug check': whether a slug is free ('Este dominio no está disponible' when not), and why not. */
export const SlugAvailabilitySchema = z
  .strictObject({
    slug: z.string(),
    available: z.boolean(),
    /** null when available. */
    reason: z.enum(SLUG_UNAVAILABLE_REASONS).nullable(),
  })
  .meta({ id: 'SlugAvailability' });
export type SlugAvailability = z.infer<typeof SlugAvailabilitySchema>;
