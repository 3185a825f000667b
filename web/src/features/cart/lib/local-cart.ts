import type { CartLineInput } from '@/features/cart/api/types';

/**
 * An anonymous visitor's cart (spec 1 §3, §6): in the browser's local storage, one per shop, items and amounts.
 * Sent to the server as a bulk merge once the visitor signs in, then cleared. Framework-free with a change
 * signal, so the panel, the /carrito page and the header badge (through the host) read one source.
 */

const KEY_PREFIX = 'vitrina:cart:';

export interface LocalCart {
  items: CartLineInput[];
}

const listeners = new Set<() => void>();
/** Snapshots per shop, so `useSyncExternalStore` sees the same object until the cart changes. */
const snapshots = new Map<string, LocalCart>();
const EMPTY: LocalCart = { items: [] };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage disabled (private mode, policy): the visitor's cart lives in memory for the page.
  }
}

export function localCartKey(shopSlug: string): string {
  return `${KEY_PREFIX}${shopSlug}`;
}

function isLine(value: unknown): value is CartLineInput {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return typeof line.item_id === 'string' && typeof line.amount === 'number' && Number.isInteger(line.amount) && line.amount >= 1;
}

function parse(raw: string | null): LocalCart {
  if (!raw) return EMPTY;
  try {
    const value = JSON.parse(raw) as unknown;
    const items = typeof value === 'object' && value !== null ? (value as { items?: unknown }).items : undefined;
    return Array.isArray(items) ? { items: items.filter(isLine) } : EMPTY;
  } catch {
    return EMPTY; // Not ours, or damaged: start over rather than fail the page.
  }
}

export function readLocalCart(shopSlug: string): LocalCart {
  let snapshot = snapshots.get(shopSlug);
  if (!snapshot) {
    snapshot = parse(storage()?.getItem(localCartKey(shopSlug)) ?? null);
    snapshots.set(shopSlug, snapshot);
  }
  return snapshot;
}

function write(shopSlug: string, cart: LocalCart): void {
  const store = storage();
  try {
    if (cart.items.length === 0) store?.removeItem(localCartKey(shopSlug));
    else store?.setItem(localCartKey(shopSlug), JSON.stringify(cart));
  } catch {
    // Quota or policy: the in-memory snapshot still holds it for this page.
  }
  snapshots.set(shopSlug, cart.items.length === 0 ? EMPTY : cart);
  for (const listener of listeners) listener();
}

/** Products in the cart, as the header badge counts them (the sum of the quantities). */
export function localCartCount(cart: LocalCart): number {
  return cart.items.reduce((sum, line) => sum + line.amount, 0);
}

export function localAmountOf(shopSlug: string, itemId: string): number {
  return readLocalCart(shopSlug).items.find((line) => line.item_id === itemId)?.amount ?? 0;
}

/** Sets an item's quantity (adds the line when new, at the end). */
export function setLocalAmount(shopSlug: string, itemId: string, amount: number): void {
  const { items } = readLocalCart(shopSlug);
  const exists = items.some((line) => line.item_id === itemId);
  const next = exists
    ? items.map((line) => (line.item_id === itemId ? { item_id: itemId, amount } : line))
    : [...items, { item_id: itemId, amount }];
  write(shopSlug, { items: next });
}

export function removeLocalItem(shopSlug: string, itemId: string): void {
  write(shopSlug, { items: readLocalCart(shopSlug).items.filter((line) => line.item_id !== itemId) });
}

export function clearLocalCart(shopSlug: string): void {
  write(shopSlug, EMPTY);
}

export function subscribeLocalCart(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab changed a cart: forget the snapshot so the next read sees it.
    if (event.key?.startsWith(KEY_PREFIX)) {
      snapshots.delete(event.key.slice(KEY_PREFIX.length));
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Tests only: forget the snapshots (local storage itself is the test's to clear). */
export function resetLocalCartCache(): void {
  snapshots.clear();
}
