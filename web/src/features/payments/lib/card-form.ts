import { PaymentLimits } from '@vitrina/contracts';
import type { CardInput } from '../api/create-card-token';
import type { BillingDetails } from '../api/pay-by-card';
import type { PaymentsKey } from '../i18n/texts';
import { cvvValid, expiryInFuture, luhnValid, nationalPhone, normalizeCardNumber, parseExpiry } from './card';

/** What the card form holds (the number without spaces; the expiry as typed, `MM/YY`). */
export interface CardFormValues {
  holder_name: string;
  card_number: string;
  expiry: string;
  cvv: string;
}

export type BillingValues = BillingDetails;

export const EMPTY_CARD: CardFormValues = { holder_name: '', card_number: '', expiry: '', cvv: '' };

export function emptyBilling(country = 'MX'): BillingValues {
  return {
    name: '',
    surname: '',
    email: '',
    phone: '',
    street_name: '',
    street_number: '',
    address2: '',
    suite: '',
    city: '',
    postal_code: '',
    state_code: '',
    country_code: country,
    reference: '',
  };
}

export type CardErrors = Partial<Record<keyof CardFormValues | 'billing.name' | 'billing.surname' | 'billing.email', PaymentsKey>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The card fields' problems (spec 3 §5), by field; empty when the card can be sent to the tokeniser. */
export function validateCard(values: CardFormValues, billing: BillingValues | null, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const holder = values.holder_name.trim();
  if (!holder) errors.holder_name = 'validation.required';
  else if (holder.length > PaymentLimits.holderNameMaxLength) errors.holder_name = 'validation.tooLong';
  const number = normalizeCardNumber(values.card_number);
  if (!number) errors.card_number = 'validation.required';
  else if (!luhnValid(number)) errors.card_number = 'validation.cardNumber';
  const expiry = parseExpiry(values.expiry);
  if (!values.expiry.trim()) errors.expiry = 'validation.required';
  else if (!expiry) errors.expiry = 'validation.expiry';
  else if (!expiryInFuture(expiry, now)) errors.expiry = 'validation.expiryPast';
  if (!values.cvv) errors.cvv = 'validation.required';
  else if (!cvvValid(values.cvv)) errors.cvv = 'validation.cvv';
  if (billing) {
    if (!billing.name.trim()) errors['billing.name'] = 'validation.required';
    if (!billing.surname.trim()) errors['billing.surname'] = 'validation.required';
    if (billing.email.trim() && !EMAIL.test(billing.email.trim())) errors['billing.email'] = 'validation.email';
  }
  return errors;
}

/** What goes to the tokeniser: the number without spaces (≤ 19), the expiry split on the slash. */
export function toCardInput(values: CardFormValues): CardInput {
  const expiry = parseExpiry(values.expiry) ?? { month: '', year: '' };
  return {
    card_number: normalizeCardNumber(values.card_number),
    cvv: values.cvv,
    month: expiry.month,
    year: expiry.year,
    holder_name: values.holder_name.trim(),
  };
}

/** The billing variant as sent with the card payment: trimmed, the phone as its national number (spec 3 §5). */
export function toBillingDetails(billing: BillingValues): BillingDetails {
  const trimmed = { ...billing };
  for (const key of Object.keys(trimmed) as Array<keyof BillingDetails>) trimmed[key] = trimmed[key].trim();
  return { ...trimmed, email: trimmed.email.replace(/\s+/g, ''), phone: nationalPhone(trimmed.phone, trimmed.country_code || 'MX') };
}
