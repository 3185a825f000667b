import { CONTACT_PHONE_PATTERN, ContactLimits, type ContactEntryInput } from '@vitrina/contracts';
import type { ContactKey } from '../i18n/texts';

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  message: string;
}

export type ContactField = keyof ContactValues;

/** A field's problem: the text's key and its values (limits). */
export interface ContactProblem {
  key: ContactKey;
  values?: Record<string, number>;
}

export type ContactErrors = Partial<Record<ContactField, ContactProblem>>;

/** The e-mail check the form does before sending (the server decides with its own, stricter one). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The phone as the server keeps it: digits only (`+52 55 1234-5678` -> `525512345678`). */
export function phoneDigits(phone: string): string {
  return phone.replace(/[\s().+-]/g, '');
}

/** spec 1 §5 generic validators (required, max length, e-mail, phone) on the contact modal's fields. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = { key: 'validation.nameRequired' };
  else if (name.length > ContactLimits.nameMax) errors.name = { key: 'validation.nameTooLong', values: { max: ContactLimits.nameMax } };

  const email = values.email.trim();
  if (!email) errors.email = { key: 'validation.emailRequired' };
  else if (email.length > ContactLimits.emailMax)
    errors.email = { key: 'validation.emailTooLong', values: { max: ContactLimits.emailMax } };
  else if (!EMAIL.test(email)) errors.email = { key: 'validation.emailInvalid' };

  const phone = phoneDigits(values.phone.trim());
  if (phone && !CONTACT_PHONE_PATTERN.test(phone)) {
    errors.phone = { key: 'validation.phoneInvalid', values: { min: ContactLimits.phoneMinDigits, max: ContactLimits.phoneMaxDigits } };
  }

  const message = values.message.trim();
  if (!message) errors.message = { key: 'validation.messageRequired' };
  else if (message.length > ContactLimits.messageMax) {
    errors.message = { key: 'validation.messageTooLong', values: { max: ContactLimits.messageMax } };
  }
  return errors;
}

/** The body of `POST /messaging/contact/{shop}`: trimmed, an empty phone left out, the item for the product variant. */
export function contactBody(values: ContactValues, itemId?: string): ContactEntryInput {
  const phone = phoneDigits(values.phone.trim());
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    message: values.message.trim(),
    ...(phone ? { phone } : {}),
    ...(itemId ? { item_id: itemId } : {}),
  };
}
