import { StoreLimits, type FooterStyle, type ShopJson, type ShopSection, type SignupForm, type Theme } from '@vitrina/contracts';
import type { ShopSettingsPatch } from '../api/shop-settings';
import { isFullUrl, isSitePath } from './validation';

/**
 * The `admin/configuracion` form (spec 1 §2, §3 'Shop', §5): its values, rules and the PATCH body. The rules
 * mirror the store service's UpdateShopDto so the owner sees the problem under the field before sending.
 */
export interface ShopSettingsValues {
  name: string;
  slug: string;
  hidden_store_name: boolean;
  hidden_search_bar: boolean;
  hidden_affinity_xheader: boolean;
  color1: string;
  color2: string;
  columns: 1 | 2;
  signup_form: SignupForm;
  darkmode: boolean;
  hidden_darkmode: boolean;
  footer_style: FooterStyle;
  footer_bg: string;
  footer_fg: string;
  contact_email: string;
  contact_country_code: string;
  contact_phone: string;
  whatsapp_country_code: string;
  whatsapp_phone: string;
  live_chat_license: string;
  users_support_url: string;
  seo_description: string;
  favicon: string;
  fb_pixel: string;
  /** spec 2 §4 'With a signup plan': the package offered to who signs up here ('' for none; issue 16). */
  signup_plan: string;
  /** The sections the owner chooses; 'catalogues' follows the catalogues themselves (server side). */
  sections_info: ShopSection[];
  theme: Theme;
  slider: boolean;
  header: boolean;
  adornment_type: string;
}

export type SettingsField = keyof ShopSettingsValues;

/** An i18n key of the `shopAdmin` namespace, with the maximum for the 'too long' message. */
export interface SettingsError {
  key: string;
  max?: number;
}

export type SettingsErrors = Partial<Record<SettingsField, SettingsError>>;

/** Maximum lengths of the store service's DTO. */
export const SETTINGS_MAX = {
  name: StoreLimits.shopNameMax,
  slug: StoreLimits.slugMax,
  live_chat_license: 100,
  seo_description: 300,
  adornment_type: 40,
  contact_email: 254,
} as const;

/** Sections the owner turns on or off here ('catalogues' is not among them). */
export const EDITABLE_SECTIONS = [
  'products',
  'services',
  'experiences',
  'digital',
  'franchises',
  'retail',
  'blogs',
] as const satisfies readonly ShopSection[];

const COLOUR =
  /^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/;
/** spec 1 §5 'slug' validator: letters, digits, underscore, hyphen. */
export const SLUG = /^[A-Za-z0-9_-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9]{4,15}$/;
const COUNTRY_CODE = /^\+?[0-9]{1,4}$/;
const FB_PIXEL = /^[0-9]{5,20}$/;

export function settingsOf(shop: ShopJson): ShopSettingsValues {
  const theme = shop.store_theme_info;
  return {
    name: shop.name,
    slug: shop.slug,
    hidden_store_name: shop.hidden_store_name,
    hidden_search_bar: shop.hidden_search_bar,
    hidden_affinity_xheader: shop.hidden_affinity_xheader,
    color1: theme.color1 ?? '',
    color2: theme.color2 ?? '',
    columns: theme.columns,
    signup_form: theme.signup_form,
    darkmode: shop.darkmode,
    hidden_darkmode: shop.hidden_darkmode,
    footer_style: shop.footer_style,
    footer_bg: shop.footer_bg ?? '',
    footer_fg: shop.footer_fg ?? '',
    contact_email: shop.contact_email ?? '',
    contact_country_code: shop.contact_country_code ?? '',
    contact_phone: shop.contact_phone ?? '',
    whatsapp_country_code: shop.whatsapp_country_code ?? '',
    whatsapp_phone: shop.whatsapp_phone ?? '',
    live_chat_license: shop.live_chat_license ?? '',
    users_support_url: shop.users_support_url ?? '',
    seo_description: shop.seo_description ?? '',
    favicon: shop.favicon ?? '',
    fb_pixel: shop.fb_pixel ?? '',
    signup_plan: shop.signup_plan ?? '',
    sections_info: theme.sections_info.filter((section) => section !== 'catalogues'),
    theme: theme.theme,
    slider: shop.slider,
    header: shop.header,
    adornment_type: shop.adornment_type ?? '',
  };
}

/** A phone as typed ('55 1234-5678') as the digits the server keeps. */
export function phoneDigits(value: string): string {
  return value.replace(/[\s().-]/g, '');
}

function tooLong(value: string, max: number): SettingsError | null {
  return value.trim().length > max ? { key: 'settings.errors.tooLong', max } : null;
}

/** spec 1 §5 'slug' (letters, digits, underscore, hyphen), at most 60. */
export function slugRule(slug: string): SettingsError | null {
  const text = slug.trim();
  if (!text) return { key: 'validation.required' };
  if (text.length > SETTINGS_MAX.slug) return { key: 'settings.errors.tooLong', max: SETTINGS_MAX.slug };
  if (!SLUG.test(text)) return { key: 'settings.errors.slug' };
  return null;
}

export function validateSettings(values: ShopSettingsValues): SettingsErrors {
  const errors: SettingsErrors = {};
  const set = (field: SettingsField, error: SettingsError | null) => {
    if (error) errors[field] = error;
  };
  // spec 1 §5 'Shop name: required'.
  const name = values.name.trim();
  set('name', !name ? { key: 'validation.required' } : tooLong(name, SETTINGS_MAX.name));
  set('slug', slugRule(values.slug));
  for (const field of ['color1', 'color2', 'footer_bg', 'footer_fg'] as const) {
    const colour = values[field].trim();
    if (colour && !COLOUR.test(colour)) set(field, { key: 'validation.color' });
  }
  const email = values.contact_email.trim();
  if (email) set('contact_email', EMAIL.test(email) ? tooLong(email, SETTINGS_MAX.contact_email) : { key: 'settings.errors.email' });
  // A messaging link is built from a country code and a phone (spec 1 §1): both or neither.
  for (const [code, phone] of [
    ['contact_country_code', 'contact_phone'],
    ['whatsapp_country_code', 'whatsapp_phone'],
  ] as const) {
    const digits = phoneDigits(values[phone]);
    const prefix = values[code].trim();
    if (digits && !PHONE.test(digits)) set(phone, { key: 'settings.errors.phone' });
    if (prefix && !COUNTRY_CODE.test(prefix)) set(code, { key: 'settings.errors.countryCode' });
    else if (digits && !prefix) set(code, { key: 'validation.required' });
  }
  set('live_chat_license', tooLong(values.live_chat_license, SETTINGS_MAX.live_chat_license));
  const support = values.users_support_url.trim();
  if (support && !isFullUrl(support)) set('users_support_url', { key: 'validation.url' });
  set('seo_description', tooLong(values.seo_description, SETTINGS_MAX.seo_description));
  const favicon = values.favicon.trim();
  if (favicon && !isFullUrl(favicon) && !isSitePath(favicon)) set('favicon', { key: 'validation.url' });
  const pixel = values.fb_pixel.trim();
  if (pixel && !FB_PIXEL.test(pixel)) set('fb_pixel', { key: 'settings.errors.fbPixel' });
  set('adornment_type', tooLong(values.adornment_type, SETTINGS_MAX.adornment_type));
  return errors;
}

const NULLABLE_TEXT = [
  'color1',
  'color2',
  'footer_bg',
  'footer_fg',
  'contact_email',
  'contact_country_code',
  'live_chat_license',
  'users_support_url',
  'seo_description',
  'favicon',
  'fb_pixel',
  'whatsapp_country_code',
  'adornment_type',
  'signup_plan',
] as const;
const FLAGS = [
  'hidden_store_name',
  'hidden_search_bar',
  'hidden_affinity_xheader',
  'darkmode',
  'hidden_darkmode',
  'slider',
  'header',
] as const;
const CHOICES = ['columns', 'signup_form', 'footer_style', 'theme'] as const;

/**
 * The PATCH body: only what changed against the shop as loaded, trimmed; empty text is sent as null (spec 1
 * §5), phones as digits. An empty object means nothing to save.
 */
export function settingsPatch(shop: ShopJson, values: ShopSettingsValues): ShopSettingsPatch {
  const before = settingsOf(shop);
  const patch: Record<string, unknown> = {};
  const name = values.name.trim();
  if (name !== before.name) patch['name'] = name;
  const slug = values.slug.trim();
  if (slug !== before.slug) patch['slug'] = slug;
  for (const field of NULLABLE_TEXT) {
    const value = values[field].trim();
    if (value !== before[field].trim()) patch[field] = value || null;
  }
  for (const field of ['contact_phone', 'whatsapp_phone'] as const) {
    const value = phoneDigits(values[field]);
    if (value !== phoneDigits(before[field])) patch[field] = value || null;
  }
  for (const field of [...FLAGS, ...CHOICES]) {
    if (values[field] !== before[field]) patch[field] = values[field];
  }
  const sections = [...new Set(values.sections_info)].sort();
  if (sections.join() !== [...before.sections_info].sort().join()) patch['sections_info'] = sections;
  return patch;
}

/** Whether the slug needs the availability check: well formed and not the shop's own (case-insensitive). */
export function slugNeedsCheck(shop: Pick<ShopJson, 'slug'>, slug: string): boolean {
  const text = slug.trim();
  return !slugRule(text) && text.toLowerCase() !== shop.slug.toLowerCase();
}
