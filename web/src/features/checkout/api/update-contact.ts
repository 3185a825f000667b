import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactValues } from '../lib/contact';
import { api, unwrap } from '@/api/client';
import { checkoutKeys } from './keys';
import type { Checkout } from './types';

/** `PUT /checkout/{id}/contact` { name, email, phone, phone_country } → Checkout. */
export function updateContact(id: string, body: ContactValues): Promise<Checkout> {
  return unwrap(api.PUT('/api/checkout/{id}/contact', { params: { path: { id } }, body }));
}

export function useUpdateContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactValues) => updateContact(id, body),
    onSuccess: (checkout) => queryClient.setQueryData(checkoutKeys.checkout(id), checkout),
  });
}
