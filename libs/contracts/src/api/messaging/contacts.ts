import { z } from 'zod';
import { listOf } from '../list.js';

/**
 * Contact entries (issue 15; spec 1 §2 'Shop home' contact modal and 'Other screens' with its two variants, spec 2 §2
 * 'Contact list (admin)', §3 'Contact entry', §6, §7): what a visitor sends a shop through its contact modal, read by
 * the shop's owner. Routes:
 * - `POST /messaging/contact/{shop}` (shop id or slug; public, a signed-in sender is recorded as `user`) → 201 the entry;
 * - `GET /contact-admin/{meID}:{key}/{meID}?offset=&limit=&filter=` the entries of the caller's shops, newest first;
 * - `GET /contact-admin/{meID}:{key}/{meID}/{id}` one of them.
 * Reading needs the `admin` or `contact-admin` keychain access (spec 2 §6).
 */

/** The keychain entries that may read contact entries (spec 2 §6). */
export const CONTACT_READER_APIS = ['admin', 'contact-admin'] as const;

export const ContactLimits = {
  nameMax: 100,
  /** RFC 5321's longest address. */
  emailMax: 254,
  /** The phone as digits only (country code included or not). */
  phoneMinDigits: 8,
  phoneMaxDigits: 15,
  messageMax: 2000,
  itemIdMax: 100,
  /** spec 2 §7, §9: the contact list's default limit. */
  page: 20,
  pageMax: 100,
  filterMax: 100,
  /** A sender (signed-in user, else e-mail) writes to one shop at most this often per window (spam, double sends). */
  perSenderMax: 5,
  perSenderWindowMinutes: 10,
} as const;

/** spec 1 §5 'phone' validator, as digits: 8 to 15 of them. */
export const CONTACT_PHONE_PATTERN = /^\d{8,15}$/;

export const ContactErrorCodes = {
  /** An id the caller does not own or that does not exist. */
  contactNotFound: 'contact_not_found',
  /** The sender wrote to this shop perSenderMax times within the window. */
  tooManyContacts: 'too_many_contacts',
} as const;

/** spec 2 §3 'Contact entry': id, user, name, email, phone, message, created_at; plus the shop and the item asked about. */
export const ContactEntrySchema = z
  .object({
    id: z.string(),
    shop_id: z.string(),
    /** The signed-in sender; null for an anonymous visitor. */
    user: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    message: z.string(),
    /** The product-level variant: the item the enquiry is about; null for a shop-level enquiry. */
    item_id: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ContactEntry' });
export type ContactEntry = z.infer<typeof ContactEntrySchema>;

export const ContactEntryListSchema = listOf(ContactEntrySchema).meta({ id: 'ContactEntryList' });
export type ContactEntryList = z.infer<typeof ContactEntryListSchema>;

/** The body of `POST /messaging/contact/{shop}`. */
export interface ContactEntryInput {
  name: string;
  email: string;
  phone?: string;
  message: string;
  item_id?: string;
}
