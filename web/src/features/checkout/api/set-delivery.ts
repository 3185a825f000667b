import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { checkoutKeys } from './keys';
import type { DeliveryAnswer } from './types';

/** The three ways to deliver (spec 3 §4 'Checkout flow' step 2); each answers the payment token. */
export type DeliveryChoice =
  | { kind: 'broker'; body: { rate_id: string; shipment_id: string } }
  | { kind: 'fixed'; body: { address_id: string; scheduled_date?: string; scheduled_time?: string } }
  | { kind: 'pickup'; body: { agency_id: string } };

/** `PUT /checkout/{id}/broker | fixed_delivery | pickup` with the action's Idempotency-Key. */
export function setDelivery(id: string, choice: DeliveryChoice, key: string): Promise<DeliveryAnswer> {
  const params = { path: { id }, header: { 'Idempotency-Key': key } };
  switch (choice.kind) {
    case 'broker':
      return unwrap(api.PUT('/api/checkout/{id}/broker', { params, body: choice.body }));
    case 'fixed':
      return unwrap(api.PUT('/api/checkout/{id}/fixed_delivery', { params, body: choice.body }));
    case 'pickup':
      return unwrap(api.PUT('/api/checkout/{id}/pickup', { params, body: choice.body }));
  }
}

export function useSetDelivery(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ choice, key }: { choice: DeliveryChoice; key: string }) => setDelivery(id, choice, key),
    onSuccess: (answer) => queryClient.setQueryData(checkoutKeys.checkout(id), answer.checkout),
  });
}
