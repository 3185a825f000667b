import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { checkoutKeys } from './keys';
import type { Attendee, Checkout } from './types';

/** `PUT /checkout/{id}/attendees` { attendees: [{ full_name, phone }] }: one per experience ticket. */
export function updateAttendees(id: string, attendees: Attendee[]): Promise<Checkout> {
  return unwrap(api.PUT('/api/checkout/{id}/attendees', { params: { path: { id } }, body: { attendees } }));
}

export function useUpdateAttendees(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attendees: Attendee[]) => updateAttendees(id, attendees),
    onSuccess: (checkout) => queryClient.setQueryData(checkoutKeys.checkout(id), checkout),
  });
}
