import type { FooterStyle, PhotoDisplay, RootAffinityStoreInfo, Shop, ShopSection, SignupForm, StoreType, Theme } from '@vitrina/contracts';
import type { AuthUser } from '@vitrina/platform';
import { toBannerJson, type BannerRow } from '../banners/banner.mapper.js';
import { toHeaderJson, type HeaderRow } from '../headers/header.mapper.js';
import type { ShopRow } from './shop.repository.js';

export function toRootAffinityInfo(root: ShopRow, currentShopId: string): RootAffinityStoreInfo {
  return {
    id: root.id,
    owner: root.ownerId,
    name: root.name,
    slug: root.slug,
    photo: root.photo,
    about_entry_id: root.aboutEntryId,
    canonical_url: root.canonicalUrl,
    users_support_url: root.usersSupportUrl,
    contact_country_code: root.contactCountryCode,
    contact_phone: root.contactPhone,
    whatsapp_country_code: root.whatsappCountryCode,
    whatsapp_phone: root.whatsappPhone,
    contact_email: root.contactEmail,
    live_chat_license: root.liveChatLicense,
    franchise_support_url: root.franchiseSupportUrl,
    affiliate_support_url: root.affiliateSupportUrl,
    currentShopID: currentShopId,
  };
}

/** The viewer's own part of a shop (spec 1 §3 'Shop' user_info): its level, and whether it owns the shop. */
export function toUserInfo(ownerId: string, viewer: AuthUser | undefined): Shop['user_info'] {
  return { user_level: viewer ? viewer.level : null, is_owner: viewer?.id === ownerId };
}

/** spec 1 §3 'Shop' with root_affinity_store_info and store_theme_info (banners/headers already filtered). */
export function toShopJson(
  shop: ShopRow,
  parts: { root?: ShopRow; banners: BannerRow[]; headers: HeaderRow[]; viewer?: AuthUser; supplierCard?: boolean },
): Shop {
  return {
    id: shop.id,
    slug: shop.slug,
    owner: shop.ownerId,
    name: shop.name,
    photo: shop.photo,
    photo_display: shop.photoDisplay as PhotoDisplay,
    hidden_store_name: shop.hiddenStoreName,
    hidden_search_bar: shop.hiddenSearchBar,
    hidden_affinity_xheader: shop.hiddenAffinityXheader,
    store_type: shop.storeType as StoreType,
    is_proxy: shop.isProxy,
    state: shop.state as Shop['state'],
    canonical_url: shop.canonicalUrl,
    canonical_domain: shop.canonicalDomain,
    domain: shop.domain,
    protocol: shop.protocol as Shop['protocol'],
    host: shop.host,
    signup_plan: shop.signupPlan,
    fb_pixel: shop.fbPixel,
    live_chat_license: shop.liveChatLicense,
    whatsapp_phone: shop.whatsappPhone,
    whatsapp_country_code: shop.whatsappCountryCode,
    contact_email: shop.contactEmail,
    contact_phone: shop.contactPhone,
    contact_country_code: shop.contactCountryCode,
    permissions: shop.permissions,
    about_entry_id: shop.aboutEntryId,
    seo_description: shop.seoDescription,
    favicon: shop.favicon,
    bgcolor: shop.bgcolor,
    darkmode: shop.darkmode,
    hidden_darkmode: shop.hiddenDarkmode,
    adornment_type: shop.adornmentType,
    footer_bg: shop.footerBg,
    footer_fg: shop.footerFg,
    footer_style: shop.footerStyle as FooterStyle,
    users_support_url: shop.usersSupportUrl,
    franchise_support_url: shop.franchiseSupportUrl,
    affiliate_support_url: shop.affiliateSupportUrl,
    facebook: shop.facebook,
    instagram: shop.instagram,
    twitter: shop.twitter,
    youtube: shop.youtube,
    twitch: shop.twitch,
    kick: shop.kick,
    discord: shop.discord,
    dssupplier: shop.dssupplierId,
    dssupplier_banner: shop.dssupplierBanner,
    supplier_card: parts.supplierCard ?? false,
    slider: shop.slider,
    header: shop.header,
    user_info: toUserInfo(shop.ownerId, parts.viewer),
    root_affinity_store_info: parts.root ? toRootAffinityInfo(parts.root, shop.id) : null,
    store_theme_info: {
      theme: shop.theme as Theme,
      color1: shop.color1,
      color2: shop.color2,
      columns: shop.columns === 1 ? 1 : 2,
      signup_form: shop.signupForm as SignupForm,
      sections_info: shop.sectionsInfo as ShopSection[],
      slider_info: parts.banners.map(toBannerJson),
      header_info: parts.headers.map(toHeaderJson),
    },
    created_at: shop.createdAt.toISOString(),
    updated_at: shop.updatedAt.toISOString(),
  };
}
