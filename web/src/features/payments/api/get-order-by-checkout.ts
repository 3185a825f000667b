import type { PurchaseOrder } from '@vitrina/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError, ownerSegment, unwrap } from '@/api/client';
import { paymentKeys } from './keys';

/** The paid page asks this often for the order the payment makes (the payment → order event lag, issue 13). */
export const ORDER_POLL_MS = 500;
/** ...and gives up after this long (the link to 'Mis compras' still leads there). */
export const ORDER_POLL_MAX_MS = 15_000;

/** `GET /orders/{me}:{me}/orders/by-checkout/{checkoutId}`: 404 order_not_found until the order exists. */
export function getOrderByCheckout(userId: string, checkoutId: string): Promise<PurchaseOrder | null> {
  return unwrap(
    api.GET('/api/orders/{me}/orders/by-checkout/{checkoutId}', { params: { path: { me: ownerSegment(userId), checkoutId } } }),
  ).catch((error: unknown) => {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  });
}

/** Polls for the checkout's order every `intervalMs` until it exists or `maxMs` passed since the first ask. */
export function useOrderOfCheckout(
  userId: string,
  checkoutId: string,
  enabled: boolean,
  intervalMs = ORDER_POLL_MS,
  maxMs = ORDER_POLL_MAX_MS,
) {
  return useQuery({
    queryKey: paymentKeys.orderOfCheckout(userId, checkoutId),
    queryFn: () => getOrderByCheckout(userId, checkoutId),
    enabled,
    retry: false,
    // Asked again while the answer is 'not yet' (null), for about `maxMs`; an order found or a failure stops it.
    refetchInterval: (query) => (query.state.data === null && query.state.dataUpdateCount * intervalMs < maxMs ? intervalMs : false),
    refetchIntervalInBackground: true,
  });
}
