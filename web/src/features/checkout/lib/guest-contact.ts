import type { ContactValues } from './contact';

/**
 * The contact a guest typed before registering (spec 3 §4 'Guest flow'): kept for the tab, so the checkout they
 * reach once signed in starts with it instead of asking twice.
 */
const KEY = 'vitrina.checkout.guest-contact';

export function rememberGuestContact(contact: ContactValues): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(contact));
  } catch {
    /* storage disabled: the shopper types it again */
  }
}

export function recallGuestContact(): ContactValues | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ContactValues>;
    if (
      typeof value.name !== 'string' ||
      typeof value.email !== 'string' ||
      typeof value.phone !== 'string' ||
      typeof value.phone_country !== 'string'
    ) {
      return null;
    }
    return { name: value.name, email: value.email, phone: value.phone, phone_country: value.phone_country };
  } catch {
    return null;
  }
}

export function forgetGuestContact(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}
