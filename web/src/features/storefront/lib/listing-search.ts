import { ITEM_SORTS, ITEM_TYPES, LISTING_PAGE_SIZE, type ItemSort, type ItemType } from '@vitrina/contracts';
import { onlyAccepted } from '@/lib/route-search';

/**
 * The query of a listing (spec 1 §2 'Listings'): a 1-based `page` and the sort of the dropdown. Defaults
 * (page 1, Más relevantes) are left out of the URL so that /productos is the canonical first page.
 */
export interface ListingSearch {
  page?: number;
  sort?: ItemSort;
}

export const DEFAULT_SORT: ItemSort = 'queue_position';

/** A page number from the URL: a whole number from 1 up; anything else (0, -3, 'abc', 2.5) means page 1. */
export function parsePage(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(number) && number > 1 ? number : undefined;
}

export function parseSort(value: unknown): ItemSort | undefined {
  return typeof value === 'string' && (ITEM_SORTS as readonly string[]).includes(value) && value !== DEFAULT_SORT
    ? (value as ItemSort)
    : undefined;
}

/** `validateSearch` of the listing routes. */
export function validateListingSearch(search: Record<string, unknown>): ListingSearch {
  const page = parsePage(search.page);
  const sort = parseSort(search.sort);
  return onlyAccepted(search, { ...(page ? { page } : {}), ...(sort ? { sort } : {}) });
}

/** 1-based page -> the API's offset/limit. */
export function pageToOffset(page: number | undefined, pageSize: number): { offset: number; limit: number } {
  return { offset: ((page ?? 1) - 1) * pageSize, limit: pageSize };
}

export function totalPages(matches: number, pageSize: number): number {
  return Math.max(1, Math.ceil(matches / pageSize));
}

/** Listing route segment <-> item type (spec 1 §2 'Routes'). */
export const LISTING_SEGMENTS = {
  product: 'productos',
  service: 'servicios',
  experience: 'experiencias',
  digital: 'digitales',
} as const satisfies Record<ItemType, string>;

export type ListingSegment = (typeof LISTING_SEGMENTS)[ItemType];

export function listingPageSize(type: ItemType): number {
  return LISTING_PAGE_SIZE[type];
}

/** The shop-relative path of an item's detail page: `/productos/{owner}/{id}` and its siblings. */
export function itemDetailPath(item: { type: ItemType; owner: string; id: string }): string {
  return `/${LISTING_SEGMENTS[item.type]}/${encodeURIComponent(item.owner)}/${encodeURIComponent(item.id)}`;
}

/** The search page's query: text, type, page and sort. */
export interface SearchPageSearch extends ListingSearch {
  text?: string;
  type?: ItemType;
}

export function isItemType(value: unknown): value is ItemType {
  return typeof value === 'string' && (ITEM_TYPES as readonly string[]).includes(value);
}

export function validateSearchPageSearch(search: Record<string, unknown>): SearchPageSearch {
  const base = validateListingSearch(search);
  const text = typeof search.text === 'string' ? search.text.trim().slice(0, 100) : '';
  const type = isItemType(search.type) && search.type !== 'product' ? search.type : undefined;
  return onlyAccepted(search, { ...base, ...(text ? { text } : {}), ...(type ? { type } : {}) });
}
