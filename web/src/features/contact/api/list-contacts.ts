import { ContactLimits, type ContactEntryList } from '@vitrina/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { contactKeys } from './keys';

/** spec 2 §7, §9: the contact list reads 20 at a time. */
export const CONTACT_PAGE_SIZE = ContactLimits.page;

/** `GET /contact-admin/{meID}:{key}/{meID}?offset&limit&filter`: the entries of the user's shops, newest first. */
export function listContacts(userId: string, offset: number, filter: string): Promise<ContactEntryList> {
  return unwrap(
    api.GET('/api/contact-admin/{owner}/{me}', {
      params: {
        path: { owner: ownerSegment(userId), me: userId },
        query: { offset, limit: CONTACT_PAGE_SIZE, ...(filter ? { filter } : {}) },
      },
    }),
  );
}

export function contactsQueryOptions(userId: string, offset: number, filter: string) {
  return queryOptions({
    queryKey: contactKeys.list(userId, offset, filter),
    queryFn: () => listContacts(userId, offset, filter),
    // A new page or filter keeps the rows on screen until its answer comes.
    placeholderData: keepPreviousData,
  });
}

export function useContacts(userId: string, offset: number, filter: string) {
  return useQuery(contactsQueryOptions(userId, offset, filter));
}
