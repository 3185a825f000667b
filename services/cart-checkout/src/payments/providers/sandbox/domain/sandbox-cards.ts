import { PaymentErrorCodes, PaymentLimits, SANDBOX_TEST_CARDS } from '@vitrina/contracts';
import { ValidationError } from '@vitrina/platform';

/**
 * The sandbox tokeniser's rules (issue 12): it stands in for a provider's client-side tokeniser, so it checks a card
 * the way one does (Luhn, expiry, cvv) and keeps only what the card behaves like, never the number or the cvv.
 */

/** What a tokenised card does when charged: one of SANDBOX_TEST_CARDS' names; any other valid number approves. */
export type SandboxBehaviour = keyof typeof SANDBOX_TEST_CARDS;

export const SANDBOX_BEHAVIOURS = Object.keys(SANDBOX_TEST_CARDS) as SandboxBehaviour[];

/** What the sandbox stores of a card (sandbox_card_tokens). */
export interface TokenisedCard {
  behaviour: SandboxBehaviour;
  brand: string;
  type: 'credit' | 'debit';
  bank: string;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
}

/** The tokeniser's body as sent (spec 3 §3 'Card fields'); every field is checked here. */
export interface CardInput {
  card_number?: unknown;
  cvv?: unknown;
  month?: unknown;
  year?: unknown;
  holder_name?: unknown;
}

/** A plausible issuing bank per brand (the sandbox has no BIN table). */
const BANKS: Record<string, string> = {
  visa: 'BBVA México',
  mastercard: 'Banorte',
  amex: 'American Express',
  other: 'Santander México',
};

/** How far ahead an expiry may be (a card is issued for at most a few years). */
const MAX_YEARS_AHEAD = 25;

const invalid = (message: string, field: string) => new ValidationError(message, { [field]: [message] }, PaymentErrorCodes.invalidCard);

/** The Luhn (mod 10) check every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card brand by its prefix: 4 visa, 51-55 and 2221-2720 mastercard, 34/37 amex. */
export function brandOf(digits: string): 'visa' | 'mastercard' | 'amex' | 'other' {
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  return 'other';
}

function integerOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\d{1,4}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/**
 * Checks a card and answers what the sandbox keeps of it. Refusals are 400 `invalid_card` naming the field (the
 * number itself is never repeated in a message).
 */
export function tokeniseCard(input: CardInput, now: Date): TokenisedCard {
  const number = typeof input.card_number === 'string' ? input.card_number.replace(/\s+/g, '') : '';
  if (!/^\d{12,19}$/.test(number) || number.length > PaymentLimits.cardNumberMaxLength) {
    throw invalid('El número de tarjeta debe tener entre 12 y 19 dígitos', 'card_number');
  }
  if (!luhnValid(number)) throw invalid('El número de tarjeta no es válido', 'card_number');

  const cvv = typeof input.cvv === 'string' ? input.cvv.trim() : typeof input.cvv === 'number' ? String(input.cvv) : '';
  if (!/^\d{3,4}$/.test(cvv)) throw invalid('El código de seguridad debe tener 3 o 4 dígitos', 'cvv');

  const month = integerOf(input.month);
  if (month === undefined || month < 1 || month > 12) throw invalid('El mes de vencimiento debe estar entre 1 y 12', 'month');
  const yearText = typeof input.year === 'number' ? String(input.year) : typeof input.year === 'string' ? input.year.trim() : '';
  if (!/^(\d{2}|\d{4})$/.test(yearText)) throw invalid('El año de vencimiento debe tener 2 o 4 dígitos', 'year');
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) throw invalid('La tarjeta está vencida', 'year');
  if (year > thisYear + MAX_YEARS_AHEAD) throw invalid('El año de vencimiento no es válido', 'year');

  const name = typeof input.holder_name === 'string' ? input.holder_name.trim().replace(/\s+/g, ' ') : '';
  if (!name) throw invalid('Escribe el nombre como aparece en la tarjeta', 'holder_name');
  if (name.length > PaymentLimits.holderNameMaxLength) {
    throw invalid(`El nombre admite hasta ${PaymentLimits.holderNameMaxLength} caracteres`, 'holder_name');
  }

  const behaviour = SANDBOX_BEHAVIOURS.find((b) => SANDBOX_TEST_CARDS[b] === number) ?? 'approved';
  const brand = brandOf(number);
  return {
    behaviour,
    brand,
    type: behaviour === 'debit' ? 'debit' : 'credit',
    bank: BANKS[brand],
    last4: number.slice(-4),
    expMonth: month,
    expYear: year,
    name,
  };
}
