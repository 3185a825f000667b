import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { mergeCart } from '@/features/cart/api/change-cart-items';
import { totalOf } from '@/features/cart/api/get-cart-total';
import { cartKeys } from '@/features/cart/api/keys';
import type { Cart } from '@/features/cart/api/types';
import { useCartT, type CartT } from '@/features/cart/i18n/texts';
import { CHECKOUT_ERROR_MS } from '@/features/cart/lib/constants';
import { clearLocalCart, readLocalCart } from '@/features/cart/lib/local-cart';
import { cartBridge, useCartBridge, type CartAddRequest } from '@/lib/cart-bridge';
import { CartDrawer } from './cart-drawer';
import { useBuyNow } from './use-checkout';
import { useAddToCart, useCartCount, useCartViewer } from './use-shop-cart';

interface CartHostProps {
  shopSlug: string;
  /** The shop's home as the visitor sees it, ending in `/`. */
  shopBase: string;
}

/** What the merge changed (spec 1 §4: the local cart sent at sign-in), as one notice; nothing when nothing changed. */
function notifyMerge(t: CartT, cart: Cart): void {
  const adjustments = cart.adjustments ?? [];
  if (adjustments.length === 0) return;
  const names = new Map(cart.orders.flatMap((order) => order.products.map((product) => [product.id, product.name] as const)));
  const lines = adjustments.map((adjustment) =>
    adjustment.code === 'not_found'
      ? t('merge.notFound')
      : t('merge.adjusted', {
          name: names.get(adjustment.item_id) ?? t('merge.someItem'),
          requested: adjustment.requested,
          amount: adjustment.amount,
        }),
  );
  notifications.show({
    color: 'yellow',
    title: t('merge.title'),
    message: [t('merge.intro'), ...lines].join(' '),
    autoClose: CHECKOUT_ERROR_MS,
  });
}

/**
 * The cart's one host in a shop (the shop route renders it; the storefront reaches it through lib/cart-bridge):
 * implements the bridge's actions, keeps the header badge current, opens the panel after an add and when the count grows
 * (spec 1 §2), merges an anonymous visitor's local cart once they are signed in (spec 1 §4) and renders the panel.
 */
export default function CartHost({ shopSlug, shopBase }: CartHostProps) {
  const { t } = useCartT();
  const queryClient = useQueryClient();
  const { opened } = useCartBridge();
  const viewer = useCartViewer();
  const count = useCartCount(shopSlug);
  const add = useAddToCart();
  const buyNow = useBuyNow();

  // spec 1 §2: the panel opens on an add that went through, even when the badge had not answered yet (a quick click
  // on a slow connection: the count then goes from unknown to 1, which the effect below does not take as growth).
  const onCartPage = useLocation({ select: (location) => /\/carrito\/?$/.test(location.pathname) });
  const addAndOpen = useCallback(
    async (request: CartAddRequest) => {
      const added = await add(request);
      if (added && !onCartPage) cartBridge.open();
      return added;
    },
    [add, onCartPage],
  );
  useEffect(() => cartBridge.register({ add: addAndOpen, buyNow }), [addAndOpen, buyNow]);

  useEffect(() => {
    cartBridge.setCount(count);
  }, [count]);
  useEffect(() => () => cartBridge.setCount(null), [shopSlug]);

  // spec 1 §2: the panel opens by itself when the count grows (not on the first answer, nor when the owner changes;
  // nor on /carrito, which already shows the cart).
  const previous = useRef<{ viewer: string | null | undefined; count: number | null } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = { viewer, count };
    if (count === null || !before || before.viewer !== viewer || before.count === null) return;
    if (count > before.count && !onCartPage) cartBridge.open();
  }, [viewer, count, onCartPage]);

  // spec 1 §4: signed in with a local cart (just signed in, or a page load): send it as a bulk create, then clear it.
  const merged = useRef<string | null>(null);
  useEffect(() => {
    if (typeof viewer !== 'string') return;
    const key = `${viewer}|${shopSlug}`;
    const { items } = readLocalCart(shopSlug);
    if (merged.current === key || items.length === 0) return;
    merged.current = key;
    mergeCart(shopSlug, items).then(
      (answer) => {
        clearLocalCart(shopSlug);
        queryClient.setQueryData(cartKeys.cart(viewer, shopSlug), answer);
        queryClient.setQueryData(cartKeys.total(viewer, shopSlug), totalOf(answer));
        // A badge answer from before the merge may still be on its way: ask again.
        void queryClient.invalidateQueries({ queryKey: cartKeys.total(viewer, shopSlug) });
        notifyMerge(t, answer);
      },
      () => {
        // Kept locally: the next page load tries again.
      },
    );
  }, [viewer, shopSlug, queryClient, t]);

  return <CartDrawer shopSlug={shopSlug} shopBase={shopBase} opened={opened} onClose={cartBridge.close} />;
}
