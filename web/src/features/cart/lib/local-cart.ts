import type { CartLineInput } from '@/features/cart/api/types';
import { localCartKey } from '@/lib/cart-bridge';

/**
 * An anonymous visitor's cart (spec 1 §3, §6): in the browser's local storage, one per shop, items and amounts.
 * Sent to the server as a bulk merge once the visitor signs in, then cleared. Framework-free with a change
 * signal, so the panel, the /carrito page and the header badge (through the host) read one source.
 */

const KEY_PREFIX = localCartKey('');

export interface LocalCart {
  items: CartLineInput[];
}

const listeners = new Set<() => void>();
/**
 * Snapshots per shop with the stored text they came from, so `useSyncExternalStore` sees the same object until
 * the stored cart changes (whoever changed it: this tab, another one, a test).
 */
const snapshots = new Map<string, { raw: string | null; cart: LocalCart }>();
/** Where carts live when local storage cannot be used. */
const memory = new Map<string, string>();
const EMPTY: LocalCart = { items: [] };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage disabled (private mode, policy): the visitor's cart lives in memory for the page.
  }
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

function readRaw(shopSlug: string): string | null {
  const store = storage();
  if (!store) return memory.get(shopSlug) ?? null;
  try {
    return store.getItem(localCartKey(shopSlug));
  } catch {
    return memory.get(shopSlug) ?? null;
  }
}

export function readLocalCart(shopSlug: string): LocalCart {
  const raw = readRaw(shopSlug);
  const snapshot = snapshots.get(shopSlug);
  if (snapshot && snapshot.raw === raw) return snapshot.cart;
  const cart = parse(raw);
  snapshots.set(shopSlug, { raw, cart });
  return cart;
}

function write(shopSlug: string, cart: LocalCart): void {
  const raw = cart.items.length === 0 ? null : JSON.stringify(cart);
  const store = storage();
  try {
    if (!store) throw new Error('no storage');
    if (raw === null) store.removeItem(localCartKey(shopSlug));
    else store.setItem(localCartKey(shopSlug), raw);
    memory.delete(shopSlug);
  } catch {
    // Disabled or full: the cart lives in memory for this page.
    if (raw === null) memory.delete(shopSlug);
    else memory.set(shopSlug, raw);
  }
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
    // Another tab changed a cart: the next read sees it.
    if (event.key === null || event.key.startsWith(KEY_PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Tests only: forget the snapshots and the in-memory carts (local storage itself is the test's to clear). */
export function resetLocalCartCache(): void {
  snapshots.clear();
  memory.clear();
}
