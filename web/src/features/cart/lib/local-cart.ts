import { canonicalVariant, cartLineId, isVariantShape, type CartVariant } from '@vitrina/contracts';
import type { CartLineInput } from '@/features/cart/api/types';
import { localCartKey } from '@/lib/cart-bridge';

/**
 * An anonymous visitor's cart (spec 1 §3, §6): in the browser's local storage, one per shop, lines and amounts. A
 * line is an item with its chosen variant, keyed by the same `line_id` the server gives its lines (contracts
 * `cartLineId`), so the same shirt in S and in M are two lines; a line without a variant is stored as before.
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
  return (
    typeof line.item_id === 'string' &&
    typeof line.amount === 'number' &&
    Number.isInteger(line.amount) &&
    line.amount >= 1 &&
    (line.variant === undefined || isVariantShape(line.variant))
  );
}

/** What identifies a local line: its item and variant. */
export interface LocalLineRef {
  item_id: string;
  variant?: CartVariant;
}

/** The line's id, as the server computes it for its lines. */
export function localLineId(line: LocalLineRef): string {
  return cartLineId(line.item_id, line.variant ?? {});
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

/** What the line holds. */
export function localLineAmount(shopSlug: string, line: LocalLineRef): number {
  const id = localLineId(line);
  return readLocalCart(shopSlug).items.find((held) => localLineId(held) === id)?.amount ?? 0;
}

/** What the item's lines hold together (every variant): the quantity rules apply to it (spec 1 §5). */
export function localItemAmount(shopSlug: string, itemId: string): number {
  return readLocalCart(shopSlug)
    .items.filter((line) => line.item_id === itemId)
    .reduce((sum, line) => sum + line.amount, 0);
}

function stored(line: LocalLineRef, amount: number): CartLineInput {
  const variant = canonicalVariant(line.variant ?? {});
  return Object.keys(variant).length > 0 ? { item_id: line.item_id, amount, variant } : { item_id: line.item_id, amount };
}

/** Sets a line's quantity (adds the line when new, at the end). */
export function setLocalAmount(shopSlug: string, line: LocalLineRef, amount: number): void {
  const { items } = readLocalCart(shopSlug);
  const id = localLineId(line);
  const exists = items.some((held) => localLineId(held) === id);
  const next = exists ? items.map((held) => (localLineId(held) === id ? stored(line, amount) : held)) : [...items, stored(line, amount)];
  write(shopSlug, { items: next });
}

/**
 * The local line a priced line (the quote's product) stands for: the one with its line id, else a line of the item
 * kept without a variant (stored before variants were kept: the quote gave it the item's first options).
 */
function heldIndex(items: readonly CartLineInput[], product: { id: string; line_id: string }): number {
  const exact = items.findIndex((held) => localLineId(held) === product.line_id);
  if (exact >= 0) return exact;
  return items.findIndex((held) => held.item_id === product.id && Object.keys(held.variant ?? {}).length === 0);
}

/** Sets the quantity of the local line a priced line stands for. */
export function setLocalLineAmount(shopSlug: string, product: { id: string; line_id: string; variant: CartVariant }, amount: number): void {
  const { items } = readLocalCart(shopSlug);
  const index = heldIndex(items, product);
  if (index < 0) return setLocalAmount(shopSlug, { item_id: product.id, variant: product.variant }, amount);
  write(shopSlug, {
    items: items.map((held, i) => (i === index ? stored({ item_id: product.id, variant: product.variant }, amount) : held)),
  });
}

/** Removes the local line a priced line stands for. */
export function removeLocalLine(shopSlug: string, product: { id: string; line_id: string }): void {
  const { items } = readLocalCart(shopSlug);
  const index = heldIndex(items, product);
  if (index >= 0) write(shopSlug, { items: items.filter((_, i) => i !== index) });
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
