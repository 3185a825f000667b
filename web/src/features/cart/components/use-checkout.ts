import { useQueryClient } from '@tanstack/react-query';
import { cartLineId } from '@vitrina/contracts';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import { isApiError, NETWORK_ERROR_CODE } from '@/api/client';
import { buyNow, createCheckout } from '@/features/cart/api/create-checkout';
import { cartKeys } from '@/features/cart/api/keys';
import type { CartOrder } from '@/features/cart/api/types';
import { useCartT } from '@/features/cart/i18n/texts';
import { affiliateFromCookies, checkoutHref } from '@/features/cart/lib/checkout-href';
import { authModal } from '@/lib/auth-modal-store';
import { cartBridge, type CartBuyNowRequest } from '@/lib/cart-bridge';
import { sessionStore } from '@/lib/session/session-store';
import { notifyCheckoutError, warnCartError } from './notify';

/**
 * One Idempotency-Key per purchase attempt: a retry after no answer (the network) reuses it, so the server answers
 * the checkout it may already have made instead of reserving twice (ARCHITECTURE §8); any answer ends the attempt.
 */
function useAttemptKey() {
  const key = useRef<{ scope: string; value: string } | null>(null);
  return useMemo(
    () => ({
      take: (scope: string): string => {
        if (key.current?.scope !== scope) key.current = { scope, value: crypto.randomUUID() };
        return key.current.value;
      },
      settle: (error?: unknown) => {
        if (!(isApiError(error) && error.code === NETWORK_ERROR_CODE)) key.current = null;
      },
    }),
    [],
  );
}

function signInToContinue(shopSlug: string): void {
  // Checkouts belong to a signed-in user: the visitor signs in (the local cart then merges) and continues.
  authModal.open('login', { store: shopSlug });
}

/** The checkout button of a cart order (spec 3 §4 step 1): creates the checkout and opens the checkout page. */
export function useCheckoutOrder(shopSlug: string) {
  const { t } = useCartT();
  const router = useRouter();
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  const [pendingOrder, setPendingOrder] = useState<string | null>(null);

  const checkout = useCallback(
    async (cartId: string | null, order: CartOrder) => {
      await sessionStore.ready();
      const auth = sessionStore.getSnapshot().auth;
      if (!auth || cartId === null) return signInToContinue(shopSlug);
      setPendingOrder(order.id);
      try {
        const created = await createCheckout(
          { cartId, supplierId: order.supplier, dssupplierId: order.dssupplier },
          affiliateFromCookies(),
          attempt.take(`${cartId}/${order.id}`),
        );
        attempt.settle();
        cartBridge.close();
        await router.navigate({ href: checkoutHref(shopSlug, created.id) });
      } catch (error) {
        attempt.settle(error);
        notifyCheckoutError(t, error);
        // spec 3 §4 'Stock handling': the server adjusted the cart down; show what is left.
        await queryClient.invalidateQueries({ queryKey: cartKeys.shop(auth.meID, shopSlug) });
      } finally {
        setPendingOrder(null);
      }
    },
    [shopSlug, t, router, queryClient, attempt],
  );

  return { checkout, pendingOrder };
}

/** 'Comprar ahora' (spec 3 §2 'Instant Buy Now'): a one-line checkout that leaves the cart as it is. */
export function useBuyNow() {
  const { t } = useCartT();
  const router = useRouter();
  const attempt = useAttemptKey();
  return useCallback(
    async ({ shopSlug, itemId, amount, variant }: CartBuyNowRequest): Promise<boolean> => {
      await sessionStore.ready();
      if (!sessionStore.getSnapshot().auth) {
        signInToContinue(shopSlug);
        return false;
      }
      try {
        const created = await buyNow(
          shopSlug,
          itemId,
          amount,
          affiliateFromCookies(),
          attempt.take(`${cartLineId(itemId, variant ?? {})}@${shopSlug}/${amount}`),
          variant,
        );
        attempt.settle();
        await router.navigate({ href: checkoutHref(shopSlug, created.id) });
        return true;
      } catch (error) {
        attempt.settle(error);
        // Quantity refusals read as on the cart; stock and configuration as a checkout's.
        if (
          isApiError(error) &&
          ['quantity_exceeded', 'max_purchase_amount_exceeded', 'invalid_amount', 'item_not_found', 'invalid_variant'].includes(error.code)
        ) {
          warnCartError(t, error, 'addFailed', true);
        } else notifyCheckoutError(t, error);
        return false;
      }
    },
    [t, router, attempt],
  );
}
