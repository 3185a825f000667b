import { randomInt } from 'node:crypto';

/**
 * The numbers a shopper pays offline with: a cash voucher's store reference and an SPEI transfer's CLABE. Each is
 * random; the sandbox_payments `reference` unique index refuses a repeat and the caller draws again.
 */

/** STP (Sistema de Transferencias y Pagos): bank 646, plaza 180, as the CLABEs payment providers hand out. */
export const SPEI_BANK_CODE = '646';
export const SPEI_PLAZA_CODE = '180';
export const SPEI_BANK_NAME = 'STP';
export const SPEI_BENEFICIARY = 'Vitrina Pagos';
export const VOUCHER_STORES = ['OXXO', '7-Eleven', 'Farmacias del Ahorro', 'Walmart'];

function digits(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(randomInt(10));
  return out;
}

/** A 14-digit store reference (no leading zero, so it never loses a digit when read as a number). */
export function newVoucherReference(): string {
  return String(randomInt(1, 10)) + digits(13);
}

/** The CLABE check digit: weights 3, 7, 1 over the first 17 digits, each product mod 10, then 10 - sum mod 10. */
export function clabeCheckDigit(first17: string): string {
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ((first17.charCodeAt(i) - 48) * weights[i % 3]) % 10;
  return String((10 - (sum % 10)) % 10);
}

export function clabeValid(clabe: string): boolean {
  return /^\d{18}$/.test(clabe) && clabeCheckDigit(clabe.slice(0, 17)) === clabe[17];
}

/** A valid 18-digit CLABE at STP: 646 180 + an 11-digit account + the check digit. */
export function newClabe(): string {
  const first17 = SPEI_BANK_CODE + SPEI_PLAZA_CODE + digits(11);
  return first17 + clabeCheckDigit(first17);
}

/** The transfer's 7-digit numeric reference (the concept the bank app asks for), read from its CLABE's account. */
export function transferReference(clabe: string): string {
  return clabe.slice(10, 17);
}
