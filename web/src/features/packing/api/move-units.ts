import type { OrderPacking } from '@vitrina/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, ownerSegment, unwrap } from '@/api/client';
import { packingKeys } from './keys';

/** Where units are: a package by its number, or 0 for the not-packed units. */
export interface Move {
  from: number;
  to: number;
  lineId: string;
  quantity: number;
}

/**
 * `PATCH .../binpacked/{a}/{b}` (from a package; b = packages + 1 opens one, 0 unpacks) or `PATCH .../notpacked/{x}`
 * (from the not-packed units). Answers the whole packing.
 */
export function moveUnits(owner: string, orderId: string, move: Move): Promise<OrderPacking> {
  const path = { owner: ownerSegment(owner), id: orderId };
  const body = { line_id: move.lineId, quantity: move.quantity };
  if (move.from === 0) {
    return unwrap(
      api.PATCH('/api/orders/{owner}/franchise/orders/{id}/notpacked/{x}', { params: { path: { ...path, x: String(move.to) } }, body }),
    );
  }
  return unwrap(
    api.PATCH('/api/orders/{owner}/franchise/orders/{id}/binpacked/{a}/{b}', {
      params: { path: { ...path, a: String(move.from), b: String(move.to) } },
      body,
    }),
  );
}

/** A move replaces the packing on screen; a refusal that means it changed meanwhile reads it again. */
export function useMoveUnits(owner: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: Move) => moveUnits(owner, orderId, move),
    onSuccess: (packing) => queryClient.setQueryData(packingKeys.order(owner, orderId), packing),
    onError: (error) => {
      if (isApiError(error) && (error.status === 404 || error.status === 409 || error.status === 400)) {
        void queryClient.invalidateQueries({ queryKey: packingKeys.order(owner, orderId) });
      }
    },
  });
}
