import { PaymentErrorCodes, type PaymentMethod } from '@vitrina/contracts';
import Stripe from 'stripe';
import {
  ProviderRequestError,
  ProviderUnavailableError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderWebhookEvent,
  type StartPaymentRequest,
} from '../../domain/payment-provider.js';
import type { StripeConfig } from './stripe.config.js';
import { failureCode, isInstalmentsRefusal, METADATA, paymentOfIntent } from './stripe.mapping.js';

/** What every PaymentIntent read asks Stripe to include: the card charged and its holder. */
const EXPAND = ['latest_charge', 'payment_method'];
/** The PaymentIntent events that move an attempt; others are acknowledged and ignored. */
const PAYMENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_intent.processing',
  'payment_intent.canceled',
]);
const DAY_MS = 24 * 60 * 60 * 1000;
/** The API version from which PaymentIntent creation takes `allowed_payment_method_types`. */
const ALLOWED_TYPES_SINCE = '2026-10-28';

/** A Stripe error as the SDK raises it (`type` is the SDK's class name; checked by name, not instanceof). */
interface StripeErrorLike {
  type: string;
  message: string;
  statusCode?: number;
  code?: string;
  decline_code?: string;
  param?: string;
  payment_intent?: Stripe.PaymentIntent;
}

function isStripeError(error: unknown): error is StripeErrorLike {
  const type: unknown = error instanceof Error ? (error as unknown as { type?: unknown }).type : undefined;
  return typeof type === 'string' && type.startsWith('Stripe');
}

/**
 * The Stripe adapter (issue 12) on the official SDK: cards (3-D Secure, MSI instalments, saved cards), OXXO cash
 * vouchers and SPEI bank transfers (customer_balance, mx_bank_transfer) as PaymentIntents. Our idempotency key is
 * Stripe's Idempotency-Key on every POST, so a repeated start answers the same PaymentIntent. A decline is an answer;
 * Stripe unreachable (network, 5xx, 429) is ProviderUnavailableError; a request Stripe refuses is ProviderRequestError.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  // Private fields: the client (which holds the key) and the webhook secret never show in logs or JSON.
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;
  readonly #tolerance: number | undefined;
  readonly #now: () => Date;
  readonly #apiVersion: string | undefined;

  constructor(config: StripeConfig) {
    if (!config.secretKey) throw new Error('Stripe needs a secret key');
    if (!config.webhookSecret) throw new Error('Stripe needs a webhook secret');
    const options: Stripe.StripeConfig = {
      maxNetworkRetries: config.maxNetworkRetries ?? 2,
      timeout: config.timeoutMs ?? 20_000,
      appInfo: { name: 'vitrina' },
    };
    // Only a pinned version is sent as such; otherwise the SDK's own (the one its types describe).
    if (config.apiVersion) options.apiVersion = config.apiVersion as Stripe.StripeConfig['apiVersion'];
    if (config.host) options.host = config.host;
    if (config.port) options.port = config.port;
    if (config.protocol) options.protocol = config.protocol;
    this.#stripe = new Stripe(config.secretKey, options);
    this.#webhookSecret = config.webhookSecret;
    this.#tolerance = config.webhookToleranceSeconds;
    this.#now = config.now ?? (() => new Date());
    this.#apiVersion = config.apiVersion;
  }

  supports(method: PaymentMethod): boolean {
    return method === 'card' || method === 'cash' || method === 'spei';
  }

  async start(request: StartPaymentRequest): Promise<ProviderPayment> {
    try {
      switch (request.method) {
        case 'card':
          return await this.#startCard(request);
        case 'cash':
          return await this.#startOxxo(request);
        case 'spei':
          return await this.#startSpei(request);
        case 'paypal':
        case 'mobbex':
        case 'aplazo':
          throw new ProviderRequestError(`Stripe does not take ${request.method} payments`, 'method_not_supported');
      }
    } catch (error) {
      // A decline is an answer, not a throw.
      if (error instanceof DeclineError) return error.payment;
      throw error;
    }
  }

  async retrieve(ref: string): Promise<ProviderPayment> {
    const intent = await this.#call(() => this.#stripe.paymentIntents.retrieve(ref, { expand: EXPAND }));
    return paymentOfIntent(intent);
  }

  /** Stripe captures on confirmation (automatic capture): completing is looking again. */
  async complete(ref: string, _idempotencyKey: string): Promise<ProviderPayment> {
    return this.retrieve(ref);
  }

  async cancel(ref: string): Promise<void> {
    try {
      await this.#call(() => this.#stripe.paymentIntents.cancel(ref));
    } catch (error) {
      // Best effort: a PaymentIntent already succeeded or canceled is left as it is.
      if (error instanceof ProviderRequestError && error.code === 'payment_intent_unexpected_state') return;
      throw error;
    }
  }

  async refund(ref: string, amountMinor: number, idempotencyKey: string): Promise<ProviderRefund> {
    const refund = await this.#call(() => this.#stripe.refunds.create({ payment_intent: ref, amount: amountMinor }, { idempotencyKey }));
    const status =
      refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
    return { id: refund.id, status };
  }

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderWebhookEvent> {
    const header = headers['stripe-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
    let event: Stripe.Event;
    try {
      // The SDK's own verification: HMAC-SHA256 of `${t}.${body}` with the endpoint secret, and the timestamp's age.
      event = await this.#stripe.webhooks.constructEventAsync(rawBody, signature, this.#webhookSecret, this.#tolerance);
    } catch (error) {
      throw new WebhookSignatureError(isStripeError(error) ? error.message : undefined);
    }
    const object = event.data.object as { object?: string; metadata?: Record<string, string> | null };
    const attemptId = object.metadata?.[METADATA.attemptId] ?? null;
    const payment =
      PAYMENT_EVENTS.has(event.type) && object.object === 'payment_intent' ? paymentOfIntent(object as Stripe.PaymentIntent) : null;
    return { id: event.id, type: event.type, attemptId, payment };
  }

  async #startCard(request: StartPaymentRequest): Promise<ProviderPayment> {
    const card = request.card;
    if (!card?.source) throw new ProviderRequestError('A card payment needs a payment method', 'parameter_missing');
    const params: Stripe.PaymentIntentCreateParams = {
      ...this.#common(request),
      payment_method: card.source,
      confirm: true,
      return_url: request.returnUrl,
    };
    if (card.instalments) {
      params.payment_method_options = {
        card: { installments: { plan: { count: card.instalments, interval: 'month', type: 'fixed_count' } } },
      };
    }
    // A saved card is a PaymentMethod attached to a Customer: Stripe wants that Customer on the PaymentIntent.
    const method = card.source.startsWith('pm_') ? await this.#paymentMethod(card.source) : null;
    if (method === undefined) {
      return {
        ref: '',
        status: 'failed',
        chargeId: null,
        failure: { code: PaymentErrorCodes.invalidCard, message: 'The card is not known to Stripe' },
      };
    }
    let customer = idOf(method?.customer);
    if (card.save) {
      customer ??= await this.#createCustomer(request);
      params.setup_future_usage = 'off_session';
    }
    if (customer) params.customer = customer;
    const intent = await this.#call(() => this.#stripe.paymentIntents.create(params, { idempotencyKey: request.idempotencyKey }));
    return paymentOfIntent(intent);
  }

  /** The card's PaymentMethod, or undefined when Stripe does not know it (a stale or foreign token). */
  async #paymentMethod(id: string): Promise<Stripe.PaymentMethod | undefined> {
    try {
      return await this.#call(() => this.#stripe.paymentMethods.retrieve(id));
    } catch (error) {
      if (error instanceof ProviderRequestError && error.code === 'resource_missing') return undefined;
      throw error;
    }
  }

  async #startOxxo(request: StartPaymentRequest): Promise<ProviderPayment> {
    const billing = request.card?.billing;
    const name = request.customer.name ?? ([billing?.name, billing?.surname].filter(Boolean).join(' ') || undefined);
    const email = request.customer.email ?? billing?.email;
    const params: Stripe.PaymentIntentCreateParams = {
      ...this.#common(request),
      ...this.#methodTypes('oxxo'),
      payment_method_data: { type: 'oxxo', billing_details: { name, email } },
      payment_method_options: { oxxo: { expires_after_days: this.#voucherDays(request.expiresAt) } },
      confirm: true,
    };
    const intent = await this.#call(() => this.#stripe.paymentIntents.create(params, { idempotencyKey: request.idempotencyKey }));
    return paymentOfIntent(intent);
  }

  async #startSpei(request: StartPaymentRequest): Promise<ProviderPayment> {
    const customer = await this.#createCustomer(request);
    const params: Stripe.PaymentIntentCreateParams = {
      ...this.#common(request),
      customer,
      ...this.#methodTypes('customer_balance'),
      payment_method_data: { type: 'customer_balance' },
      payment_method_options: { customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'mx_bank_transfer' } } },
      confirm: true,
    };
    // Stripe's transfer instructions do not expire; our window (spec 3 §9: 1 hour) travels in the metadata.
    const expiresAt = request.expiresAt ?? new Date(this.#now().getTime() + 60 * 60 * 1000);
    params.metadata = { ...params.metadata, [METADATA.expiresAt]: expiresAt.toISOString() };
    const intent = await this.#call(() => this.#stripe.paymentIntents.create(params, { idempotencyKey: request.idempotencyKey }));
    return paymentOfIntent(intent);
  }

  /**
   * The one method type a PaymentIntent may take. API version 2026-10-28.endive (this SDK's) renamed the create
   * parameter `payment_method_types` to `allowed_payment_method_types`; a pinned older version gets the old name.
   */
  #methodTypes(type: 'oxxo' | 'customer_balance'): Pick<Stripe.PaymentIntentCreateParams, 'allowed_payment_method_types'> {
    if (this.#apiVersion && this.#apiVersion < ALLOWED_TYPES_SINCE) return { payment_method_types: [type] } as never;
    return { allowed_payment_method_types: [type] };
  }

  #common(request: StartPaymentRequest) {
    return {
      amount: request.amountMinor,
      currency: request.currency.toLowerCase(),
      description: request.description,
      metadata: { [METADATA.attemptId]: request.attemptId, [METADATA.checkoutId]: request.checkoutId },
      expand: EXPAND,
    };
  }

  /** One Customer per request (keyed from ours, so a repeated start reuses it): SPEI and saved cards need one. */
  async #createCustomer(request: StartPaymentRequest): Promise<string> {
    const params: Stripe.CustomerCreateParams = { metadata: { [METADATA.userId]: request.customer.id } };
    if (request.customer.email) params.email = request.customer.email;
    if (request.customer.name) params.name = request.customer.name;
    const customer = await this.#call(() =>
      this.#stripe.customers.create(params, { idempotencyKey: `${request.idempotencyKey}:customer` }),
    );
    return customer.id;
  }

  /** OXXO counts whole calendar days (1 to 7) and ends the last one at 23:59 Mexico City time. */
  #voucherDays(expiresAt: Date | undefined): number {
    if (!expiresAt) return 3;
    const days = Math.ceil((expiresAt.getTime() - this.#now().getTime()) / DAY_MS);
    return Math.min(7, Math.max(1, days));
  }

  /** Runs one SDK call, turning Stripe's errors into the port's: declines answered, the rest thrown as ours. */
  async #call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toPortError(error);
    }
  }
}

/** A decline travelling up to the start that answers it (never leaves this file). */
class DeclineError extends Error {
  constructor(readonly payment: ProviderPayment) {
    super(payment.failure?.message ?? 'declined');
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

function toPortError(error: unknown): Error {
  if (!isStripeError(error)) return error instanceof Error ? error : new Error(String(error));
  const declined = (code: string) => {
    const intent = error.payment_intent;
    const payment: ProviderPayment = intent ? paymentOfIntent(intent) : { ref: '', status: 'failed', chargeId: null };
    payment.status = 'failed';
    payment.chargeId = null;
    payment.failure = { code, message: error.message };
    return new DeclineError(payment);
  };
  switch (error.type) {
    case 'StripeCardError':
      return declined(failureCode(error));
    case 'StripeConnectionError':
    case 'StripeAPIError':
    case 'StripeRateLimitError':
      return new ProviderUnavailableError(`Stripe is unavailable: ${error.message}`, { cause: error });
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      // Stripe's message names the (masked) key; ours names nothing.
      return new ProviderRequestError('Stripe refused our credentials', 'provider_authentication');
    default:
      break;
  }
  if (error.statusCode !== undefined && (error.statusCode >= 500 || error.statusCode === 429)) {
    return new ProviderUnavailableError(`Stripe is unavailable: ${error.message}`, { cause: error });
  }
  // MSI on a card that cannot take it is the shopper's to fix ('use a credit card'), not a setup failure.
  if (error.type === 'StripeInvalidRequestError' && isInstalmentsRefusal(error)) return declined(PaymentErrorCodes.instalmentsNotAccepted);
  return new ProviderRequestError(error.message, error.code ?? error.type);
}
