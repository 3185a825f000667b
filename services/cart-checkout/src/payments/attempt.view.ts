import { formatMinorUnits, type PaymentAttempt, type PaymentBankTransfer, type PaymentVoucher } from '@vitrina/contracts';
import type { paymentAttempts } from '../db/schema.js';

export type AttemptRow = typeof paymentAttempts.$inferSelect;

/** Stored forms of the provider's answer parts (dates as ISO strings). */
export interface StoredAction {
  kind: '3ds' | 'approval';
  url: string;
}
export interface StoredVoucher {
  reference: string;
  barcode: string;
  expiresAt: string;
  stores: string[];
}
export interface StoredBankTransfer {
  clabe: string;
  reference: string;
  bank: string;
  beneficiary: string;
  expiresAt: string;
}

/** The attempt as the shopper's browser sees it (spec 3 §3 'Payment metadata'). */
export function attemptView(row: AttemptRow): PaymentAttempt {
  const total = row.amountMinor + row.financingCostMinor;
  const live = row.status === 'requires_action';
  const action = live ? (row.action as StoredAction | null) : null;
  const money = { amount_minor: total, amount: formatMinorUnits(total), currency: row.currency };
  const voucher = row.voucher as StoredVoucher | null;
  const transfer = row.bankTransfer as StoredBankTransfer | null;
  return {
    id: row.id,
    checkout_id: row.checkoutId,
    method: row.method as PaymentAttempt['method'],
    provider: row.provider as PaymentAttempt['provider'],
    status: row.status as PaymentAttempt['status'],
    amount_minor: row.amountMinor,
    financing_cost_minor: row.financingCostMinor,
    total_minor: total,
    total: formatMinorUnits(total),
    currency: row.currency,
    instalments: row.instalments,
    approval_url: action?.kind === 'approval' ? action.url : null,
    url_3ds: action?.kind === '3ds' ? action.url : null,
    requires_action: action !== null,
    next_action: action ? { redirect_to_url: { url: action.url } } : null,
    charge_id: row.chargeId,
    voucher: voucher
      ? ({
          reference: voucher.reference,
          barcode: voucher.barcode,
          expires_at: voucher.expiresAt,
          stores: voucher.stores,
          ...money,
        } satisfies PaymentVoucher)
      : null,
    bank_transfer: transfer
      ? ({
          clabe: transfer.clabe,
          reference: transfer.reference,
          bank: transfer.bank,
          beneficiary: transfer.beneficiary,
          expires_at: transfer.expiresAt,
          ...money,
        } satisfies PaymentBankTransfer)
      : null,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '' } : null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
