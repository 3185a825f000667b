import { useSyncExternalStore } from 'react';

/**
 * The seam between the storefront (header cart icon, item pages) and the cart feature, which features may not import
 * from each other (docs/conventions.md). Same pattern as `auth-modal-store.ts`: the storefront reads the badge and
 * asks for actions here; the cart feature's host (rendered once by the shop route) implements them and keeps the
 * count current. The host and its panel are a separate chunk, loaded only when there is something to show (a
 * signed-in user's badge, a local cart) or the visitor reaches for the cart: an action asked before it has arrived
 * waits for it.
 */

/** What the item page knows of an item's limits, so an anonymous visitor's local cart applies the spec's rules too. */
export interface CartItemLimits {
  /** Units in stock; null when not counted. */
  available: number | null;
  stock_type: 'onstock' | 'ondemand';
  max_purchase_amount: number | null;
}

export interface CartAddRequest {
  shopSlug: string;
  itemId: string;
  /** Units to add to what the cart already holds (spec 1 §5: an integer ≥ 1). */
  amount: number;
  /**
   * The variant chosen on the item page: the option per name that offers a choice (name -> option). The cart keeps a
   * line per variant; absent or {} for an item without choices.
   */
  variant?: Record<string, string>;
  limits?: CartItemLimits;
}

export interface CartBuyNowRequest {
  shopSlug: string;
  itemId: string;
  amount: number;
  /** The variant chosen on the item page, as for an add. */
  variant?: Record<string, string>;
}

/** What the cart feature does for the storefront; every call settles (failures are shown by the cart feature). */
export interface CartActions {
  /** Adds to the cart (server or, for an anonymous visitor, local storage). True when added. */
  add(request: CartAddRequest): Promise<boolean>;
  /** 'Comprar ahora': a one-line checkout without touching the cart, then the checkout page. True when it went there. */
  buyNow(request: CartBuyNowRequest): Promise<boolean>;
}

interface CartBridgeState {
  /** The side panel is open. */
  opened: boolean;
  /** The header badge: products in the current shop's cart; null until the host knows. */
  count: number | null;
  /** The visitor reached for the cart (icon, add, buy now): the shop route mounts the host from then on. */
  wanted: boolean;
}

let state: CartBridgeState = { opened: false, count: null, wanted: false };
let actions: CartActions | null = null;
let waiting: Array<(implementation: CartActions) => void> = [];
const listeners = new Set<() => void>();

function set(next: Partial<CartBridgeState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function withActions(): Promise<CartActions> {
  if (actions) return Promise.resolve(actions);
  if (!state.wanted) set({ wanted: true });
  return new Promise((resolve) => waiting.push(resolve));
}

/** Arrow properties: they are passed as handlers (`onClick={cartBridge.toggle}`). */
export const cartBridge = {
  toggle: (): void => set({ opened: !state.opened, wanted: true }),
  open: (): void => set({ opened: true, wanted: true }),
  close: (): void => set({ opened: false }),
  add: async (request: CartAddRequest): Promise<boolean> => (await withActions()).add(request),
  buyNow: async (request: CartBuyNowRequest): Promise<boolean> => (await withActions()).buyNow(request),

  // The cart feature's side.
  /** The host implements the actions while mounted; returns the unregistration. */
  register: (implementation: CartActions): (() => void) => {
    actions = implementation;
    const pending = waiting;
    waiting = [];
    for (const resolve of pending) resolve(implementation);
    return () => {
      if (actions === implementation) actions = null;
    };
  },
  setCount: (count: number | null): void => {
    if (state.count !== count) set({ count });
  },
};

export function useCartBridge(): CartBridgeState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** Where an anonymous visitor's cart of a shop is kept in local storage (spec 1 §3: per store). */
export function localCartKey(shopSlug: string): string {
  return `vitrina:cart:${shopSlug}`;
}

/** An anonymous visitor has a cart in this shop (so its badge has something to say). */
export function hasLocalCart(shopSlug: string): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(localCartKey(shopSlug)) !== null;
  } catch {
    return false;
  }
}

/**
 * spec 1 §2 'Routes': the checkout is the shop path plus `comprar`, or any path containing `comprar-articulo`; the
 * cart button is hidden there.
 */
export function isCheckoutPath(pathname: string): boolean {
  return pathname.includes('comprar-articulo') || /\/comprar(?:\/|$)/.test(pathname);
}

/** Tests only. */
export function resetCartBridge(): void {
  state = { opened: false, count: null, wanted: false };
  actions = null;
  waiting = [];
}
