import { FINAL_ORDER_STATES, type PurchaseOrder } from '@vitrina/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, ownerSegment, unwrap } from '@/api/client';
import { orderKeys, type OrderSide } from './keys';

/** `GET /orders/{me}:{me}/orders/{id}`. */
export function getMyOrder(userId: string, id: string): Promise<PurchaseOrder> {
  return unwrap(api.GET('/api/orders/{me}/orders/{id}', { params: { path: { me: ownerSegment(userId), id } } }));
}

/** `GET /orders/{me}:{me}/orders/by-checkout/{checkoutId}` (404 order_not_found until the order exists). */
export function getMyOrderByCheckout(userId: string, checkoutId: string): Promise<PurchaseOrder> {
  return unwrap(
    api.GET('/api/orders/{me}/orders/by-checkout/{checkoutId}', { params: { path: { me: ownerSegment(userId), checkoutId } } }),
  );
}

/**
 * spec 3 §2 `/mis-compras/{order or checkout_aggregation}`: the order by its id, else the order made of the checkout
 * with that id (a link from a payment names the checkout).
 */
export async function getMyOrderOrCheckout(userId: string, id: string): Promise<PurchaseOrder> {
  try {
    return await getMyOrder(userId, id);
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) throw error;
    try {
      return await getMyOrderByCheckout(userId, id);
    } catch {
      throw error;
    }
  }
}

/** `GET /orders/admin/suppliers/{me}:{me}/orders/{id}`: the seller's view (supplier or dropshipping supplier). */
export function getSellerOrder(userId: string, id: string): Promise<PurchaseOrder> {
  return unwrap(api.GET('/api/orders/admin/suppliers/{me}/orders/{id}', { params: { path: { me: ownerSegment(userId), id } } }));
}

/** `GET /orders/{owner}:{owner}/dssupplier/orders/{id}`: the dropshipping supplier's view. */
export function getDssupplierOrder(userId: string, id: string): Promise<PurchaseOrder> {
  return unwrap(api.GET('/api/orders/{owner}/dssupplier/orders/{id}', { params: { path: { owner: ownerSegment(userId), id } } }));
}

/**
 * An order still on its way is read again now and then: the other party's steps and the courier's tracking move it
 * (spec 3 §4 'With shipment tracking the status advances automatically') while the page is open.
 */
export const ORDER_REFRESH_MS = 15_000;

export function orderQueryOptions(side: OrderSide, userId: string, id: string) {
  return queryOptions({
    queryKey: orderKeys.detail(side, userId, id),
    queryFn: () =>
      side === 'customer'
        ? getMyOrderOrCheckout(userId, id)
        : side === 'seller'
          ? getSellerOrder(userId, id)
          : getDssupplierOrder(userId, id),
    refetchInterval: (query) => (query.state.data && !FINAL_ORDER_STATES.includes(query.state.data.state) ? ORDER_REFRESH_MS : false),
  });
}

export function useOrder(side: OrderSide, userId: string, id: string) {
  return useQuery(orderQueryOptions(side, userId, id));
}
