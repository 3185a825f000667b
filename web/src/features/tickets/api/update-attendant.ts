import type { Attendant } from '@vitrina/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import type { AttendeeValues } from '../lib/attendee-form';
import { ticketKeys } from './keys';

/** `PATCH /orders/{me}:{me}/orders/{id}/attendants/{attendantId}`: the attendee update (name, phone). */
export function updateAttendant(userId: string, orderId: string, attendantId: string, body: Partial<AttendeeValues>): Promise<Attendant> {
  return unwrap(
    api.PATCH('/api/orders/{me}/orders/{id}/attendants/{attendantId}', {
      params: { path: { me: ownerSegment(userId), id: orderId, attendantId } },
      body,
    }),
  );
}

/** The update; the order's pages are read again afterwards (a refusal may mean the ticket was used meanwhile). */
export function useUpdateAttendant(userId: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attendantId, body }: { attendantId: string; body: Partial<AttendeeValues> }) =>
      updateAttendant(userId, orderId, attendantId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketKeys.order(userId, orderId) }),
  });
}
