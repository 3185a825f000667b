import { randomBytes } from 'node:crypto';
import { PaymentErrorCodes, type PaymentMethod } from '@vitrina/contracts';
import type { ProviderCard, ProviderPayment, ProviderPaymentStatus } from '../../../domain/payment-provider.js';
import type { SandboxBehaviour } from './sandbox-cards.js';
import { SPEI_BANK_NAME, SPEI_BENEFICIARY, VOUCHER_STORES, transferReference } from './sandbox-references.js';

/**
 * A sandbox payment as the sandbox keeps it (sandbox_payments) and as it answers it (ProviderPayment), and the
 * decisions a card charge makes from its test card. Pure: the books (sandbox.books.ts) persist what is decided here.
 */

/** Where the browser reaches the sandbox's pages: through the gateway, site-relative. */
export const SANDBOX_PUBLIC_PREFIX = '/api/payments/sandbox';

export const SANDBOX_STATUSES = [
  'requires_action',
  'approved',
  'processing',
  'succeeded',
  'failed',
  'expired',
  'canceled',
] as const satisfies readonly ProviderPaymentStatus[];

/** The stored payment (the columns of sandbox_payments the sandbox reads). */
export interface SandboxPaymentRecord {
  id: string;
  attemptId: string;
  method: string;
  status: string;
  amountMinor: number;
  currency: string;
  instalments: number | null;
  cardToken: string | null;
  chargeId: string | null;
  returnUrl: string;
  cancelUrl: string;
  /** Cash: the 14-digit store reference. SPEI: the CLABE. */
  reference: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  expiresAt: Date | null;
  refundedMinor: number;
  charges: number;
}

/** The stored card token (sandbox_card_tokens). */
export interface SandboxTokenRecord {
  id: string;
  behaviour: string;
  brand: string;
  type: string;
  bank: string;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  reusable: boolean;
}

export interface Failure {
  code: string;
  message: string;
}

/** The sandbox's decline messages, for the shopper (spec 3 §8 'Payments'). */
export const SandboxFailures = {
  insufficientFunds: { code: PaymentErrorCodes.insufficientFunds, message: 'Fondos insuficientes' },
  doNotHonor: { code: PaymentErrorCodes.doNotHonor, message: 'La tarjeta fue rechazada: comunícate con tu banco' },
  expiredCard: { code: PaymentErrorCodes.expiredCard, message: 'La tarjeta está vencida' },
  instalmentsNotAccepted: {
    code: PaymentErrorCodes.instalmentsNotAccepted,
    message: 'Esta tarjeta no acepta meses sin intereses: usa una tarjeta de crédito',
  },
  invalidCard: { code: PaymentErrorCodes.invalidCard, message: 'La tarjeta no es válida o ya se usó: vuelve a escribir sus datos' },
  threeDsFailed: { code: PaymentErrorCodes.contactBank, message: 'La autenticación 3-D Secure falló: comunícate con tu banco' },
} as const satisfies Record<string, Failure>;

/** Names of the redirect methods on the approval page. */
export const REDIRECT_METHOD_NAMES: Partial<Record<PaymentMethod, string>> = { paypal: 'PayPal', mobbex: 'Mobbex', aplazo: 'Aplazo' };

/** What a card charge does, from its token. */
export type CardDecision =
  { status: 'succeeded'; save: boolean } | { status: 'requires_action'; save: boolean } | { status: 'failed'; failure: Failure };

/**
 * The card's answer (issue 12): an unknown token, or a single-use one already used, is `invalid_card`; a declining
 * test card declines; a debit card refuses monthly payments (spec 3 §5); the 3-D Secure card asks for a challenge;
 * anything else is charged. `save` makes the token reusable (a saved card) when the charge goes ahead.
 */
export function decideCard(token: SandboxTokenRecord | undefined, used: boolean, instalments: number | null, save: boolean): CardDecision {
  if (!token || (used && !token.reusable)) return { status: 'failed', failure: SandboxFailures.invalidCard };
  const behaviour = token.behaviour as SandboxBehaviour;
  if (behaviour === 'insufficientFunds') return { status: 'failed', failure: SandboxFailures.insufficientFunds };
  if (behaviour === 'doNotHonor') return { status: 'failed', failure: SandboxFailures.doNotHonor };
  if (behaviour === 'expiredCard') return { status: 'failed', failure: SandboxFailures.expiredCard };
  if (token.type === 'debit' && instalments !== null && instalments > 1) {
    return { status: 'failed', failure: SandboxFailures.instalmentsNotAccepted };
  }
  if (behaviour === 'requires3ds') return { status: 'requires_action', save };
  return { status: 'succeeded', save };
}

/** A cash voucher or transfer still waiting whose deadline has passed. */
export function isOverdue(row: Pick<SandboxPaymentRecord, 'status' | 'expiresAt'>, now: Date): boolean {
  return row.status === 'processing' && row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
}

function cardOf(token: SandboxTokenRecord): ProviderCard {
  return {
    brand: token.brand,
    last4: token.last4,
    type: token.type === 'debit' ? 'debit' : 'credit',
    bank: token.bank,
    expMonth: token.expMonth,
    expYear: token.expYear,
    name: token.name,
    ...(token.reusable ? { reusableRef: token.id } : {}),
  };
}

/** The payment as the port answers it. */
export function paymentView(row: SandboxPaymentRecord, token?: SandboxTokenRecord): ProviderPayment {
  const status = row.status as ProviderPaymentStatus;
  const payment: ProviderPayment = { ref: row.id, status, chargeId: row.chargeId };
  if (status === 'requires_action') {
    payment.action =
      row.method === 'card'
        ? { kind: '3ds', url: `${SANDBOX_PUBLIC_PREFIX}/3ds/${row.id}` }
        : { kind: 'approval', url: `${SANDBOX_PUBLIC_PREFIX}/approve/${row.id}` };
  }
  if (row.method === 'cash' && row.reference && row.expiresAt) {
    payment.voucher = { reference: row.reference, barcode: row.reference, expiresAt: row.expiresAt, stores: [...VOUCHER_STORES] };
  }
  if (row.method === 'spei' && row.reference && row.expiresAt) {
    payment.bankTransfer = {
      clabe: row.reference,
      reference: transferReference(row.reference),
      bank: SPEI_BANK_NAME,
      beneficiary: SPEI_BENEFICIARY,
      expiresAt: row.expiresAt,
    };
  }
  if (status === 'failed' && row.failureCode) payment.failure = { code: row.failureCode, message: row.failureMessage ?? '' };
  if (token) payment.card = cardOf(token);
  return payment;
}

/** ProviderPayment on the wire: dates as ISO strings. */
export type ProviderPaymentJson = Omit<ProviderPayment, 'voucher' | 'bankTransfer'> & {
  voucher?: Omit<NonNullable<ProviderPayment['voucher']>, 'expiresAt'> & { expiresAt: string };
  bankTransfer?: Omit<NonNullable<ProviderPayment['bankTransfer']>, 'expiresAt'> & { expiresAt: string };
};

export function paymentToJson(payment: ProviderPayment): ProviderPaymentJson {
  const { voucher, bankTransfer, ...rest } = payment;
  return {
    ...rest,
    ...(voucher ? { voucher: { ...voucher, expiresAt: voucher.expiresAt.toISOString() } } : {}),
    ...(bankTransfer ? { bankTransfer: { ...bankTransfer, expiresAt: bankTransfer.expiresAt.toISOString() } } : {}),
  };
}

export function paymentFromJson(json: ProviderPaymentJson): ProviderPayment {
  const { voucher, bankTransfer, ...rest } = json;
  return {
    ...rest,
    ...(voucher ? { voucher: { ...voucher, expiresAt: new Date(voucher.expiresAt) } } : {}),
    ...(bankTransfer ? { bankTransfer: { ...bankTransfer, expiresAt: new Date(bankTransfer.expiresAt) } } : {}),
  };
}

/** What the sandbox POSTs to our webhook route. */
export interface SandboxWebhookPayload {
  /** `evt_…`: a duplicate delivery carries the same id. */
  id: string;
  /** `payment.<status>` for a state change; `charge.refunded` for a refund. */
  type: string;
  /** Unix seconds. */
  created: number;
  data: {
    payment: ProviderPaymentJson;
    attempt_id: string;
    refund?: { id: string; amount_minor: number; refunded_minor: number };
  };
}

/** A sandbox id: `<prefix>_` and 24 random hex digits (pay_, tok_, ch_, evt_), as providers shape theirs. */
export function sandboxId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** A change of a stored payment (the columns a transition sets). */
export type PaymentPatch = Partial<Pick<SandboxPaymentRecord, 'status' | 'chargeId' | 'charges' | 'failureCode' | 'failureMessage'>>;

/** The money is taken: one charge, its id. */
export function succeed(row: Pick<SandboxPaymentRecord, 'chargeId' | 'charges'>): PaymentPatch {
  return { status: 'succeeded', chargeId: row.chargeId ?? sandboxId('ch'), charges: row.charges + 1 };
}

export function fail(failure: Failure): PaymentPatch {
  return { status: 'failed', failureCode: failure.code, failureMessage: failure.message };
}

/** States cancel() ends (a finished payment is left alone). */
export const CANCELABLE: readonly string[] = ['requires_action', 'processing', 'approved'];
