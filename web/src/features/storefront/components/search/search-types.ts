import type { ItemType } from '@vitrina/contracts';

/** spec 1 §2 'Search', §9 'Search types': the type selector's order. */
export const SEARCH_TYPES: readonly ItemType[] = ['product', 'digital', 'service', 'experience'];

/** spec 1 §9: type-ahead debounce 400 ms. */
export const SEARCH_DEBOUNCE_MS = 400;

/** spec 1 §2: search runs only when the shop has an owner and the text is non-empty. */
export function canSearch(shop: { owner: string }, text: string): boolean {
  return Boolean(shop.owner) && text.trim().length > 0;
}
