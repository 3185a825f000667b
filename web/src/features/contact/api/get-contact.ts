import type { ContactEntry } from '@vitrina/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { contactKeys } from './keys';

/** `GET /contact-admin/{meID}:{key}/{meID}/{id}`: one entry of the user's shops. */
export function getContact(userId: string, id: string): Promise<ContactEntry> {
  return unwrap(api.GET('/api/contact-admin/{owner}/{me}/{id}', { params: { path: { owner: ownerSegment(userId), me: userId, id } } }));
}

export function contactQueryOptions(userId: string, id: string) {
  return queryOptions({ queryKey: contactKeys.entry(userId, id), queryFn: () => getContact(userId, id) });
}

export function useContact(userId: string, id: string) {
  return useQuery(contactQueryOptions(userId, id));
}
