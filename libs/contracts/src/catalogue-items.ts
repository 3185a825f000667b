/**
 * Items of the catalogue (spec 1 §3 'Item'): products, services, experiences and digital items.
 * The JSON shapes below are what the catalogue service answers; web and services import them from here.
 */

/** spec 1 §9 'Search types'. The API value `service` is the spec's service type constant. */
export const ITEM_TYPES = ['product', 'service', 'experience', 'digital'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const MAIN_TYPES = ['business', 'personal'] as const;
export type MainType = (typeof MAIN_TYPES)[number];

/** spec 1 §3 'Cart product': onstock items cannot be bought beyond `available`; ondemand ones can. */
export const STOCK_TYPES = ['onstock', 'ondemand'] as const;
export type StockType = (typeof STOCK_TYPES)[number];

/** spec 1 §3: list_state; `unpublished` items never appear in public listings. */
export const LIST_STATES = ['published', 'unpublished'] as const;
export type ListState = (typeof LIST_STATES)[number];

/** spec 1 §2 'Listings' sort dropdown: Más relevantes / Mayor precio / Menor precio. */
export const ITEM_SORTS = ['queue_position', '-list_price', 'list_price'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

/** spec 1 §3 'Return info'. */
export const RETURN_TYPES = ['disallowed', '72hrs'] as const;
export const RETURN_FEES = ['customer_all', 'free', 'customer_feed', 'original_fees', 'restocking_fees'] as const;
export const RETURN_POLICIES = ['common', 'customized'] as const;
export const RETURN_SHIPPING_LABELS = ['inbox', 'download'] as const;

export interface ReturnInfo {
  return_type: (typeof RETURN_TYPES)[number];
  return_fees?: (typeof RETURN_FEES)[number] | null;
  return_policy?: (typeof RETURN_POLICIES)[number] | null;
  return_policy_legend?: string | null;
  return_shipping_label?: (typeof RETURN_SHIPPING_LABELS)[number] | null;
  /** Percentage (0-100) kept when restocking_fees apply. */
  restocking_fees?: number | null;
}

export interface ItemStock {
  /** Units available; null when not tracked. */
  available: number | null;
  stock_type: StockType;
  max_purchase_amount: number | null;
}

/**
 * An item as the API answers it. Money: every price comes twice, as the spec's field with two
 * decimals in a string (`list_price: "199.00"`, shown as is) and as integer minor units
 * (`list_price_minor: 19900`) for arithmetic. Never a float.
 */
export interface ItemJson {
  id: string;
  /** The supplier (dssupplier) who owns the item. */
  owner: string;
  owner_name: string;
  name: string;
  slug: string;
  type: ItemType;
  main_type: MainType;
  /** Photo URLs, first one is the card photo. `images` repeats them (spec field). */
  photos: string[];
  images: string[];
  description: string;
  tags: string[];
  list_price: string;
  list_price_minor: number;
  crossout_price: string | null;
  crossout_price_minor: number | null;
  /** ISO 4217 code; minor units are hundredths for every currency used here. */
  currency: string;
  hide_price: boolean;
  is_free: boolean;
  is_dropshipping: boolean;
  contribution_margin: string;
  contribution_margin_minor: number;
  /** Variant name -> value (spec 1 §3). */
  variants: Record<string, string>;
  stock: ItemStock;
  /** Copies of stock.* at the top level, as the cart product of spec 1 §3 names them. */
  available: number | null;
  stock_type: StockType;
  max_purchase_amount: number | null;
  sold_out: boolean;
  /** ISO date-time of an experience; null for other types. */
  experience_date: string | null;
  /** An experience is available while its date is in the future and it is not sold out. */
  experience_available: boolean | null;
  /** An experience whose date has passed (spec 1 §4). */
  concluded: boolean;
  list_state: ListState;
  /** spec 1 §3 spells it `hiden`: hidden items are left out of public listings. */
  hiden: boolean;
  queue_position: number;
  category_ids: string[];
  return_info: ReturnInfo | null;
  created_at: string;
  updated_at: string;
}

/** A type-ahead suggestion (spec 1 §2 'Search'). */
export interface ItemSuggestionJson {
  id: string;
  owner: string;
  name: string;
  slug: string;
  type: ItemType;
  photo: string | null;
}

/** spec 1 §3 'Supplier (dssupplier)'. */
export interface SupplierJson {
  id: string;
  name: string;
  image: string | null;
  /** False when the supplier is disabled (the storefront shows the disabled-supplier banner). */
  enabled: boolean;
}

export interface CategoryJson {
  id: string;
  name: string;
  slug: string;
}

/** Minor units -> the spec's 2-decimal string: 19900 -> "199.00", -5 -> "-0.05". */
export function formatMinorUnits(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const units = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${units}.${cents.toString().padStart(2, '0')}`;
}

const DECIMAL = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** "199", "199.5", "199.50" (or a number with at most 2 decimals) -> minor units; undefined when malformed. */
export function parseMoneyToMinor(value: string | number): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const units = Number(match[1]);
  const cents = Number((match[2] ?? '0').padEnd(2, '0'));
  const minor = units * 100 + cents;
  return Number.isSafeInteger(minor) ? minor : undefined;
}
