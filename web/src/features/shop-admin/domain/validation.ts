import {
  CatalogueLimits,
  StoreLimits,
  type HeaderActionType,
  type HeaderButtonLabel,
  type SocialNetwork,
  type VisibilityTarget,
} from '@vitrina/contracts';

/**
 * The form rules of spec 1 §5, one place for every editor. Each rule answers null when the value is fine, else
 * an i18n key of the `shopAdmin` namespace (`validation.*`) to show under the field.
 */
export type RuleResult = string | null;

/** A web address: optional http(s) scheme, a dotted host, an optional path (spec 1 §5 'web address pattern'). */
const WEB_ADDRESS = /^(https?:\/\/)?(localhost|([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,})(:\d{2,5})?([/?#][^\s]*)?$/i;
/** A full URL with a scheme (discord, catalogue photo). */
const FULL_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
/** A social handle: letters, digits, dot, underscore, hyphen (a leading @ is dropped). */
const HANDLE = /^[a-z0-9._-]{1,100}$/i;

export function isWebAddress(value: string): boolean {
  const text = value.trim();
  return text.length > 0 && text.length <= StoreLimits.urlMax && WEB_ADDRESS.test(text);
}

export function isFullUrl(value: string): boolean {
  const text = value.trim();
  return text.length > 0 && text.length <= StoreLimits.urlMax && FULL_URL.test(text);
}

/** A shop-relative path such as `/productos/x/y`; accepted where the server takes a site path. */
export function isSitePath(value: string): boolean {
  return /^\/(?!\/)[^\s]*$/.test(value.trim());
}

// ---------------------------------------------------------------- shop identity

export function shopNameRule(name: string): RuleResult {
  const text = name.trim();
  if (!text) return 'validation.required';
  if (text.length > StoreLimits.shopNameMax) return 'validation.tooLong';
  return null;
}

// ---------------------------------------------------------------- header block

export interface HeaderFormValues {
  title: string;
  subtitle: string;
  description: string;
  action_type: HeaderActionType;
  url: string;
  product: string;
  product_supplier: string;
  button_label: HeaderButtonLabel | '';
  initial_color: string;
  final_color: string;
  /** spec 1 §3 'Header.target': who sees the section (all, anonymous visitors, a user level). */
  target: VisibilityTarget;
}

export type HeaderErrors = Partial<Record<keyof HeaderFormValues, string>>;

/** spec 1 §5 'Header': title required ≤ 30, subtitle ≤ 40, description ≤ 130, url for a url action, a label for any action. */
export function validateHeader(values: HeaderFormValues): HeaderErrors {
  const errors: HeaderErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = 'validation.required';
  else if (title.length > StoreLimits.headerTitleMax) errors.title = 'validation.headerTitleMax';
  if (values.subtitle.trim().length > StoreLimits.headerSubtitleMax) errors.subtitle = 'validation.headerSubtitleMax';
  if (values.description.trim().length > StoreLimits.headerDescriptionMax) errors.description = 'validation.headerDescriptionMax';
  if (values.action_type === 'url') {
    const url = values.url.trim();
    if (!url) errors.url = 'validation.required';
    else if (!isWebAddress(url) && !isSitePath(url)) errors.url = 'validation.url';
  }
  if (values.action_type === 'product') {
    if (!values.product.trim()) errors.product = 'validation.required';
    if (!values.product_supplier.trim()) errors.product_supplier = 'validation.required';
  }
  if (values.action_type !== 'none' && !values.button_label) errors.button_label = 'validation.required';
  if (!/^#[0-9a-f]{6}$/i.test(values.initial_color)) errors.initial_color = 'validation.color';
  if (!/^#[0-9a-f]{6}$/i.test(values.final_color)) errors.final_color = 'validation.color';
  return errors;
}

/** The body of POST/PATCH headers: empty subtitle/description as null, button fields only with an action. */
export function headerPayload(values: HeaderFormValues) {
  const hasAction = values.action_type !== 'none';
  return {
    title: values.title.trim(),
    subtitle: values.subtitle.trim() || null,
    description: values.description.trim() || null,
    action_type: values.action_type,
    url: values.action_type === 'url' ? values.url.trim() : null,
    product: values.action_type === 'product' ? values.product.trim() : null,
    product_supplier: values.action_type === 'product' ? values.product_supplier.trim() : null,
    button_label: hasAction ? values.button_label || null : null,
    initial_color: values.initial_color.toLowerCase(),
    final_color: values.final_color.toLowerCase(),
    target: values.target,
  };
}

// ---------------------------------------------------------------- banners

export type BannerLinkType = 'PRODUCT' | 'URL';

export interface BannerFormValues {
  hzt_image: string;
  hzt_image_id: string;
  vrt_image: string;
  vrt_image_id: string;
  link_type: BannerLinkType;
  product: string;
  supplier: string;
  url: string;
  url_target: boolean;
  target: 'all' | 'anon' | 'ul0' | 'ul1' | 'ul2';
}

export type BannerErrors = Partial<Record<keyof BannerFormValues, string>>;

/**
 * spec 1 §5 'Banner': both images required; the URL, when given and the shop is not in 2-column mode, must be a
 * web address (else the invalid carousel link message). In 2-column mode a site path is accepted too; never
 * another scheme.
 */
export function bannerUrlRule(url: string, columns: 1 | 2): RuleResult {
  const text = url.trim();
  if (!text) return null;
  if (isWebAddress(text)) return null;
  if (columns === 2 && isSitePath(text)) return null;
  return 'validation.invalidCarouselLink';
}

export function validateBanner(values: BannerFormValues, columns: 1 | 2): BannerErrors {
  const errors: BannerErrors = {};
  if (!values.hzt_image) errors.hzt_image = 'validation.imageRequired';
  if (!values.vrt_image) errors.vrt_image = 'validation.imageRequired';
  if (values.link_type === 'URL') {
    const rule = bannerUrlRule(values.url, columns);
    if (rule) errors.url = rule;
  } else {
    if (!values.product.trim()) errors.product = 'validation.required';
    if (!values.supplier.trim()) errors.supplier = 'validation.required';
  }
  return errors;
}

export function bannerPayload(values: BannerFormValues) {
  const isProduct = values.link_type === 'PRODUCT';
  const url = values.url.trim();
  return {
    hzt_image: values.hzt_image,
    hzt_image_id: values.hzt_image_id || null,
    vrt_image: values.vrt_image,
    vrt_image_id: values.vrt_image_id || null,
    action_type: isProduct ? 'product' : url ? 'url' : 'none',
    product: isProduct ? values.product.trim() : null,
    supplier: isProduct ? values.supplier.trim() : null,
    url: isProduct ? null : url || null,
    url_target: values.url_target,
    target: values.target,
  } as const;
}

// ---------------------------------------------------------------- catalogues

/** spec 1 §5 'Catalogue form': name required ≤ 150; photo a valid URL when present. */
export function catalogueNameRule(name: string): RuleResult {
  const text = name.trim();
  if (!text) return 'validation.required';
  if (text.length > CatalogueLimits.catalogueNameMax) return 'validation.catalogueNameMax';
  return null;
}

export function cataloguePhotoRule(photo: string): RuleResult {
  const text = photo.trim();
  if (!text) return null;
  return isFullUrl(text) || isSitePath(text) ? null : 'validation.url';
}

// ---------------------------------------------------------------- social links

/** Each network's fixed address; the handle is appended (spec 1 §5). Discord is a full URL. */
export const SOCIAL_BASES: Record<Exclude<SocialNetwork, 'discord'>, string> = {
  facebook: 'https://facebook.com/',
  instagram: 'https://instagram.com/',
  twitter: 'https://x.com/',
  youtube: 'https://youtube.com/',
  twitch: 'https://twitch.tv/',
  kick: 'https://kick.com/',
};

/** A pasted profile address of the network becomes its handle; a leading @ is dropped. */
export function normaliseHandle(network: Exclude<SocialNetwork, 'discord'>, value: string): string {
  let text = value.trim();
  const host = new URL(SOCIAL_BASES[network]).hostname;
  const match = text.match(/^(?:https?:\/\/)?(?:www\.)?([^/]+)\/(.+)$/i);
  if (match && (match[1]!.toLowerCase() === host || (network === 'twitter' && match[1]!.toLowerCase() === 'twitter.com'))) {
    text = match[2]!.replace(/\/+$/, '');
  }
  return text.replace(/^@/, '');
}

export function socialRule(network: SocialNetwork, value: string): RuleResult {
  const text = value.trim();
  if (!text) return null;
  if (network === 'discord') return isFullUrl(text) ? null : 'validation.url';
  const handle = normaliseHandle(network, text);
  // YouTube handles keep their own @ in the path (youtube.com/@name); accept it as part of the handle.
  return HANDLE.test(handle) || (network === 'youtube' && /^@?[a-z0-9._-]{1,100}$/i.test(handle)) ? null : 'validation.handle';
}

export type SocialValues = Record<SocialNetwork, string>;

/** spec 1 §5: empty values are sent as null; handles without the network address. */
export function socialPayload(values: SocialValues): Record<SocialNetwork, string | null> {
  const out = {} as Record<SocialNetwork, string | null>;
  for (const network of Object.keys(values) as SocialNetwork[]) {
    const text = values[network].trim();
    out[network] = !text ? null : network === 'discord' ? text : normaliseHandle(network, text);
  }
  return out;
}
