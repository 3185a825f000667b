/**
 * Items of the catalogue (spec 1 §3 'Item'): products, services, experiences and digital items.
 * The JSON shapes are the zod schemas of api/catalogue/ (aliased below); web and services import them from here.
 */
import type { CatalogueCategory, CatalogueSupplier } from './api/catalogue/directory.js';
import type { CatalogueItem, CatalogueItemStock, CatalogueItemSuggestion, CatalogueReturnInfo } from './api/catalogue/item.js';

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

/**
 * The JSON shapes the catalogue answers are the zod schemas of `api/catalogue/` (one source for the handlers'
 * types and the OpenAPI); these names stay as aliases for the code that imports them.
 */
export type ReturnInfo = CatalogueReturnInfo;
export type ItemStock = CatalogueItemStock;
/**
 * An item as the API answers it. Money: every price comes twice, as the spec's field with two
 * decimals in a string (`list_price: "199.00"`, shown as is) and as integer minor units
 * (`list_price_minor: 19900`) for arithmetic. Never a float.
 */
export type ItemJson = CatalogueItem;
/** A type-ahead suggestion (spec 1 §2 'Search'). */
export type ItemSuggestionJson = CatalogueItemSuggestion;
/** spec 1 §3 'Supplier (dssupplier)'. */
export type SupplierJson = CatalogueSupplier;
export type CategoryJson = CatalogueCategory;

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
