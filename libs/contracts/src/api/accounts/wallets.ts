import { z } from 'zod';
import { listOf } from '../list.js';

/**
 * Wallets (issue 14; spec 2 §2 `/me/wallet/{wallet_type_id}`, `/admin/monedero/{wallet_type_id}`, §3 'Wallet', §7).
 * A wallet is a user's account in the accounts service's append-only double-entry ledger, one per wallet type (a
 * currency): its balance is the sum of its entries. Money is integer minor units and a currency; the strings beside
 * them are the same amounts with 2 decimals.
 */

/** A wallet type is a currency: its id is the ISO 4217 code in lower case ('mxn'). */
export function walletTypeIdOf(currency: string): string {
  return currency.toLowerCase();
}
export const WALLET_TYPE_ID_PATTERN = /^[a-z]{3}$/;

/** What a ledger transaction is (a movement's kind in the wallet list). */
export const LEDGER_KINDS = [
  /** An order's settlement: captured − refunds split into supplier, dssupplier, reseller, shipping and platform parts. */
  'dispersion',
  /** A refund after settlement takes back from every party what the new split gives them less. */
  'clawback',
  /** A refund the customer took as wallet credit (add_to_wallet). */
  'refund_credit',
  /** A cash-out request takes the amount out of the wallet while an operator pays it. */
  'cashout',
  /** A rejected cash-out gives it back. */
  'cashout_reversal',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Which part of a dispersion a movement is. */
export const DISPERSION_PARTS = ['supplier', 'dssupplier', 'reseller', 'shipping', 'platform', 'customer'] as const;
export type DispersionPart = (typeof DISPERSION_PARTS)[number];

export const CASHOUT_STATUSES = ['requested', 'paid', 'rejected'] as const;
export type CashoutStatus = (typeof CASHOUT_STATUSES)[number];

/** A CLABE: the 18-digit Mexican interbank account number (the last digit a check digit). */
export const CLABE_PATTERN = /^\d{18}$/;
export function isValidClabe(clabe: string): boolean {
  if (!CLABE_PATTERN.test(clabe)) return false;
  // weights 3, 7, 1 repeating; each product counts modulo 10
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ((clabe.charCodeAt(i) - 48) * (i % 3 === 0 ? 3 : i % 3 === 1 ? 7 : 1)) % 10;
  return (10 - (sum % 10)) % 10 === clabe.charCodeAt(17) - 48;
}

export const WalletLimits = {
  movementsPageSize: 20,
  movementsPageMax: 100,
  /** The balance chart: days back, at most. */
  historyDaysDefault: 90,
  historyDaysMax: 366,
  /** A cash-out's smallest amount, in minor units (100.00). */
  cashoutMinMinor: 10_000,
  cashoutMaxMinor: 100_000_000,
} as const;

export const WalletErrorCodes = {
  walletTypeInvalid: 'wallet_type_invalid',
  cashoutBelowMinimum: 'cashout_below_minimum',
  /** 422: more than the wallet's available_for_cashout. */
  cashoutExceedsAvailable: 'cashout_exceeds_available',
  invalidClabe: 'invalid_clabe',
  cashoutNotFound: 'cashout_not_found',
  /** 409: the cash-out was already paid or rejected. */
  cashoutAlreadyDecided: 'cashout_already_decided',
} as const;
export type WalletErrorCode = (typeof WalletErrorCodes)[keyof typeof WalletErrorCodes];

const money = { minor: z.number().int(), text: z.string() };

export const WalletTypeSchema = z.object({ id: z.string(), currency: z.string() }).meta({ id: 'WalletType' });

/** spec 2 §3 'Wallet': wallet_type, next_cutoff_date, available_for_cashout, balance. A wallet never credited answers zeros. */
export const WalletSchema = z
  .object({
    wallet_type: WalletTypeSchema,
    balance_minor: money.minor,
    balance: money.text,
    /** balance less the funds still held (credited since the last cut-off) and never below zero. */
    available_for_cashout_minor: money.minor,
    available_for_cashout: money.text,
    held_minor: money.minor,
    held: money.text,
    /** Cash-outs requested and not yet paid (already out of the balance). */
    pending_cashout_minor: money.minor,
    pending_cashout: money.text,
    /** The next weekly cut-off (ISO date-time): held funds become available then. */
    next_cutoff_date: z.string(),
  })
  .meta({ id: 'Wallet' });
export type Wallet = z.infer<typeof WalletSchema>;
export const WalletListSchema = z.object({ results: z.array(WalletSchema) }).meta({ id: 'WalletList' });
export type WalletList = z.infer<typeof WalletListSchema>;

/** One movement of a wallet (an entry of the ledger on the user's account), newest first. */
export const WalletMovementSchema = z
  .object({
    id: z.string(),
    kind: z.enum(LEDGER_KINDS),
    part: z.enum(DISPERSION_PARTS).nullable(),
    order_id: z.string().nullable(),
    /** Signed: a credit is positive, a debit negative. */
    amount_minor: money.minor,
    amount: money.text,
    balance_after_minor: money.minor,
    balance_after: money.text,
    at: z.string(),
  })
  .meta({ id: 'WalletMovement' });
export type WalletMovement = z.infer<typeof WalletMovementSchema>;
export const WalletMovementListSchema = listOf(WalletMovementSchema).meta({ id: 'WalletMovementList' });
export type WalletMovementList = z.infer<typeof WalletMovementListSchema>;

/** The balance over time, one point per day with movements (closing balance), oldest first: the chart. */
export const WalletHistorySchema = z
  .object({ points: z.array(z.object({ date: z.string(), balance_minor: money.minor })) })
  .meta({ id: 'WalletHistory' });
export type WalletHistory = z.infer<typeof WalletHistorySchema>;

export const CashoutSchema = z
  .object({
    id: z.string(),
    wallet_type_id: z.string(),
    amount_minor: money.minor,
    amount: money.text,
    /** The destination account, masked but for its last 4 digits. */
    clabe: z.string(),
    status: z.enum(CASHOUT_STATUSES),
    requested_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'Cashout' });
export type Cashout = z.infer<typeof CashoutSchema>;
export const CashoutListSchema = listOf(CashoutSchema).meta({ id: 'CashoutList' });
export type CashoutList = z.infer<typeof CashoutListSchema>;
