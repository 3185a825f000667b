import { isValidClabe, WalletLimits } from '@vitrina/contracts';
import type { WalletsKey } from '../i18n/texts';
import { pesosToMinor } from '@/lib/money';

export { pesosToMinor };

export interface FieldError {
  key: WalletsKey;
  values?: Record<string, unknown>;
}

export interface CashoutValues {
  amount: string;
  clabe: string;
}

export type CashoutErrors = Partial<Record<keyof CashoutValues, FieldError>>;

/**
 * A cash-out (spec 2 §3 'Wallet'): pesos with 2 decimals, at least the minimum and at most the balance available for
 * cash-out; a CLABE of 18 digits whose check digit holds (spaces typed between groups are ignored).
 */
export function validateCashout(
  values: CashoutValues,
  availableMinor: number,
  minimumText: string,
): { errors: CashoutErrors; body?: { amount_minor: number; clabe: string } } {
  const errors: CashoutErrors = {};
  const minor = values.amount.trim() ? pesosToMinor(values.amount) : null;
  if (!values.amount.trim()) errors.amount = { key: 'validation.amountRequired' };
  else if (minor === null) errors.amount = { key: 'validation.amountInvalid' };
  else if (minor < WalletLimits.cashoutMinMinor) errors.amount = { key: 'validation.amountBelowMinimum', values: { amount: minimumText } };
  else if (minor > availableMinor) errors.amount = { key: 'validation.amountExceeds' };
  const clabe = values.clabe.replace(/[\s-]/g, '');
  if (!clabe) errors.clabe = { key: 'validation.clabeRequired' };
  else if (!isValidClabe(clabe)) errors.clabe = { key: 'validation.clabeInvalid' };
  if (Object.keys(errors).length > 0 || minor === null) return { errors };
  return { errors, body: { amount_minor: minor, clabe } };
}
