import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe endpoints the adapter uses (issue 12: this machine reaches no provider). It speaks
 * Stripe's wire format: form-encoded bodies with bracketed keys as the SDK sends them, `Authorization: Bearer sk_test_…`,
 * JSON objects shaped as Stripe's, error JSON `{ error: { type, code, decline_code, message, param } }` (402 for card
 * errors), and Idempotency-Key replays (the same key answers the stored response; other parameters are a 400
 * idempotency_error). What happens is chosen by the payment method id, as Stripe's test PaymentMethods do:
 *
 * - pm_card_visa, pm_card_mastercard: approved; pm_card_visa_debit: approved, but refuses an instalments plan
 * - pm_card_chargeDeclined (generic_decline), pm_card_chargeDeclinedInsufficientFunds, pm_card_chargeDeclinedExpiredCard,
 *   pm_card_chargeDeclinedDoNotHonor, pm_card_chargeDeclinedAuthenticationRequired: 402 card_error with the PaymentIntent
 * - pm_card_threeDSecure2Required: requires_action with next_action.redirect_to_url (then `finishThreeDS`)
 */

export interface StubRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

type Json = Record<string, any>;

interface StoredResponse {
  fingerprint: string;
  status: number;
  body: Json;
}

const CARDS: Record<string, { brand: string; last4: string; funding: 'credit' | 'debit'; issuer?: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', funding: 'credit', issuer: 'Stripe Test Bank' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', funding: 'credit' },
  pm_card_visa_debit: { brand: 'visa', last4: '5556', funding: 'debit' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', funding: 'credit' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', funding: 'credit' },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', funding: 'credit' },
  pm_card_chargeDeclinedDoNotHonor: { brand: 'visa', last4: '0036', funding: 'credit' },
  pm_card_chargeDeclinedAuthenticationRequired: { brand: 'visa', last4: '9978', funding: 'credit' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', funding: 'credit' },
};

const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  pm_card_chargeDeclined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  pm_card_chargeDeclinedExpiredCard: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  pm_card_chargeDeclinedDoNotHonor: { code: 'card_declined', decline_code: 'do_not_honor', message: 'Your card was declined.' },
  pm_card_chargeDeclinedAuthenticationRequired: {
    code: 'card_declined',
    decline_code: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
};

class StubError extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}

/** Parses `a[b][0]=x&a[b][1]=y&c=z` (the SDK's encoding) into nested objects and arrays. */
export function parseForm(text: string): Record<string, unknown> {
  const root: Json = {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    const parts = key.split('[').map((p, i) => (i === 0 ? p : p.replace(/\]$/, '')));
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  return arrays(root) as Record<string, unknown>;
}

function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
  if (entries.length > 0 && entries.every(([k], i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

function digits(n: number): string {
  let out = '';
  while (out.length < n) out += randomBytes(8).readBigUInt64BE().toString();
  return out.slice(0, n);
}

export interface StripeStubOptions {
  /** The secret key requests must carry (default sk_test_stub). */
  secretKey?: string;
  /** The webhook signing secret of the stub's endpoint (default whsec_stub). */
  webhookSecret?: string;
  /** The stub's clock in unix seconds (OXXO expiry); tests move it. */
  now?: () => number;
}

export class StripeStub {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Every request, in order (method, path, headers, parsed body). */
  readonly requests: StubRequest[] = [];
  readonly paymentIntents = new Map<string, Json>();
  readonly charges = new Map<string, Json>();
  readonly customers = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  readonly paymentMethods = new Map<string, Json>();
  readonly #idempotency = new Map<string, StoredResponse>();
  readonly #faults: Array<{ status: number; path?: RegExp } | { drop: true; path?: RegExp }> = [];
  readonly #now: () => number;
  #server: Server | null = null;
  #seq = 0;
  port = 0;

  constructor(options: StripeStubOptions = {}) {
    this.secretKey = options.secretKey ?? 'sk_test_stub';
    this.webhookSecret = options.webhookSecret ?? 'whsec_stub';
    this.#now = options.now ?? (() => Math.floor(Date.now() / 1000));
    for (const [id, card] of Object.entries(CARDS)) {
      this.paymentMethods.set(id, {
        id,
        object: 'payment_method',
        type: 'card',
        customer: null,
        billing_details: { name: 'Ana Pérez', email: null, phone: null, address: null },
        card: {
          brand: card.brand,
          last4: card.last4,
          funding: card.funding,
          exp_month: 12,
          exp_year: 2034,
          country: 'MX',
          issuer: card.issuer ?? null,
        },
        created: this.#now(),
        livemode: false,
        metadata: {},
      });
    }
  }

  /** The SDK options that point it here. */
  get sdkTarget(): { host: string; port: number; protocol: 'http' } {
    return { host: '127.0.0.1', port: this.port, protocol: 'http' };
  }

  async start(): Promise<this> {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next `times` requests (to paths matching `path`) answer `status` (a 5xx, 429) before doing anything. */
  failNext(times: number, status: number, path?: RegExp): void {
    for (let i = 0; i < times; i++) this.#faults.push({ status, path });
  }

  /** The next `times` requests have their connection destroyed without an answer. */
  dropNext(times: number, path?: RegExp): void {
    for (let i = 0; i < times; i++) this.#faults.push({ drop: true, path });
  }

  posts(path?: string): StubRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && (path === undefined || r.path === path));
  }

  /** The shopper passes (or fails) the 3-D Secure challenge of a PaymentIntent. */
  finishThreeDS(id: string, passed: boolean): Json {
    const intent = this.#intent(id);
    intent.next_action = null;
    if (passed) this.#succeed(intent);
    else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message:
          'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      };
    }
    return intent;
  }

  /** The shopper paid the OXXO voucher / the SPEI transfer arrived. */
  payOffline(id: string): Json {
    const intent = this.#intent(id);
    intent.next_action = null;
    this.#succeed(intent);
    return intent;
  }

  /** The voucher / transfer was not paid in time: Stripe puts the PaymentIntent back to requires_payment_method. */
  expireOffline(id: string): Json {
    const intent = this.#intent(id);
    intent.next_action = null;
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_payment_attempt_expired',
      message: 'The payment attempt expired.',
    };
    return intent;
  }

  /** A Stripe event for `object` (a PaymentIntent by default), as Stripe posts it. */
  event(type: string, object: Json): Json {
    return {
      id: `evt_${digits(14)}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: this.#now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  /** The body and Stripe-Signature header of a webhook delivery, signed with the SDK's own test helper. */
  signedWebhook(event: Json, options: { secret?: string; timestamp?: number } = {}): { payload: string; headers: Record<string, string> } {
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      // Signed now by the real clock: the SDK checks the age against its own clock.
      timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    });
    return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
  }

  /** Posts a signed webhook to `url` (an app's webhook route), as Stripe delivers it. */
  async deliver(url: string, event: Json): Promise<Response> {
    const { payload, headers } = this.signedWebhook(event);
    return fetch(url, { method: 'POST', headers, body: payload });
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stub');
    const raw = Buffer.concat(chunks).toString('utf8');
    const record: StubRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: parseForm(url.search.slice(1)),
      headers: { ...req.headers },
      body: parseForm(raw),
    };
    this.requests.push(record);
    const send = (status: number, body: Json, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${digits(12)}`, ...extra });
      res.end(JSON.stringify(body));
    };
    const faultAt = this.#faults.findIndex((f) => !f.path || f.path.test(record.path));
    if (faultAt >= 0) {
      const [fault] = this.#faults.splice(faultAt, 1);
      if ('drop' in fault) {
        req.socket.destroy();
        return;
      }
      const type = fault.status === 429 ? 'invalid_request_error' : 'api_error';
      send(fault.status, { error: { type, code: fault.status === 429 ? 'rate_limit' : undefined, message: 'Stub fault' } });
      return;
    }
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer sk_test_') || auth !== `Bearer ${this.secretKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } });
      return;
    }
    const key = req.headers['idempotency-key'];
    const idempotencyKey = record.method === 'POST' && typeof key === 'string' ? key : null;
    const fingerprint = createHash('sha256')
      .update(`${record.method} ${record.path} ${JSON.stringify(withoutExpand(record.body))}`)
      .digest('hex');
    if (idempotencyKey) {
      const stored = this.#idempotency.get(idempotencyKey);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
          return;
        }
        send(stored.status, stored.body, { 'idempotent-replayed': 'true' });
        return;
      }
    }
    let status = 200;
    let body: Json;
    try {
      body = this.#route(record);
    } catch (error) {
      if (!(error instanceof StubError)) throw error;
      status = error.status;
      body = { error: error.error };
    }
    // Stripe keeps the result of a request that executed (a decline included), not of one refused by validation.
    if (idempotencyKey && (status < 400 || status === 402))
      this.#idempotency.set(idempotencyKey, { fingerprint, status, body: structuredClone(body) });
    send(status, body);
  }

  #route(r: StubRequest): Json {
    const expand = (r.method === 'GET' ? r.query.expand : r.body.expand) as string[] | undefined;
    let m: RegExpExecArray | null;
    if (r.method === 'POST' && r.path === '/v1/payment_intents') return this.#expand(this.#createIntent(r.body), expand);
    if (r.method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(r.path))) return this.#expand(this.#intent(m[1]), expand);
    if (r.method === 'POST' && (m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(r.path)))
      return this.#expand(this.#cancel(m[1]), expand);
    if (r.method === 'GET' && (m = /^\/v1\/payment_methods\/([^/]+)$/.exec(r.path))) return this.#method(m[1]);
    if (r.method === 'POST' && r.path === '/v1/customers') return this.#createCustomer(r.body);
    if (r.method === 'POST' && r.path === '/v1/refunds') return this.#createRefund(r.body);
    throw new StubError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${r.method}: ${r.path}).` });
  }

  #id(prefix: string): string {
    this.#seq += 1;
    return `${prefix}_${String(this.#seq).padStart(4, '0')}${digits(10)}`;
  }

  #intent(id: string): Json {
    const intent = this.paymentIntents.get(id);
    if (!intent)
      throw new StubError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${id}'`,
      });
    return intent;
  }

  #method(id: string): Json {
    const method = this.paymentMethods.get(id);
    if (!method) {
      throw new StubError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${id}'`,
      });
    }
    return method;
  }

  #expand(intent: Json, expand: string[] | undefined): Json {
    const out = structuredClone(intent);
    if (expand?.includes('latest_charge') && typeof out.latest_charge === 'string')
      out.latest_charge = structuredClone(this.charges.get(out.latest_charge));
    if (expand?.includes('payment_method') && typeof out.payment_method === 'string')
      out.payment_method = structuredClone(this.paymentMethods.get(out.payment_method));
    return out;
  }

  #createIntent(body: Json): Json {
    const amount = Number(body.amount);
    if (!body.amount || !Number.isInteger(amount) || amount < 1) {
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'amount',
        message: 'Missing required param: amount.',
      });
    }
    if (!body.currency)
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'currency',
        message: 'Missing required param: currency.',
      });
    if (body.payment_method_types !== undefined) {
      // Removed from PaymentIntent creation in 2026-10-28.endive (the SDK's version).
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        param: 'payment_method_types',
        message: 'Received unknown parameter: payment_method_types',
      });
    }
    const allowed = (body.allowed_payment_method_types as string[] | undefined) ?? ['card'];
    const options = (body.payment_method_options ?? {}) as Json;
    const intent: Json = {
      id: this.#id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      allowed_payment_method_types: body.allowed_payment_method_types ?? null,
      capture_method: 'automatic_async',
      client_secret: null,
      confirmation_method: 'automatic',
      created: this.#now(),
      currency: body.currency,
      customer: body.customer ?? null,
      description: body.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: body.metadata ?? {},
      next_action: null,
      payment_method: null,
      payment_method_options: options,
      payment_method_types: allowed,
      setup_future_usage: body.setup_future_usage ?? null,
      status: 'requires_payment_method',
    };
    intent.client_secret = `${intent.id}_secret_${digits(8)}`;
    if (body.customer && !this.customers.has(body.customer as string)) {
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'customer',
        message: `No such customer: '${body.customer}'`,
      });
    }
    if (allowed.includes('oxxo')) return this.#confirmOxxo(intent, body);
    if (allowed.includes('customer_balance')) return this.#confirmSpei(intent, body);
    return this.#confirmCard(intent, body);
  }

  #confirmCard(intent: Json, body: Json): Json {
    const pmId = body.payment_method as string | undefined;
    const method = pmId ? this.#method(pmId) : null;
    if (method?.customer && method.customer !== body.customer) {
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_invalid_parameter',
        param: 'payment_method',
        message: 'The provided PaymentMethod belongs to a Customer, so you must also pass the Customer on the PaymentIntent.',
      });
    }
    if (body.setup_future_usage && !body.customer) {
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'customer',
        message: 'setup_future_usage needs a customer to attach the PaymentMethod to.',
      });
    }
    const plan = (body.payment_method_options as Json | undefined)?.card?.installments?.plan as Json | undefined;
    if (plan && method?.card?.funding !== 'credit') {
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_empty',
        param: 'payment_method_options[card][installments][plan]',
        message: 'The selected installment plan is not available for this card.',
      });
    }
    this.paymentIntents.set(intent.id, intent);
    if (body.confirm !== 'true' || !pmId) return intent;
    intent.payment_method = pmId;
    if (pmId === 'pm_card_threeDSecure2Required') {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `http://127.0.0.1:${this.port}/3ds/${intent.id}`, return_url: body.return_url ?? null },
      };
      return intent;
    }
    const decline = DECLINES[pmId];
    if (decline) {
      const charge = this.#charge(intent, 'failed');
      intent.latest_charge = charge.id;
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', ...decline, charge: charge.id, payment_method: structuredClone(method) };
      throw new StubError(402, { type: 'card_error', ...decline, charge: charge.id, payment_intent: this.#expand(intent, []) });
    }
    this.#succeed(intent);
    return intent;
  }

  #confirmOxxo(intent: Json, body: Json): Json {
    const data = (body.payment_method_data ?? {}) as Json;
    const billing = (data.billing_details ?? {}) as Json;
    if (!billing.name || !billing.email) {
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: !billing.name ? 'payment_method_data[billing_details][name]' : 'payment_method_data[billing_details][email]',
        message: 'OXXO needs the billing name and email.',
      });
    }
    const days = Number((body.payment_method_options as Json | undefined)?.oxxo?.expires_after_days ?? 3);
    if (!Number.isInteger(days) || days < 1 || days > 7) {
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'payment_method_options[oxxo][expires_after_days]',
        message: 'expires_after_days must be between 1 and 7.',
      });
    }
    this.paymentIntents.set(intent.id, intent);
    const method = { id: this.#id('pm'), object: 'payment_method', type: 'oxxo', billing_details: billing, customer: null, oxxo: {} };
    this.paymentMethods.set(method.id, method);
    intent.payment_method = method.id;
    if (body.confirm !== 'true') return intent;
    intent.status = 'requires_action';
    intent.next_action = {
      type: 'oxxo_display_details',
      oxxo_display_details: {
        expires_after: this.#now() + days * 24 * 60 * 60,
        hosted_voucher_url: `http://127.0.0.1:${this.port}/vouchers/${intent.id}`,
        number: digits(18),
      },
    };
    return intent;
  }

  #confirmSpei(intent: Json, body: Json): Json {
    if (!body.customer) {
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'customer',
        message: 'customer_balance PaymentIntents need a customer.',
      });
    }
    const bankTransfer = (body.payment_method_options as Json | undefined)?.customer_balance as Json | undefined;
    if (bankTransfer?.funding_type !== 'bank_transfer' || bankTransfer.bank_transfer?.type !== 'mx_bank_transfer') {
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'payment_method_options[customer_balance][bank_transfer][type]',
        message: 'A bank transfer type is required.',
      });
    }
    this.paymentIntents.set(intent.id, intent);
    const method = {
      id: this.#id('pm'),
      object: 'payment_method',
      type: 'customer_balance',
      billing_details: {},
      customer: body.customer,
      customer_balance: {},
    };
    this.paymentMethods.set(method.id, method);
    intent.payment_method = method.id;
    if (body.confirm !== 'true') return intent;
    intent.status = 'requires_action';
    intent.next_action = {
      type: 'display_bank_transfer_instructions',
      display_bank_transfer_instructions: {
        amount_remaining: intent.amount,
        currency: intent.currency,
        hosted_instructions_url: `http://127.0.0.1:${this.port}/transfers/${intent.id}`,
        reference: digits(7),
        type: 'mx_bank_transfer',
        financial_addresses: [
          {
            type: 'spei',
            supported_networks: ['spei'],
            spei: {
              account_holder_address: { city: 'Ciudad de México', country: 'MX', line1: null, line2: null, postal_code: null, state: null },
              account_holder_name: 'Vitrina Test SA de CV',
              bank_address: { city: null, country: 'MX', line1: null, line2: null, postal_code: null, state: null },
              bank_code: '646',
              bank_name: 'STP',
              clabe: `646180${digits(12)}`,
            },
          },
        ],
      },
    };
    return intent;
  }

  #charge(intent: Json, status: 'succeeded' | 'failed'): Json {
    const method = this.paymentMethods.get(intent.payment_method as string);
    const charge: Json = {
      id: this.#id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      status,
      paid: status === 'succeeded',
      billing_details: method?.billing_details ?? {},
      payment_method_details:
        method?.type === 'card'
          ? { type: 'card', card: { ...method.card, installments: intent.payment_method_options?.card?.installments ?? null } }
          : { type: method?.type ?? 'card' },
      created: this.#now(),
    };
    this.charges.set(charge.id, charge);
    return charge;
  }

  #succeed(intent: Json): void {
    const charge = this.#charge(intent, 'succeeded');
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = charge.id;
    intent.last_payment_error = null;
    // setup_future_usage with a Customer: the card is attached for next time.
    const method = this.paymentMethods.get(intent.payment_method as string);
    if (method && intent.setup_future_usage && intent.customer) method.customer = intent.customer;
  }

  #cancel(id: string): Json {
    const intent = this.#intent(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        payment_intent: structuredClone(intent),
      });
    }
    intent.status = 'canceled';
    intent.next_action = null;
    intent.canceled_at = this.#now();
    intent.cancellation_reason = 'requested_by_customer';
    return intent;
  }

  #createCustomer(body: Json): Json {
    const customer = {
      id: this.#id('cus'),
      object: 'customer',
      email: body.email ?? null,
      name: body.name ?? null,
      metadata: body.metadata ?? {},
      created: this.#now(),
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  #createRefund(body: Json): Json {
    const intent = this.#intent(body.payment_intent as string);
    if (intent.status !== 'succeeded') {
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: 'This PaymentIntent does not have a successful charge to refund.',
      });
    }
    const charge = this.charges.get(intent.latest_charge as string)!;
    const amount = body.amount === undefined ? charge.amount - charge.amount_refunded : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > charge.amount - charge.amount_refunded) {
      throw new StubError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${charge.amount - charge.amount_refunded})`,
      });
    }
    charge.amount_refunded += amount;
    const refund = {
      id: this.#id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      created: this.#now(),
      metadata: {},
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }
}

function withoutExpand(body: Record<string, unknown>): Record<string, unknown> {
  const { expand: _expand, ...rest } = body;
  return rest;
}
