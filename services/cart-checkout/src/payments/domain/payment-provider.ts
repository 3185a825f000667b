import type { PaymentMethod, PaymentProviderName } from '@vitrina/contracts';

/**
 * The payment provider port (issue 12; ARCHITECTURE §8 'Payments'). The attempts service writes an attempt row, then
 * calls an adapter with the attempt's idempotency key; the adapter speaks one provider's wire format and maps its
 * answers to `ProviderPayment`. Adapters hold no state of ours: everything they answer is recomputable from the
 * provider (so a crash between the provider's answer and our write is healed by calling again with the same key).
 *
 * Adapters: providers/sandbox (embedded default and tests), providers/stripe (official SDK), providers/paypal
 * (REST Orders API). Which one serves a method is configuration (payments.config.ts).
 */

/** The provider-side state of a payment, mapped from the provider's own vocabulary. */
export type ProviderPaymentStatus =
  /** The shopper must act: a 3-D Secure challenge or an approval page (`action`). */
  | 'requires_action'
  /** The buyer approved a redirect payment; `complete()` must run to take the money (PayPal's capture). */
  | 'approved'
  /** Waiting on the provider or on the shopper paying offline (voucher, bank transfer). */
  | 'processing'
  | 'succeeded'
  | 'failed'
  | 'expired'
  | 'canceled';

export interface ProviderCard {
  brand: string;
  last4: string;
  type: 'credit' | 'debit';
  bank: string;
  expMonth: number;
  expYear: number;
  name: string;
  /** A reusable reference at the provider (a saved card / payment method id), when the shopper asked to save it. */
  reusableRef?: string;
}

export interface ProviderPayment {
  /** The provider's id for this payment (sandbox charge, Stripe PaymentIntent, PayPal order). */
  ref: string;
  status: ProviderPaymentStatus;
  /** The provider's id of the money movement once taken (Stripe charge, PayPal capture), else null. */
  chargeId: string | null;
  /** Where the browser must go: a 3-D Secure challenge or an approval page. */
  action?: { kind: '3ds' | 'approval'; url: string };
  /** Cash voucher details (method cash). */
  voucher?: { reference: string; barcode: string; expiresAt: Date; stores: string[] };
  /** Bank transfer details (method spei). */
  bankTransfer?: { clabe: string; reference: string; bank: string; beneficiary: string; expiresAt: Date };
  /** Set when status is failed: one of PaymentErrorCodes' card/attempt codes and the provider's message. */
  failure?: { code: string; message: string };
  /** The card charged, when the provider says. */
  card?: ProviderCard;
}

export interface BillingDetails {
  name?: string;
  surname?: string;
  email?: string;
  phone?: string;
  street_name?: string;
  street_number?: string;
  address2?: string;
  suite?: string;
  city?: string;
  postal_code?: string;
  state_code?: string;
  country_code?: string;
  reference?: string;
}

export interface StartPaymentRequest {
  /** Our attempt id: adapters put it in the provider's metadata so webhooks find the attempt. */
  attemptId: string;
  /** Sent as the provider's idempotency header: the same key never charges twice. */
  idempotencyKey: string;
  checkoutId: string;
  method: PaymentMethod;
  /** What to take, financing cost included, in minor units. */
  amountMinor: number;
  currency: string;
  description: string;
  customer: { id: string; email?: string; name?: string };
  /** method card. */
  card?: {
    /** A token from the provider's tokeniser, or a saved card's reusable reference. */
    source: string;
    /** Monthly payments without interest (MSI); null for one payment. */
    instalments: number | null;
    /** Keep the card at the provider for next time. */
    save: boolean;
    billing?: BillingDetails;
  };
  /** Redirect methods and 3-D Secure: absolute URLs of our site to come back to. */
  returnUrl: string;
  cancelUrl: string;
  /** method aplazo: the deferred plan's number of payments. */
  instalments?: number | null;
  /** method cash / spei: payable until then. */
  expiresAt?: Date;
}

export interface ProviderRefund {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
}

/** A verified webhook, mapped. `payment` is null for event types we ignore (they are still acknowledged). */
export interface ProviderWebhookEvent {
  /** The provider's event id: duplicates are no-ops. */
  id: string;
  type: string;
  /** Our attempt id, from the payment's metadata, when the provider echoes it. */
  attemptId: string | null;
  payment: ProviderPayment | null;
}

/** The signature did not verify: the webhook answers 401 and changes nothing. */
export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook signature is not valid') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider could not be reached or answered 5xx / timed out: retryable, nothing is known to have happened. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused the request itself (validation, configuration): not a decline, not retryable. */
export class ProviderRequestError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ProviderRequestError';
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The methods this adapter can take. */
  supports(method: PaymentMethod): boolean;
  /**
   * Creates (and for a card, confirms) the payment. Idempotent per `idempotencyKey`: called again with the same key
   * and request it answers the same payment, never a second charge (reconciliation relies on it).
   * A decline is an answer (`status: 'failed'` with `failure`), not a throw.
   */
  start(request: StartPaymentRequest): Promise<ProviderPayment>;
  /** The payment's state now. */
  retrieve(ref: string): Promise<ProviderPayment>;
  /**
   * Takes the money of a payment the buyer approved (PayPal's capture; a no-op retrieve where the provider captures by
   * itself). Idempotent per key.
   */
  complete(ref: string, idempotencyKey: string): Promise<ProviderPayment>;
  /** Cancels a payment not yet taken (a newer attempt replaced it). Best effort: a finished payment is left alone. */
  cancel(ref: string): Promise<void>;
  /** Gives money back. Idempotent per key. */
  refund(ref: string, amountMinor: number, idempotencyKey: string): Promise<ProviderRefund>;
  /** Verifies the signature with the provider's own method and maps the event. Throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderWebhookEvent>;
}
