import type { OrderInvoicing } from '@vitrina/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';

/** The orders feature's queries (by their key's root): the order shows its invoicing data. */
const ORDER_QUERIES_ROOT = ['orders'] as const;

/** `PUT /orders/{me}:{me}/orders/{id}/invoicing` (400 invalid_rfc). */
export function setInvoicing(userId: string, orderId: string, body: OrderInvoicing): Promise<OrderInvoicing> {
  return unwrap(api.PUT('/api/orders/{me}/orders/{id}/invoicing', { params: { path: { me: ownerSegment(userId), id: orderId } }, body }));
}

export function useSetInvoicing(userId: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderInvoicing) => setInvoicing(userId, orderId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ORDER_QUERIES_ROOT }),
  });
}
