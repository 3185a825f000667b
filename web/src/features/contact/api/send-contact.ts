import type { ContactEntry, ContactEntryInput } from '@vitrina/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { contactKeys } from './keys';

/** `POST /messaging/contact/{shop}` (the shop's id or slug): the contact modal's message. */
export function sendContact(shop: string, body: ContactEntryInput): Promise<ContactEntry> {
  return unwrap(api.POST('/api/messaging/contact/{shop}', { params: { path: { shop } }, body }));
}

export function useSendContact(shop: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactEntryInput) => sendContact(shop, body),
    // The owner writing to their own shop sees it in their list at once.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
