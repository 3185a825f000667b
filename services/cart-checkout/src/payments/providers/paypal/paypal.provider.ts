import { PaymentErrorCodes, type PaymentMethod } from '@vitrina/contracts';
import {
  ProviderRequestError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderWebhookEvent,
  type StartPaymentRequest,
} from '../../domain/payment-provider.js';
import { PaypalApiError, PaypalClient } from './paypal.client.js';
import { DEFAULT_PUBLIC_SITE_URL, type PaypalConfig } from './paypal.config.js';
import { captureOf, declined, mapOrder, mapWebhookEvent, toPaypalValue } from './paypal.mapping.js';
import type {
  PaypalCreateOrderRequest,
  PaypalOrder,
  PaypalRefund,
  PaypalRefundRequest,
  PaypalVerifyWebhookSignatureResponse,
  PaypalWebhookEvent,
} from './paypal.wire.js';

/** The transmission headers PayPal signs a webhook delivery with; all are needed to ask PayPal to verify it. */
const TRANSMISSION_HEADERS = {
  transmission_id: 'paypal-transmission-id',
  transmission_time: 'paypal-transmission-time',
  transmission_sig: 'paypal-transmission-sig',
  cert_url: 'paypal-cert-url',
  auth_algo: 'paypal-auth-algo',
} as const;

/** PayPal's limits on purchase_units[].description (characters). */
const DESCRIPTION_MAX = 127;

/**
 * The PayPal adapter (issue 12): PayPal's REST Orders v2 API, intent CAPTURE, the PayPal wallet as payment source.
 * start() creates the order and answers its approval page; the buyer approves at PayPal and comes back to
 * return_url; complete() captures. Every money call carries our idempotency key as PayPal-Request-Id, so a
 * repeated call answers the first result instead of creating or capturing again.
 */
export class PaypalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly #api: PaypalClient;
  readonly #webhookId: string;
  readonly #siteUrl: string;

  constructor(config: PaypalConfig) {
    this.#api = new PaypalClient(config);
    this.#webhookId = config.webhookId;
    this.#siteUrl = (config.siteUrl ?? DEFAULT_PUBLIC_SITE_URL).replace(/\/+$/, '');
  }

  supports(method: PaymentMethod): boolean {
    return method === 'paypal';
  }

  async start(request: StartPaymentRequest): Promise<ProviderPayment> {
    if (!this.supports(request.method)) {
      throw new ProviderRequestError(`PayPal does not take the method ${request.method}`, 'unsupported_method');
    }
    const currency = request.currency.toUpperCase();
    const description = truncate(request.description, DESCRIPTION_MAX);
    const body: PaypalCreateOrderRequest = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: request.checkoutId,
          // Webhooks echo custom_id: it finds the attempt. invoice_id is the checkout: with PayPal's default
          // 'block duplicate invoice ids' setting a second capture for one checkout is refused at PayPal too.
          custom_id: request.attemptId,
          invoice_id: request.checkoutId,
          ...(description ? { description } : {}),
          amount: { currency_code: currency, value: toPaypalValue(request.amountMinor, currency) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: this.#absolute(request.returnUrl),
            cancel_url: this.#absolute(request.cancelUrl),
            // The buyer pays at PayPal ('Pagar ahora'); we capture on return without another review page.
            user_action: 'PAY_NOW',
            // The delivery was chosen in our checkout: PayPal asks for no address.
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    };
    const order = await this.#call(() =>
      this.#api.request<PaypalOrder>('POST', '/v2/checkout/orders', { body, requestId: request.idempotencyKey, representation: true }),
    );
    return mapOrder(order);
  }

  async retrieve(ref: string): Promise<ProviderPayment> {
    return mapOrder(await this.#order(ref));
  }

  async complete(ref: string, idempotencyKey: string): Promise<ProviderPayment> {
    try {
      const order = await this.#api.request<PaypalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(ref)}/capture`, {
        body: {},
        requestId: idempotencyKey,
        representation: true,
      });
      return mapOrder(order);
    } catch (error) {
      if (!(error instanceof PaypalApiError) || error.status !== 422) throw toPortError(error);
      switch (error.issue) {
        // Captured before (another key, a webhook-driven completion): the order says by which capture.
        case 'ORDER_ALREADY_CAPTURED':
        // The buyer has not approved yet: still requires_action, with the approval link.
        case 'ORDER_NOT_APPROVED':
          return this.retrieve(ref);
        case 'INSTRUMENT_DECLINED':
          return declined(ref, PaymentErrorCodes.contactBank, error.description);
        // Another order of this checkout was captured already (invoice_id is the checkout id).
        case 'DUPLICATE_INVOICE_ID':
          return declined(ref, PaymentErrorCodes.alreadyPaid, error.description);
        case 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING':
        case 'PAYER_ACTION_REQUIRED':
        case 'TRANSACTION_REFUSED':
        case 'PAYER_CANNOT_PAY':
        case 'PAYEE_BLOCKED_TRANSACTION':
        case 'COMPLIANCE_VIOLATION':
        case 'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED':
          return declined(ref, PaymentErrorCodes.attemptFailed, error.description);
        default:
          throw error.toRequestError();
      }
    }
  }

  /**
   * No-op, on purpose: Orders v2 has no call to void an order with intent CAPTURE (only authorizations are voided),
   * and an unapproved order takes no money; PayPal lets it expire. What keeps a replaced attempt from being paid is
   * ours: its attempt is canceled, so complete() is never called for it.
   */
  async cancel(_ref: string): Promise<void> {}

  async refund(ref: string, amountMinor: number, idempotencyKey: string): Promise<ProviderRefund> {
    const order = await this.#order(ref);
    const capture = captureOf(order);
    // REFUNDED too: a repeated refund call (same key) must reach PayPal to get the first refund back.
    if (!capture || !['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(capture.status)) {
      throw new ProviderRequestError(`The PayPal order ${ref} has no capture to refund`, 'no_capture');
    }
    const currency = capture.amount?.currency_code ?? order.purchase_units?.[0]?.amount?.currency_code;
    if (!currency) throw new ProviderRequestError(`The PayPal capture ${capture.id} names no currency`, 'no_currency');
    const body: PaypalRefundRequest = { amount: { currency_code: currency, value: toPaypalValue(amountMinor, currency) } };
    const refund = await this.#call(() =>
      this.#api.request<PaypalRefund>('POST', `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`, {
        body,
        requestId: idempotencyKey,
        representation: true,
      }),
    );
    const status: string = refund.status;
    return {
      id: refund.id,
      status: status === 'COMPLETED' ? 'succeeded' : status === 'PENDING' ? 'pending' : 'failed',
    };
  }

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderWebhookEvent> {
    const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value[0] : value]));
    const transmission: Record<string, string> = {};
    const missing: string[] = [];
    for (const [field, header] of Object.entries(TRANSMISSION_HEADERS)) {
      const value = lower.get(header)?.trim();
      if (value) transmission[field] = value;
      else missing.push(header);
    }
    if (missing.length > 0) throw new WebhookSignatureError(`PayPal webhook without ${missing.join(', ')}`);

    const text = rawBody.toString('utf8');
    const event = parseEvent(text);
    // webhook_event is the body exactly as delivered, not re-serialised: a parse/stringify round trip may rewrite
    // numbers or escapes, and PayPal verifies against the bytes it signed.
    const verification = `{${Object.entries({ ...transmission, webhook_id: this.#webhookId })
      .map(([field, value]) => `${JSON.stringify(field)}:${JSON.stringify(value)}`)
      .join(',')},"webhook_event":${text}}`;
    let answer: PaypalVerifyWebhookSignatureResponse;
    try {
      answer = await this.#api.request<PaypalVerifyWebhookSignatureResponse>('POST', '/v1/notifications/verify-webhook-signature', {
        rawBody: verification,
      });
    } catch (error) {
      // PayPal refuses malformed transmission headers as a validation error: a forgery, not an outage.
      if (error instanceof PaypalApiError && error.status === 400) throw new WebhookSignatureError(error.message);
      throw toPortError(error);
    }
    if (answer.verification_status !== 'SUCCESS') {
      throw new WebhookSignatureError(`PayPal did not verify the webhook ${event.id} (${String(answer.verification_status)})`);
    }
    return mapWebhookEvent(event);
  }

  async #order(ref: string): Promise<PaypalOrder> {
    return this.#call(() => this.#api.request<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(ref)}`));
  }

  async #call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toPortError(error);
    }
  }

  /** spec 3 §4 step 3: the shopper comes back to our site; a path is made absolute on the configured site. */
  #absolute(url: string): string {
    if (/^https?:\/\//i.test(url)) return url;
    return `${this.#siteUrl}${url.startsWith('/') ? '' : '/'}${url}`;
  }
}

/** At most `max` UTF-16 units (so within PayPal's limit however it counts), never half a surrogate pair. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

function toPortError(error: unknown): unknown {
  return error instanceof PaypalApiError ? error.toRequestError() : error;
}

function parseEvent(text: string): PaypalWebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    throw new WebhookSignatureError('The PayPal webhook body is not JSON');
  }
  const candidate = event as Partial<PaypalWebhookEvent> | null;
  if (typeof candidate !== 'object' || candidate === null || typeof candidate.id !== 'string' || typeof candidate.event_type !== 'string') {
    throw new WebhookSignatureError('The PayPal webhook body is not an event');
  }
  return candidate as PaypalWebhookEvent;
}
