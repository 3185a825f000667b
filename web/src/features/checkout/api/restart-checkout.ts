import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createCartCheckout, createInstantCheckout, getCartId } from './create-checkout';
import { checkoutKeys } from './keys';
import type { Checkout } from './types';

/** What a new checkout is made from. */
export type CheckoutSource =
  | {
      kind: 'cart-order';
      shopSlug: string;
      cartId: string | null;
      supplierId: string;
      dssupplierId?: string | null;
      referral?: string | null;
      campaign?: string | null;
      clickId?: string | null;
    }
  | { kind: 'instant'; shopSlug: string; itemId: string; amount: number };

/** The source that recreates an expired checkout: its cart order, or its one item when it was bought at once. */
export function sourceOf(checkout: Checkout): CheckoutSource | null {
  if (checkout.cart_id) {
    return {
      kind: 'cart-order',
      shopSlug: checkout.shop_slug,
      cartId: checkout.cart_id,
      supplierId: checkout.supplier,
      dssupplierId: checkout.dssupplier,
      referral: checkout.referral ?? null,
      campaign: checkout.campaign ?? null,
      clickId: checkout.click_id ?? null,
    };
  }
  const line = checkout.lines[0];
  return line ? { kind: 'instant', shopSlug: checkout.shop_slug, itemId: line.id, amount: line.amount } : null;
}

/** Creates the checkout (reserving its stock again) with the action's Idempotency-Key. */
export async function startCheckout(source: CheckoutSource, key: string): Promise<Checkout> {
  if (source.kind === 'instant')
    return createInstantCheckout({ shop_slug: source.shopSlug, item_id: source.itemId, amount: source.amount }, key);
  const cartId = source.cartId ?? (await getCartId(source.shopSlug));
  return createCartCheckout(
    {
      cart_id: cartId ?? '',
      supplier_id: source.supplierId,
      ...(source.dssupplierId ? { dssupplier_id: source.dssupplierId } : {}),
      ...(source.referral ? { referral: source.referral } : {}),
      ...(source.campaign ? { campaign: source.campaign } : {}),
      ...(source.clickId ? { click_id: source.clickId } : {}),
    },
    key,
  );
}

export function useStartCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ source, key }: { source: CheckoutSource; key: string }) => startCheckout(source, key),
    onSuccess: (checkout) => queryClient.setQueryData(checkoutKeys.checkout(checkout.id), checkout),
  });
}
