import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * Payment tables of the cart-checkout service (issue 12). Re-exported by schema.ts (the schema object is declared
 * again, same name, as delivery-schema.ts does, to avoid an import cycle).
 */
const paymentsSchema = pgSchema('cart-checkout');

/**
 * A payment attempt (ARCHITECTURE §8 'Payments'): written *before* the provider is called, carrying the idempotency
 * key the provider call uses. Status: created → requires_action → processing → succeeded | failed | expired |
 * canceled (domain/attempt.machine.ts). The checkout's own status (ready → paid) is the one gate that decides the
 * single `payment.succeeded`; a success that finds the checkout already paid, expired or cancelled is refunded.
 */
export const paymentAttempts = paymentsSchema.table(
  'payment_attempts',
  {
    id: text('id').primaryKey(),
    checkoutId: text('checkout_id').notNull(),
    userId: text('user_id').notNull(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('created'),
    idempotencyKey: text('idempotency_key').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    financingCostMinor: integer('financing_cost_minor').notNull().default(0),
    currency: text('currency').notNull(),
    instalments: integer('instalments'),
    /** The provider's payment id (null until the provider answered). */
    providerRef: text('provider_ref'),
    chargeId: text('charge_id'),
    /** What the provider answered for the browser: action URL, voucher, bank transfer (ProviderPayment's parts). */
    action: jsonb('action'),
    voucher: jsonb('voucher'),
    bankTransfer: jsonb('bank_transfer'),
    /** What the provider is asked to do again on reconciliation (StartPaymentRequest without secrets). */
    request: jsonb('request').notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** A voucher's or transfer's deadline; for card and redirects, how long the shopper has to act. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Set when a success could not pay the checkout (already paid, expired, cancelled): the refund job gives it back. */
    refundStatus: text('refund_status'),
    refundRef: text('refund_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_attempts_checkout_idx').on(t.checkoutId, t.createdAt),
    uniqueIndex('payment_attempts_idempotency_uq').on(t.idempotencyKey),
    uniqueIndex('payment_attempts_provider_ref_uq').on(t.provider, t.providerRef),
    // reconciliation and expiry read the live attempts by age / deadline
    index('payment_attempts_live_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('created', 'requires_action', 'processing')`),
    index('payment_attempts_refund_idx')
      .on(t.updatedAt)
      .where(sql`${t.refundStatus} = 'pending'`),
  ],
);

/**
 * A refund of a return (issue 14), asked by the orders service (`orders.order.refund_requested`, the refund id is
 * theirs and is this row's key: a redelivered event is a no-op). The provider is called with `refund_<id>` as the
 * idempotency key, so a retry after a crash never refunds twice; `pending` rows are retried by the payment jobs until
 * the provider answers, and given up as `failed` after PAYMENT_REFUND_MAX_TRIES tries.
 */
export const returnRefunds = paymentsSchema.table(
  'return_refunds',
  {
    id: text('id').primaryKey(),
    checkoutId: text('checkout_id').notNull(),
    orderId: text('order_id').notNull(),
    userId: text('user_id').notNull(),
    /** The checkout's paying attempt (null when the checkout has none: the refund fails at once). */
    attemptId: text('attempt_id'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    tries: integer('tries').notNull().default(0),
    refundRef: text('refund_ref'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('return_refunds_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Webhooks received, by (provider, event id): a duplicate is a no-op. An event whose attempt is not known yet is
 * `parked` and retried by the webhook job until `give_up_at`.
 */
export const paymentWebhookEvents = paymentsSchema.table(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    attemptId: text('attempt_id'),
    /** The mapped event (ProviderWebhookEvent), kept to apply a parked one later. */
    event: jsonb('event').notNull(),
    status: text('status').notNull().default('received'),
    tries: integer('tries').notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('payment_webhook_events_parked_idx')
      .on(t.receivedAt)
      .where(sql`${t.status} = 'parked'`),
  ],
);

/** Cards a shopper saved at the provider (spec 3 §3 'Payment card'): the provider's reference, never the number. */
export const savedCards = paymentsSchema.table(
  'saved_cards',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    brand: text('brand').notNull(),
    type: text('type').notNull(),
    bank: text('bank').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    nameOnCard: text('name_on_card').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_cards_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('saved_cards_ref_uq').on(t.userId, t.provider, t.providerRef),
  ],
);

/*
 * The sandbox provider's own books (providers/sandbox): it stands in for an outside provider, so it keeps its state
 * apart from ours, in tables only it reads and writes. A kill of our process loses nothing of it.
 */

/** Tokenised test cards (the number itself is never stored: only what the test card behaves like). */
export const sandboxCardTokens = paymentsSchema.table('sandbox_card_tokens', {
  id: text('id').primaryKey(),
  behaviour: text('behaviour').notNull(),
  brand: text('brand').notNull(),
  type: text('type').notNull(),
  bank: text('bank').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  name: text('name').notNull(),
  /** A token is single-use unless it became a saved card (reusable). */
  reusable: boolean('reusable').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's payments, one per idempotency key (a repeated key answers the stored payment). */
export const sandboxPayments = paymentsSchema.table(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    attemptId: text('attempt_id').notNull(),
    method: text('method').notNull(),
    status: text('status').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    instalments: integer('instalments'),
    cardToken: text('card_token'),
    chargeId: text('charge_id'),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    reference: text('reference'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    /** How many charges this payment made (the tests assert it never exceeds 1). */
    charges: integer('charges').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_payments_key_uq').on(t.idempotencyKey),
    uniqueIndex('sandbox_payments_reference_uq').on(t.reference),
    // every card payment asks whether its token already paid (SandboxBooks paymentsWithToken)
    index('sandbox_payments_card_token_idx')
      .on(t.cardToken)
      .where(sql`${t.cardToken} is not null`),
    // the expiry sweep reads the vouchers and transfers still processing by deadline (duePayments)
    index('sandbox_payments_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'processing'`),
  ],
);

/** Webhooks the sandbox will send (signed), due at `due_at`; chaos mode makes them late, doubled or out of order. */
export const sandboxWebhooks = paymentsSchema.table(
  'sandbox_webhooks',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id').notNull(),
    payload: jsonb('payload').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    tries: integer('tries').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('sandbox_webhooks_due_idx')
      .on(t.dueAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
