import { ITEM_TYPES, LIST_STATES, type ItemType, type ListState } from '@vitrina/contracts';
import { onlyAccepted } from '@/lib/route-search';

/** The supplier's list is shorter than a shop listing: rows with a thumbnail, newest first. */
export const SUPPLIER_ITEMS_PAGE_SIZE = 20;

/** `/proveedor/articulos?type=&state=&q=&page=` (page 1-based, as the storefront listings). */
export interface SupplierItemsSearch {
  type?: ItemType;
  state?: ListState;
  q?: string;
  page?: number;
}

export function parseSupplierItemsSearch(search: Record<string, unknown>): SupplierItemsSearch {
  const out: SupplierItemsSearch = {};
  const type = search['type'];
  if (typeof type === 'string' && (ITEM_TYPES as readonly string[]).includes(type)) out.type = type as ItemType;
  const state = search['state'];
  if (typeof state === 'string' && (LIST_STATES as readonly string[]).includes(state)) out.state = state as ListState;
  const q = search['q'];
  if (typeof q === 'string' && q.trim() !== '') out.q = q.trim().slice(0, 100);
  const page = Number(search['page']);
  if (Number.isInteger(page) && page > 1) out.page = Math.min(page, 10_000);
  return onlyAccepted(search, out);
}

export function offsetOf(page: number | undefined): number {
  return ((page ?? 1) - 1) * SUPPLIER_ITEMS_PAGE_SIZE;
}
