import { z } from 'zod';
import type { CheckoutOrderSnapshot } from '../../orders-events.js';
import { CHECKOUT_STATUSES } from './checkout.js';
import { PAYMENT_TYPES, PREPAID_PAYMENT_TYPES } from './delivery.js';

/**
 * Payments (issue 12; spec 3 §3 'Payment metadata', 'Payment methods', 'Card fields', §4 steps 3-6, §7, §8 'Payments',
 * §9). A payment is started on a ready checkout through its payment token; every start writes a payment *attempt*
 * before the provider is called. Money is integer minor units and a currency.
 */

/** The methods a shopper pays with through a provider (the supplier enables them). aplazo is the deferred-payment one. */
export const PAYMENT_METHODS = PREPAID_PAYMENT_TYPES;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Methods that send the browser to an approval page and back (spec 3 §4 step 3). */
export const REDIRECT_METHODS = ['paypal', 'mobbex', 'aplazo'] as const;
export type RedirectMethod = (typeof REDIRECT_METHODS)[number];

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'paypal'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** created → requires_action → processing → succeeded | failed | expired | canceled (domain/attempt.machine.ts). */
export const ATTEMPT_STATUSES = ['created', 'requires_action', 'processing', 'succeeded', 'failed', 'expired', 'canceled'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

export const PaymentLimits = {
  /** spec 3 §9: a bank transfer (SPEI) is payable for 1 hour. */
  bankTransferWindowSeconds: 60 * 60,
  /** A cash voucher is payable for 72 hours by default. */
  voucherWindowSeconds: 72 * 60 * 60,
  /** spec 3 §5: the card number is cut at 19 characters. */
  cardNumberMaxLength: 19,
  holderNameMaxLength: 100,
  /** return_path / cancel_path: a path of this site. */
  returnPathMaxLength: 500,
  /** A charge that succeeded with no order after this long is completed or refunded (reconciliation). */
  orphanChargeSeconds: 15 * 60,
} as const;

/** Refusal codes of the payment calls (spec 3 §8 'Payments'). */
export const PaymentErrorCodes = {
  paymentNotFound: 'payment_not_found',
  checkoutNotReady: 'checkout_not_ready',
  checkoutExpired: 'checkout_expired',
  alreadyPaid: 'checkout_already_paid',
  methodNotEnabled: 'payment_method_not_enabled',
  /** 'Payment setup failed, try again later': the provider could not be reached or refused the setup. */
  setupFailed: 'payment_setup_failed',
  /** 'Payment attempt failed' (a decline without a more precise reason). */
  attemptFailed: 'payment_attempt_failed',
  /** 'The attempted payment failed, contact your bank'. */
  contactBank: 'payment_contact_bank',
  insufficientFunds: 'card_insufficient_funds',
  doNotHonor: 'card_do_not_honor',
  expiredCard: 'card_expired',
  /** 'Card does not accept instalments; use a credit card'. */
  instalmentsNotAccepted: 'card_instalments_not_accepted',
  invalidInstalments: 'invalid_instalments',
  invalidCard: 'invalid_card',
  cardNotFound: 'card_not_found',
  attemptNotFound: 'attempt_not_found',
  webhookSignature: 'webhook_signature_invalid',
  unknownProvider: 'unknown_payment_provider',
} as const;
export type PaymentErrorCode = (typeof PaymentErrorCodes)[keyof typeof PaymentErrorCodes];

export const PaymentVoucherSchema = z
  .object({
    /** The store reference the shopper dictates at the counter. */
    reference: z.string(),
    /** What the barcode encodes (Code 128). */
    barcode: z.string(),
    amount_minor: z.number().int(),
    amount: z.string(),
    currency: z.string(),
    expires_at: z.string(),
    /** Where it can be paid (convenience stores, pharmacies). */
    stores: z.array(z.string()),
  })
  .meta({ id: 'PaymentVoucher' });
export type PaymentVoucher = z.infer<typeof PaymentVoucherSchema>;

export const PaymentBankTransferSchema = z
  .object({
    clabe: z.string(),
    reference: z.string(),
    bank: z.string(),
    beneficiary: z.string(),
    amount_minor: z.number().int(),
    amount: z.string(),
    currency: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'PaymentBankTransfer' });
export type PaymentBankTransfer = z.infer<typeof PaymentBankTransferSchema>;

/** A payment attempt as the shopper's browser sees it (spec 3 §3 'Payment metadata'). */
export const PaymentAttemptSchema = z
  .object({
    id: z.string(),
    checkout_id: z.string(),
    method: z.enum(PAYMENT_METHODS),
    provider: z.enum(PAYMENT_PROVIDERS),
    status: z.enum(ATTEMPT_STATUSES),
    /** What the checkout costs (items and shipping). */
    amount_minor: z.number().int(),
    /** Added by instalments (MSI) or the deferred-payment plan; 0 otherwise. */
    financing_cost_minor: z.number().int(),
    /** What the shopper pays: amount + financing cost. */
    total_minor: z.number().int(),
    total: z.string(),
    currency: z.string(),
    /** Monthly payments chosen (msi_payments for a card, the plan for aplazo), or null. */
    instalments: z.number().int().nullable(),
    /** Redirect methods: where to send the browser to approve. */
    approval_url: z.string().nullable(),
    /** Card with 3-D Secure: the challenge page. */
    url_3ds: z.string().nullable(),
    requires_action: z.boolean(),
    next_action: z.object({ redirect_to_url: z.object({ url: z.string() }) }).nullable(),
    charge_id: z.string().nullable(),
    voucher: PaymentVoucherSchema.nullable(),
    bank_transfer: PaymentBankTransferSchema.nullable(),
    /** Set when the attempt failed: code from PaymentErrorCodes, message for the shopper. */
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    expires_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'PaymentAttempt' });
export type PaymentAttempt = z.infer<typeof PaymentAttemptSchema>;

/** A card saved at the provider (spec 3 §3 'Payment card'): never the number, only its last digits. */
export const SavedCardSchema = z
  .object({
    id: z.string(),
    /** Masked: '•••• 4242'. */
    number: z.string(),
    name_on_card: z.string(),
    type: z.enum(['credit', 'debit']),
    brand: z.string(),
    bank: z.string(),
    termination: z.string(),
    /** MM/YY. */
    expiry: z.string(),
    /** Instalments (MSI) are possible with it (credit cards). */
    accepts_instalments: z.boolean(),
  })
  .meta({ id: 'SavedCard' });
export type SavedCard = z.infer<typeof SavedCardSchema>;

export const SavedCardListSchema = z.object({ results: z.array(SavedCardSchema) }).meta({ id: 'SavedCardList' });
export type SavedCardList = z.infer<typeof SavedCardListSchema>;

/** One monthly-payments option (card MSI, or the deferred plan), with what it adds. */
export const InstalmentOptionSchema = z
  .object({
    months: z.number().int(),
    financing_cost_minor: z.number().int(),
    total_minor: z.number().int(),
    total: z.string(),
    /** Each monthly payment (the last one takes the remainder). */
    monthly_minor: z.number().int(),
    monthly: z.string(),
  })
  .meta({ id: 'InstalmentOption' });
export type InstalmentOption = z.infer<typeof InstalmentOptionSchema>;

/** What a checkout pays for: a shop's order, or a package of the platform (issue 16). */
export const CHECKOUT_PURPOSES = ['order', 'membership'] as const;
export type CheckoutPurpose = (typeof CHECKOUT_PURPOSES)[number];

/** GET /payment/{token}: what the payment section and the payment page need. */
export const PaymentPageSchema = z
  .object({
    token: z.string(),
    checkout_id: z.string(),
    shop_slug: z.string(),
    checkout_status: z.enum(CHECKOUT_STATUSES),
    /** A membership's page says which package it pays (`description`) instead of an order. */
    purpose: z.enum(CHECKOUT_PURPOSES),
    /** What is being paid, in words (the package's name), or null for an order. */
    description: z.string().nullable(),
    amount_minor: z.number().int(),
    amount: z.string(),
    currency: z.string(),
    /** Pay-later methods (PAY_LATER_TYPES) among them place the order at once (POST /orders/{me}:{me}/orders). */
    enabled_payment_types: z.array(z.enum(PAYMENT_TYPES)),
    /** Card MSI options (empty when the amount is below the minimum). */
    msi_options: z.array(InstalmentOptionSchema),
    /** aplazo's plans: the total rises with the number of payments. */
    deferred_options: z.array(InstalmentOptionSchema),
    saved_cards: z.array(SavedCardSchema),
    /** The newest attempt (a pending voucher or transfer, a failure to retry from), or null. */
    attempt: PaymentAttemptSchema.nullable(),
    /** The sandbox provider takes the payments: the page lists its test cards. */
    sandbox: z.boolean(),
    expires_at: z.string(),
  })
  .meta({ id: 'PaymentPage' });
export type PaymentPage = z.infer<typeof PaymentPageSchema>;

/** POST /payments/webhooks/{provider}: acknowledged (a duplicate too). */
export const PaymentWebhookAnswerSchema = z.object({ received: z.literal(true) }).meta({ id: 'PaymentWebhookAnswer' });

/** Sandbox test cards (the tokeniser knows them by number; any future expiry, any 3-4 digit cvv). */
export const SANDBOX_TEST_CARDS = {
  approved: '4242424242424242',
  insufficientFunds: '4000000000009995',
  doNotHonor: '4000000000000002',
  expiredCard: '4000000000000069',
  requires3ds: '4000000000003220',
  debit: '4000056655665556',
} as const;

/** POST /payments/sandbox/tokens: the sandbox tokeniser's answer (the card number stays with the provider). */
export const CardTokenSchema = z
  .object({
    id: z.string(),
    card: z.object({
      brand: z.string(),
      last4: z.string(),
      type: z.enum(['credit', 'debit']),
      bank: z.string(),
      exp_month: z.number().int(),
      exp_year: z.number().int(),
      name: z.string(),
    }),
  })
  .meta({ id: 'CardToken' });
export type CardToken = z.infer<typeof CardTokenSchema>;

/** Events of the payment topic (keyed by checkout id): exactly one of succeeded / failed-for-good / expired per checkout. */
export interface PaymentSucceededEvent {
  checkoutId: string;
  attemptId: string;
  userId: string;
  shopId: string;
  supplierId: string;
  dssupplierId: string | null;
  method: PaymentMethod;
  provider: PaymentProviderName;
  chargeId: string | null;
  amountMinor: number;
  financingCostMinor: number;
  currency: string;
  instalments: number | null;
  paidAt: string;
  /**
   * What was paid for: an order (absent in events written before issue 16) or a membership purchase (issue 16; the
   * checkout id is the accounts' purchase id, and `order` has no lines: orders makes no order of it).
   */
  purpose?: CheckoutPurpose;
  /** What the order is made of (orders creates it from this event alone). */
  order: CheckoutOrderSnapshot;
}
export interface PaymentFailedEvent {
  checkoutId: string;
  attemptId: string;
  userId: string;
  method: PaymentMethod;
  code: string;
  /** What was being paid for (absent in events written before it was added): messaging links a package's elsewhere. */
  purpose?: CheckoutPurpose;
}
export interface PaymentExpiredEvent {
  checkoutId: string;
  attemptId: string;
  userId: string;
  method: PaymentMethod;
  purpose?: CheckoutPurpose;
}
