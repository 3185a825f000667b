import type { ReturnNoteVisibility, ReturnRefund, ReturnRequest } from '@vitrina/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, ownerSegment, unwrap } from '@/api/client';
import { IdempotencyKeys, isRetryable } from '@/lib/idempotency-keys';
import { ORDERS_QUERY_ROOT, returnKeys, type ReturnSide } from './keys';

/**
 * One key per refund typed, and per closing (ARCHITECTURE §8 Idempotency-Key): a retry of the same action after no
 * answer reuses it.
 */
const refundKeys = new IdempotencyKeys();

/** `POST /orders/{me}:{me}/returns/{id}/comments` {body}: the customer's comment. */
export async function addComment(userId: string, id: string, body: string): Promise<void> {
  await unwrap(api.POST('/api/orders/{me}/returns/{id}/comments', { params: { path: { me: ownerSegment(userId), id } }, body: { body } }));
}

/** `POST .../returns/{id}/notes` {body, visibility}: the seller's (or dropshipping supplier's) note. */
export async function addNote(
  side: Exclude<ReturnSide, 'customer'>,
  userId: string,
  id: string,
  body: { body: string; visibility: ReturnNoteVisibility },
): Promise<void> {
  const me = ownerSegment(userId);
  if (side === 'seller') {
    await unwrap(api.POST('/api/orders/admin/suppliers/{me}/returns/{id}/notes', { params: { path: { me, id } }, body }));
  } else {
    await unwrap(api.POST('/api/orders/{me}/dssupplier/returns/{id}/notes', { params: { path: { me, id } }, body }));
  }
}

/** `POST /orders/admin/suppliers/{me}:{me}/returns/{id}/refunds` {amount_minor} + Idempotency-Key → 201 ReturnRefund. */
export function refundReturn(userId: string, id: string, key: string, amountMinor: number): Promise<ReturnRefund> {
  return unwrap(
    api.POST('/api/orders/admin/suppliers/{me}/returns/{id}/refunds', {
      params: { path: { me: ownerSegment(userId), id }, header: { 'Idempotency-Key': key } },
      body: { amount_minor: amountMinor },
    }),
  );
}

/** `POST /orders/admin/suppliers/{me}:{me}/returns/{id}/close` + Idempotency-Key → ReturnRequest (closing settles the order). */
export function closeReturn(userId: string, id: string, key: string): Promise<ReturnRequest> {
  return unwrap(
    api.POST('/api/orders/admin/suppliers/{me}/returns/{id}/close', {
      params: { path: { me: ownerSegment(userId), id }, header: { 'Idempotency-Key': key } },
    }),
  );
}

/** `GET /customers/{me}:{me}/add_to_wallet/{id}` (spec 2 §7): the refund goes to the customer's wallet. */
export function addToWallet(userId: string, id: string): Promise<ReturnRequest> {
  return unwrap(api.GET('/api/customers/{me}/add_to_wallet/{id}', { params: { path: { me: ownerSegment(userId), id } } }));
}

/** The request's cached copy: put a fresh answer, read it again, refresh the lists. */
export function useRefreshReturn(side: ReturnSide, userId: string, id: string) {
  const queryClient = useQueryClient();
  const detail = returnKeys.detail(side, userId, id);
  return {
    detail,
    put: (request: ReturnRequest) => queryClient.setQueryData(detail, request),
    refresh: () => queryClient.invalidateQueries({ queryKey: detail }),
    refreshLists: () => void queryClient.invalidateQueries({ queryKey: returnKeys.lists() }),
  };
}

export function useAddComment(userId: string, id: string) {
  const { refresh } = useRefreshReturn('customer', userId, id);
  return useMutation({ mutationFn: (body: string) => addComment(userId, id, body), onSuccess: refresh });
}

export function useAddNote(side: Exclude<ReturnSide, 'customer'>, userId: string, id: string) {
  const { refresh } = useRefreshReturn(side, userId, id);
  return useMutation({
    mutationFn: (body: { body: string; visibility: ReturnNoteVisibility }) => addNote(side, userId, id, body),
    onSuccess: refresh,
  });
}

export function useRefundReturn(userId: string, id: string) {
  const { refresh } = useRefreshReturn('seller', userId, id);
  return useMutation({
    mutationFn: async (amountMinor: number) => {
      const name = `refund:${id}`;
      const key = refundKeys.keyFor(name, amountMinor);
      try {
        const refund = await refundReturn(userId, id, key, amountMinor);
        refundKeys.settle(name);
        return refund;
      } catch (error) {
        if (!isApiError(error) || !isRetryable(error.status, error.code)) refundKeys.settle(name);
        throw error;
      }
    },
    // The amount available changed (or the request did, when refused): read it again.
    onSettled: refresh,
  });
}

export function useCloseReturn(userId: string, id: string) {
  const queryClient = useQueryClient();
  const { put, refresh, refreshLists } = useRefreshReturn('seller', userId, id);
  return useMutation({
    mutationFn: async () => {
      const name = `close:${id}`;
      const key = refundKeys.keyFor(name, null);
      try {
        const closed = await closeReturn(userId, id, key);
        refundKeys.settle(name);
        return closed;
      } catch (error) {
        if (!isApiError(error) || !isRetryable(error.status, error.code)) refundKeys.settle(name);
        throw error;
      }
    },
    onSuccess: (request) => {
      put(request);
      refreshLists();
      // Closing settles the order (its page shows it).
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_ROOT });
    },
    onError: () => void refresh(),
  });
}

export function useAddToWallet(userId: string, id: string) {
  const { put, refreshLists } = useRefreshReturn('customer', userId, id);
  return useMutation({
    mutationFn: () => addToWallet(userId, id),
    onSuccess: (request) => {
      put(request);
      refreshLists();
    },
  });
}
