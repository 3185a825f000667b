import { CONTACT_READER_APIS } from '@vitrina/contracts';

/** spec 2 §6: contact entries are readable only with the admin or contact-admin keychain access. */
export function mayReadContacts(keychain: readonly string[] | undefined): boolean {
  return (keychain ?? []).some((api) => (CONTACT_READER_APIS as readonly string[]).includes(api));
}

/**
 * The phone as stored: the digits only, so `+52 55 1234-5678` and `525512345678` are one number; undefined for an
 * empty field. Anything else (letters) stays, for the DTO's digit check to refuse.
 */
export function phoneDigits(phone: string | undefined): string | undefined {
  if (phone === undefined) return undefined;
  const digits = phone.replace(/[\s().+-]/g, '');
  return digits === '' ? undefined : digits;
}

/**
 * A text filter as a LIKE pattern (contains, case-insensitive with ILIKE): `%`, `_` and the escape character are
 * matched literally, so a visitor's `50%` finds `50%` and nothing else.
 */
export function containsPattern(filter: string): string {
  return `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
