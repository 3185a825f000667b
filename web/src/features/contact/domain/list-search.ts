import { ContactLimits } from '@vitrina/contracts';
import { onlyAccepted } from '@/lib/route-search';

/** The contact list's address: `?ContactList=` holds the filter (spec 2 §2), `page` the page (1-based). */
export interface ContactListSearch {
  ContactList?: string;
  page?: number;
}

/** `validateSearch` of `/me/inbox/contacts`: unknown or bad values are dropped, never an error page. */
export function parseContactListSearch(search: Record<string, unknown>): ContactListSearch {
  const out: ContactListSearch = {};
  const filter = search.ContactList;
  if (typeof filter === 'string' || typeof filter === 'number') {
    const text = String(filter).trim().slice(0, ContactLimits.filterMax);
    if (text) out.ContactList = text;
  }
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= 50_000) out.page = page;
  return onlyAccepted(search, out);
}

/** The first 50 characters of a message, on one line (spec 2 §9 'Message teaser 50 characters'). */
export function teaser(message: string, max = 50): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max).trimEnd()}…` : line;
}
