import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { addCartItem, deleteCartLine, updateCartLine } from '@/features/cart/api/change-cart-items';
import { cartQueryOptions } from '@/features/cart/api/get-cart';
import { cartTotalQueryOptions, totalOf } from '@/features/cart/api/get-cart-total';
import { cartKeys } from '@/features/cart/api/keys';
import { quoteQueryOptions } from '@/features/cart/api/quote-cart';
import type { Cart, CartProduct } from '@/features/cart/api/types';
import { useCartT } from '@/features/cart/i18n/texts';
import {
  localCartCount,
  localItemAmount,
  localLineAmount,
  readLocalCart,
  removeLocalLine,
  setLocalAmount,
  setLocalLineAmount,
  subscribeLocalCart,
  type LocalCart,
} from '@/features/cart/lib/local-cart';
import { quantityProblem } from '@/features/cart/lib/quantity';
import type { CartAddRequest } from '@/lib/cart-bridge';
import { sessionStore } from '@/lib/session/session-store';
import { useSessionSnapshot } from '@/lib/session/use-session';
import { notifyAdded, warnCartError, warnQuantity } from './notify';

export function useLocalCart(shopSlug: string): LocalCart {
  return useSyncExternalStore(
    subscribeLocalCart,
    () => readLocalCart(shopSlug),
    () => readLocalCart(shopSlug),
  );
}

/** Who the cart belongs to: a signed-in user's id, null for an anonymous visitor, undefined while the session loads. */
export function useCartViewer(): string | null | undefined {
  const { status, auth } = useSessionSnapshot();
  if (status === 'loading') return undefined;
  return status === 'authenticated' && auth ? auth.meID : null;
}

function emptyCart(shopSlug: string): Cart {
  return { cart_id: null, shop_slug: shopSlug, total_products: 0, amount: '0.00', amount_minor: 0, currency: 'MXN', orders: [] };
}

export interface ShopCart {
  viewer: string | null | undefined;
  /** The cart to show; undefined while it loads. */
  cart: Cart | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => void;
  /** Lines (`line_id`) being changed. */
  busy: ReadonlySet<string>;
  setAmount: (product: CartProduct, amount: number, options?: { increment?: boolean }) => Promise<void>;
  remove: (product: CartProduct) => Promise<void>;
}

/**
 * The shop's cart as the panel and the /carrito page show it: the server's for a signed-in user (spec 1 §6 'server
 * cart'), the local one priced through the public quote for an anonymous visitor. `fetch` false keeps a signed-in
 * user's cart from being asked for (the closed panel: spec 1 §2, opening fetches it).
 */
export function useShopCart(shopSlug: string, { fetch = true }: { fetch?: boolean } = {}): ShopCart {
  const { t } = useCartT();
  const viewer = useCartViewer();
  const queryClient = useQueryClient();
  const local = useLocalCart(shopSlug);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const server = useQuery({ ...cartQueryOptions(viewer ?? '', shopSlug), enabled: typeof viewer === 'string' && fetch, staleTime: 0 });
  const quote = useQuery({ ...quoteQueryOptions(shopSlug, local.items), enabled: viewer === null && fetch && local.items.length > 0 });

  const signedIn = typeof viewer === 'string';
  const anonymousEmpty = viewer === null && local.items.length === 0;
  const cart = signedIn ? server.data : anonymousEmpty ? emptyCart(shopSlug) : quote.data;
  const active = signedIn ? server : quote;

  const storeAnswer = useCallback(
    (answer: Cart) => {
      if (typeof viewer !== 'string') return;
      queryClient.setQueryData(cartKeys.cart(viewer, shopSlug), answer);
      queryClient.setQueryData(cartKeys.total(viewer, shopSlug), totalOf(answer));
    },
    [queryClient, viewer, shopSlug],
  );

  const track = useCallback(async (lineId: string, work: () => Promise<void>) => {
    setBusy((current) => new Set(current).add(lineId));
    try {
      await work();
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(lineId);
        return next;
      });
    }
  }, []);

  const setAmount = useCallback(
    (product: CartProduct, amount: number, { increment = false }: { increment?: boolean } = {}) =>
      track(product.line_id, async () => {
        // the item's limits hold for its lines together (its other variants count too)
        const problem = quantityProblem(amount, product) ?? quantityProblem(amount + otherLinesOf(cart, product), product);
        if (problem) return warnQuantity(t, problem, { increment });
        if (typeof viewer !== 'string') return setLocalLineAmount(shopSlug, product, amount);
        try {
          storeAnswer(await updateCartLine(shopSlug, product.line_id, amount));
        } catch (error) {
          warnCartError(t, error, 'updateFailed', increment);
        }
      }),
    [track, t, viewer, shopSlug, storeAnswer, cart],
  );

  const remove = useCallback(
    (product: CartProduct) =>
      track(product.line_id, async () => {
        if (typeof viewer !== 'string') return removeLocalLine(shopSlug, product);
        try {
          storeAnswer(await deleteCartLine(shopSlug, product.line_id));
        } catch (error) {
          warnCartError(t, error, 'removeFailed');
        }
      }),
    [track, t, viewer, shopSlug, storeAnswer],
  );

  return useMemo(
    () => ({
      viewer,
      cart,
      isLoading: viewer === undefined || (cart === undefined && !active.isError),
      isFetching: active.isFetching,
      isError: cart === undefined && active.isError,
      refetch: () => void active.refetch(),
      busy,
      setAmount,
      remove,
    }),
    [viewer, cart, active, busy, setAmount, remove],
  );
}

/** What the item's other lines (its other variants) hold in the cart. */
function otherLinesOf(cart: Cart | undefined, product: CartProduct): number {
  return (cart?.orders ?? [])
    .flatMap((order) => order.products)
    .filter((other) => other.id === product.id && other.line_id !== product.line_id)
    .reduce((sum, other) => sum + other.amount, 0);
}

/** The header badge: products in the cart (signed in: the server's total; anonymous: the local quantities). */
export function useCartCount(shopSlug: string): number | null {
  const viewer = useCartViewer();
  const local = useLocalCart(shopSlug);
  const total = useQuery({ ...cartTotalQueryOptions(viewer ?? '', shopSlug), enabled: typeof viewer === 'string' });
  if (viewer === undefined) return null;
  if (viewer === null) return localCartCount(local);
  return total.data?.total_products ?? null;
}

/**
 * 'Agregar al carrito' (spec 1 §2 item pages) with the chosen variant (a line per variant): signed in, the server adds
 * and answers the cart; anonymous, the local line grows while the item's lines together stay within its limits.
 * Refusals are warnings (spec 1 §8).
 */
export function useAddToCart(): (request: CartAddRequest) => Promise<boolean> {
  const { t } = useCartT();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ shopSlug, itemId, amount, variant, limits }: CartAddRequest) => {
      await sessionStore.ready();
      const signedIn = sessionViewer();
      if (signedIn === null) {
        const line = { item_id: itemId, variant: variant ?? {} };
        const total = localItemAmount(shopSlug, itemId) + amount;
        const problem = quantityProblem(total, limits ?? { available: null, stock_type: 'ondemand', max_purchase_amount: null });
        if (problem) {
          warnQuantity(t, problem, { increment: true });
          return false;
        }
        setLocalAmount(shopSlug, line, localLineAmount(shopSlug, line) + amount);
        notifyAdded(t, variant);
        return true;
      }
      try {
        const answer = await addCartItem(shopSlug, itemId, amount, variant);
        queryClient.setQueryData(cartKeys.cart(signedIn, shopSlug), answer);
        queryClient.setQueryData(cartKeys.total(signedIn, shopSlug), totalOf(answer));
        notifyAdded(t, variant);
        return true;
      } catch (error) {
        warnCartError(t, error, 'addFailed', true);
        return false;
      }
    },
    [t, queryClient],
  );
}

/** The session as the store has it right now (an action may run before React re-rendered with it). */
function sessionViewer(): string | null {
  const { status, auth } = sessionStore.getSnapshot();
  return status === 'authenticated' && auth ? auth.meID : null;
}
