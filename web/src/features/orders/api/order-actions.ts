import type { CancellationReason, PurchaseOrder } from '@vitrina/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, ownerSegment, unwrap } from '@/api/client';
import { IdempotencyKeys, isRetryable } from '@/lib/idempotency-keys';
import { orderKeys, type OrderSide } from './keys';

/** The seller's `next` (optionally the quote again, and the tracking when the order ships). */
export interface SellerNextBody {
  estimated_delivery_date?: string;
  shipping_cost_minor?: number;
  tracking_number?: string;
  tracking_url?: string;
}
export interface QuoteBody {
  estimated_delivery_date: string;
  shipping_cost_minor: number;
}
export interface CancelBody {
  reason: CancellationReason;
  message?: string;
}

export type OrderActionRequest =
  { action: 'next'; body?: SellerNextBody } | { action: 'confirm'; body?: QuoteBody } | { action: 'cancel'; body: CancelBody };

/** One key per action on an order (ARCHITECTURE §8 Idempotency-Key): a retry after no answer reuses it. */
const keys = new IdempotencyKeys();

function header(key: string) {
  return { 'Idempotency-Key': key };
}

/** `POST .../orders/{id}/next`, by side (customer, supplier admin, dropshipping supplier). */
export function advanceOrder(side: OrderSide, userId: string, id: string, key: string, body: SellerNextBody = {}): Promise<PurchaseOrder> {
  if (side === 'customer') {
    return unwrap(
      api.POST('/api/orders/{me}/orders/{id}/next', { params: { path: { me: ownerSegment(userId), id }, header: header(key) } }),
    );
  }
  if (side === 'seller') {
    return unwrap(
      api.POST('/api/orders/admin/suppliers/{me}/orders/{id}/next', {
        params: { path: { me: ownerSegment(userId), id }, header: header(key) },
        body,
      }),
    );
  }
  return unwrap(
    api.POST('/api/orders/{owner}/dssupplier/orders/{id}/next', {
      params: { path: { owner: ownerSegment(userId), id }, header: header(key) },
      body,
    }),
  );
}

/** `POST .../orders/{id}/confirm`: the customer accepts the quote; a seller sends it (estimated date and shipping cost). */
export function confirmOrder(side: OrderSide, userId: string, id: string, key: string, body?: QuoteBody): Promise<PurchaseOrder> {
  if (side === 'customer') {
    return unwrap(
      api.POST('/api/orders/{me}/orders/{id}/confirm', { params: { path: { me: ownerSegment(userId), id }, header: header(key) } }),
    );
  }
  if (side === 'seller') {
    return unwrap(
      api.POST('/api/orders/admin/suppliers/{me}/orders/{id}/confirm', {
        params: { path: { me: ownerSegment(userId), id }, header: header(key) },
        body: body ?? {},
      }),
    );
  }
  return unwrap(
    api.POST('/api/orders/{owner}/dssupplier/orders/{id}/confirm', {
      params: { path: { owner: ownerSegment(userId), id }, header: header(key) },
      body: body ?? {},
    }),
  );
}

/** `DELETE .../orders/{id}` with the reason (spec 3 §3 'Cancellation reasons'). */
export function cancelOrder(side: OrderSide, userId: string, id: string, key: string, body: CancelBody): Promise<PurchaseOrder> {
  if (side === 'customer') {
    return unwrap(
      api.DELETE('/api/orders/{me}/orders/{id}', { params: { path: { me: ownerSegment(userId), id }, header: header(key) }, body }),
    );
  }
  if (side === 'seller') {
    return unwrap(
      api.DELETE('/api/orders/admin/suppliers/{me}/orders/{id}', {
        params: { path: { me: ownerSegment(userId), id }, header: header(key) },
        body,
      }),
    );
  }
  return unwrap(
    api.DELETE('/api/orders/{owner}/dssupplier/orders/{id}', {
      params: { path: { owner: ownerSegment(userId), id }, header: header(key) },
      body,
    }),
  );
}

function send(side: OrderSide, userId: string, id: string, request: OrderActionRequest): Promise<PurchaseOrder> {
  const name = `${side}:${id}:${request.action}`;
  const key = keys.keyFor(name, request.body ?? null);
  const call =
    request.action === 'next'
      ? advanceOrder(side, userId, id, key, request.body)
      : request.action === 'confirm'
        ? confirmOrder(side, userId, id, key, request.body)
        : cancelOrder(side, userId, id, key, request.body);
  return call.then(
    (order) => {
      keys.settle(name);
      return order;
    },
    (error: unknown) => {
      // A refusal a retry would repeat ends the action; no answer (or server trouble) keeps its key for the retry.
      if (!isApiError(error) || !isRetryable(error.status, error.code)) keys.settle(name);
      throw error;
    },
  );
}

/**
 * The actions of an order page: the answer replaces the order on screen and the lists are read again; a refusal
 * that means the order changed (409, 403) reads the order again too. `pageId` is the id the page was opened with
 * (its query's key): a customer's page may name the order by its checkout.
 */
export function useOrderAction(side: OrderSide, userId: string, id: string, pageId: string = id) {
  const queryClient = useQueryClient();
  const detail = orderKeys.detail(side, userId, pageId);
  return useMutation({
    mutationFn: (request: OrderActionRequest) => send(side, userId, id, request),
    onSuccess: (order) => {
      queryClient.setQueryData(detail, order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 409 || error.status === 403)) void queryClient.invalidateQueries({ queryKey: detail });
    },
  });
}
