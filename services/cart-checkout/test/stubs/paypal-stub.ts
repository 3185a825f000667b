import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/**
 * A local PayPal (issue 12 tests): node:http on an ephemeral port speaking PayPal's documented wire format for the
 * endpoints the adapter uses — OAuth2 client-credentials tokens, Orders v2 (create, get, capture), Payments v2
 * refunds, Notifications v1 webhook verification — with PayPal-Request-Id idempotency and PayPal's error JSON
 * `{ name, message, debug_id, details: [{ issue, description }] }`.
 *
 * Webhooks: real PayPal signs with SHA256withRSA over `transmission_id|transmission_time|webhook_id|crc32(body)`.
 * The stub signs the same string with an HMAC of its own when it emits an event, and verify-webhook-signature
 * answers SUCCESS only for a signature it produced over exactly that content.
 */

export interface StubRequest {
  method: string;
  path: string;
  /** Lowercased names. */
  headers: Record<string, string>;
  /** Parsed JSON (or the raw text of a form / a non-JSON body). */
  body: unknown;
  rawBody: string;
}

interface Money {
  currency_code: string;
  value: string;
}

interface StubCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'FAILED';
  status_details?: { reason: string };
  amount: Money;
  final_capture: boolean;
  custom_id?: string;
  invoice_id?: string;
  refundedMinor: number;
  create_time: string;
  update_time: string;
}

interface StubOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: 'CAPTURE';
  purchaseUnit: {
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: Money;
  };
  experience: Record<string, unknown>;
  captures: StubCapture[];
  create_time: string;
  update_time: string;
}

export interface StubRefund {
  id: string;
  captureId: string;
  status: 'COMPLETED' | 'PENDING';
  amount: Money;
}

/** What a capture of an approved order does: take the money, be declined (422 or a DECLINED capture), or wait. */
export type CaptureOutcome = 'complete' | 'instrument_declined' | 'capture_declined' | 'pending';

export interface EmittedWebhook {
  /** The body exactly as PayPal would POST it. */
  body: Buffer;
  /** The transmission headers (lowercase, as node:http hands them to a server). */
  headers: Record<string, string>;
  event: Record<string, unknown>;
}

const NO_DECIMALS = new Set(['JPY', 'HUF', 'TWD']);

export class PaypalStub {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookId: string;
  /** Every request received, in order (token requests included). */
  readonly requests: StubRequest[] = [];
  /** Real effects, not replays: tokens issued, orders created, captures made, refunds made, verifications asked. */
  readonly counts = { tokens: 0, orders: 0, captures: 0, refunds: 0, verifications: 0 };
  readonly orders = new Map<string, StubOrder>();
  readonly refunds = new Map<string, StubRefund>();

  #server!: Server;
  #url = '';
  readonly #tokenTtlSeconds: number;
  readonly #tokens = new Set<string>();
  readonly #idempotent = new Map<string, { status: number; body: unknown }>();
  readonly #captureOutcomes = new Map<string, CaptureOutcome>();
  readonly #signingKey = randomBytes(32);
  /** transmission id → the signature the stub gave it. */
  readonly #emitted = new Map<string, string>();
  #failures: Array<{ status: number; match: (path: string) => boolean }> = [];
  #delays: Array<{ ms: number; match: (path: string) => boolean }> = [];

  private constructor(options: { clientId?: string; clientSecret?: string; webhookId?: string; tokenTtlSeconds?: number }) {
    this.clientId = options.clientId ?? `AZ${randomBytes(12).toString('hex').toUpperCase()}`;
    this.clientSecret = options.clientSecret ?? `EL${randomBytes(16).toString('hex')}`;
    this.webhookId = options.webhookId ?? `${randomBytes(8).toString('hex').toUpperCase()}`;
    this.#tokenTtlSeconds = options.tokenTtlSeconds ?? 32_400;
  }

  static async start(
    options: { clientId?: string; clientSecret?: string; webhookId?: string; tokenTtlSeconds?: number } = {},
  ): Promise<PaypalStub> {
    const stub = new PaypalStub(options);
    stub.#server = createServer((req, res) => {
      void stub.#handle(req, res);
    });
    await new Promise<void>((resolve) => stub.#server.listen(0, '127.0.0.1', resolve));
    stub.#url = `http://127.0.0.1:${(stub.#server.address() as AddressInfo).port}`;
    return stub;
  }

  get url(): string {
    return this.#url;
  }

  /** The config the adapter needs to talk to this stub. */
  get config() {
    return { clientId: this.clientId, clientSecret: this.clientSecret, webhookId: this.webhookId, baseUrl: this.url };
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  requestsTo(method: string, pathPrefix: string): StubRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  /** The buyer logs in at PayPal and approves the order (what the payer-action page does). */
  approve(orderId: string): void {
    const order = this.#mustOrder(orderId);
    if (order.status !== 'PAYER_ACTION_REQUIRED') throw new Error(`order ${orderId} is ${order.status}, not awaiting approval`);
    order.status = 'APPROVED';
    order.update_time = now();
  }

  /** The next captures of this order end as `outcome` (until changed). */
  setCaptureOutcome(orderId: string, outcome: CaptureOutcome): void {
    this.#captureOutcomes.set(orderId, outcome);
  }

  /** The next `count` requests whose path starts with `pathPrefix` (default: any but the token endpoint) answer `status`. */
  failNext(count: number, status = 500, pathPrefix?: string): void {
    const match = (path: string) => (pathPrefix ? path.startsWith(pathPrefix) : path !== '/v1/oauth2/token');
    for (let i = 0; i < count; i++) this.#failures.push({ status, match });
  }

  /** Forgets pending failures and delays. */
  clearFaults(): void {
    this.#failures = [];
    this.#delays = [];
  }

  /** The next request whose path starts with `pathPrefix` is answered only after `ms`. */
  delayNext(ms: number, pathPrefix = '/v2/'): void {
    this.#delays.push({ ms, match: (path) => path.startsWith(pathPrefix) });
  }

  /** Every issued access token stops working (as if expired at PayPal): the next call gets a 401. */
  revokeTokens(): void {
    this.#tokens.clear();
  }

  /** PayPal delivering a webhook for this stub's webhook id: the body and its signed transmission headers. */
  emitWebhook(eventType: string, resource: Record<string, unknown>, resourceType = 'checkout-order'): EmittedWebhook {
    const event = {
      id: `WH-${randomBytes(10).toString('hex').toUpperCase()}`,
      event_version: '1.0',
      create_time: now(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary: eventType,
      resource,
      links: [{ href: `${this.url}/v1/notifications/webhooks-events/x`, rel: 'self', method: 'GET' }],
    };
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const transmissionTime = now();
    const signature = this.#sign(transmissionId, transmissionTime, this.webhookId, body);
    this.#emitted.set(transmissionId, signature);
    return {
      body: Buffer.from(body, 'utf8'),
      event,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': signature,
        'paypal-cert-url': `${this.url}/v1/notifications/certs/CERT-360caa42-fca2a594-stub`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
    };
  }

  /** CHECKOUT.ORDER.* with the order's current representation as resource. */
  orderWebhook(eventType: string, orderId: string): EmittedWebhook {
    return this.emitWebhook(eventType, this.#orderJson(this.#mustOrder(orderId), true) as Record<string, unknown>, 'checkout-order');
  }

  /** PAYMENT.CAPTURE.* with the order's newest capture as resource (related_ids.order_id names the order). */
  captureWebhook(eventType: string, orderId: string): EmittedWebhook {
    const order = this.#mustOrder(orderId);
    const capture = order.captures.at(-1);
    if (!capture) throw new Error(`order ${orderId} has no capture`);
    return this.emitWebhook(eventType, this.#captureJson(order, capture, true) as Record<string, unknown>, 'capture');
  }

  #sign(transmissionId: string, time: string, webhookId: string, body: string): string {
    return createHmac('sha256', this.#signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(body, 'utf8'))}`)
      .digest('base64');
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stub');
    const path = url.pathname;
    const headers: Record<string, string> = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
    );
    let body: unknown = rawBody;
    if (rawBody && headers['content-type']?.startsWith('application/json')) {
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
    }
    const method = req.method ?? 'GET';
    this.requests.push({ method, path, headers, body, rawBody });

    const delay = this.#delays.findIndex((d) => d.match(path));
    if (delay >= 0) {
      const [{ ms }] = this.#delays.splice(delay, 1);
      await new Promise((r) => setTimeout(r, ms));
      if (res.destroyed || req.destroyed) return;
    }
    const failure = this.#failures.findIndex((f) => f.match(path));
    if (failure >= 0) {
      const [{ status }] = this.#failures.splice(failure, 1);
      return send(res, status, error('INTERNAL_SERVER_ERROR', 'An internal server error occurred.'));
    }

    if (method === 'POST' && path === '/v1/oauth2/token') return this.#token(req, res, rawBody);
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    if (!bearer || !this.#tokens.has(bearer)) {
      return send(res, 401, { error: 'invalid_token', error_description: 'Access Token not found in cache' });
    }
    if (body === undefined)
      return send(
        res,
        400,
        error('INVALID_REQUEST', 'Request is not well-formed.', [
          { issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' },
        ]),
      );

    const requestId = headers['paypal-request-id'] as string | undefined;
    const representation = headers.prefer === 'return=representation';
    const replayKey = requestId ? `${method} ${path} ${requestId}` : null;
    if (replayKey) {
      const stored = this.#idempotent.get(replayKey);
      if (stored) return send(res, stored.status, stored.body);
    }
    const answer = this.#route(method, path, body, representation);
    // PayPal keeps the answer to a PayPal-Request-Id (failures included) and replays it; 5xx are never stored.
    if (replayKey && answer.status < 500) this.#idempotent.set(replayKey, answer);
    return send(res, answer.status, answer.body);
  }

  #token(req: IncomingMessage, res: ServerResponse, rawBody: string): void {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const form = new URLSearchParams(rawBody);
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') || form.get('grant_type') !== 'client_credentials') {
      return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    this.#tokens.add(token);
    this.counts.tokens++;
    send(res, 200, {
      scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/applications/webhooks',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: this.#tokenTtlSeconds,
      nonce: `${now()}${randomBytes(8).toString('hex')}`,
    });
  }

  #route(method: string, path: string, body: unknown, representation: boolean): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v2/checkout/orders') return this.#createOrder(body, representation);
    if (method === 'GET' && (m = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path))) {
      const order = this.orders.get(decodeURIComponent(m[1]));
      return order ? { status: 200, body: this.#orderJson(order, true) } : notFound();
    }
    if (method === 'POST' && (m = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path))) {
      return this.#capture(decodeURIComponent(m[1]), representation);
    }
    if (method === 'POST' && (m = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path))) {
      return this.#refund(decodeURIComponent(m[1]), body);
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return this.#verify(body);
    return notFound();
  }

  #createOrder(body: unknown, representation: boolean): { status: number; body: unknown } {
    const request = body as Record<string, any>;
    const unit = request?.purchase_units?.[0];
    const experience = request?.payment_source?.paypal?.experience_context;
    const invalid = (field: string, issue: string, description: string) => ({
      status: 400,
      body: error('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
        { field, location: 'body', issue, description },
      ]),
    });
    if (request?.intent !== 'CAPTURE' && request?.intent !== 'AUTHORIZE')
      return invalid('/intent', 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
    if (!unit) return invalid('/purchase_units', 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
    const amount = unit.amount as Money | undefined;
    if (!amount || !/^[A-Z]{3}$/.test(amount.currency_code ?? '')) {
      return invalid(
        "/purchase_units/@reference_id=='default'/amount/currency_code",
        'INVALID_PARAMETER_VALUE',
        'The value of a field is invalid.',
      );
    }
    const pattern = NO_DECIMALS.has(amount.currency_code) ? /^\d{1,10}$/ : /^\d{1,10}\.\d{2}$/;
    if (typeof amount.value !== 'string' || !pattern.test(amount.value) || toMinor(amount.value) <= 0) {
      return invalid(
        "/purchase_units/@reference_id=='default'/amount/value",
        'DECIMAL_PRECISION',
        'If the currency supports decimals, only two decimal place precision is supported.',
      );
    }
    for (const field of ['return_url', 'cancel_url'] as const) {
      const value = experience?.[field];
      if (value !== undefined && !/^https?:\/\/[^/]+/.test(String(value))) {
        return invalid(
          `/payment_source/paypal/experience_context/${field}`,
          'INVALID_PARAMETER_SYNTAX',
          'The value of a field does not conform to the expected format.',
        );
      }
    }
    for (const field of ['custom_id', 'invoice_id'] as const) {
      if (unit[field] !== undefined && String(unit[field]).length > 127) {
        return invalid(
          `/purchase_units/@reference_id=='default'/${field}`,
          'INVALID_STRING_MAX_LENGTH',
          'The value of a field is too long.',
        );
      }
    }
    const order: StubOrder = {
      id: orderId(),
      status: 'PAYER_ACTION_REQUIRED',
      intent: 'CAPTURE',
      purchaseUnit: {
        reference_id: unit.reference_id,
        custom_id: unit.custom_id,
        invoice_id: unit.invoice_id,
        description: unit.description,
        amount: { currency_code: amount.currency_code, value: amount.value },
      },
      experience: experience ?? {},
      captures: [],
      create_time: now(),
      update_time: now(),
    };
    this.orders.set(order.id, order);
    this.counts.orders++;
    return { status: 201, body: this.#orderJson(order, representation) };
  }

  #capture(id: string, representation: boolean): { status: number; body: unknown } {
    const order = this.orders.get(id);
    if (!order) return notFound();
    if (order.status === 'COMPLETED') {
      return unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.");
    }
    if (order.status !== 'APPROVED') {
      return unprocessable(
        'ORDER_NOT_APPROVED',
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
      );
    }
    const outcome = this.#captureOutcomes.get(id) ?? 'complete';
    if (outcome === 'instrument_declined') {
      return unprocessable(
        'INSTRUMENT_DECLINED',
        "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const capture: StubCapture = {
      id: captureId(),
      status: outcome === 'capture_declined' ? 'DECLINED' : outcome === 'pending' ? 'PENDING' : 'COMPLETED',
      ...(outcome === 'pending' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: { ...order.purchaseUnit.amount },
      final_capture: true,
      custom_id: order.purchaseUnit.custom_id,
      invoice_id: order.purchaseUnit.invoice_id,
      refundedMinor: 0,
      create_time: now(),
      update_time: now(),
    };
    order.captures.push(capture);
    order.status = 'COMPLETED';
    order.update_time = now();
    this.counts.captures++;
    return { status: 201, body: this.#orderJson(order, representation) };
  }

  #refund(captureIdParam: string, body: unknown): { status: number; body: unknown } {
    const found = [...this.orders.values()]
      .flatMap((order) => order.captures.map((capture) => ({ order, capture })))
      .find((c) => c.capture.id === captureIdParam);
    if (!found) return notFound();
    const { capture } = found;
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    }
    const capturedMinor = toMinor(capture.amount.value);
    const requested = (body as { amount?: Money } | undefined)?.amount;
    if (requested && requested.currency_code !== capture.amount.currency_code) {
      return unprocessable('REFUND_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
    }
    const amountMinor = requested ? toMinor(requested.value) : capturedMinor - capture.refundedMinor;
    if (!(amountMinor > 0)) return unprocessable('REFUND_AMOUNT_INVALID', 'The refund amount must be positive.');
    if (capture.refundedMinor + amountMinor > capturedMinor) {
      return unprocessable(
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      );
    }
    capture.refundedMinor += amountMinor;
    capture.status = capture.refundedMinor === capturedMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = now();
    const refund: StubRefund = {
      id: captureId(),
      captureId: capture.id,
      status: 'COMPLETED',
      amount: { currency_code: capture.amount.currency_code, value: fromMinor(amountMinor, capture.amount.currency_code) },
    };
    this.refunds.set(refund.id, refund);
    this.counts.refunds++;
    return {
      status: 201,
      body: {
        id: refund.id,
        status: refund.status,
        amount: refund.amount,
        create_time: now(),
        update_time: now(),
        links: [
          { href: `${this.url}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
          { href: `${this.url}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
        ],
      },
    };
  }

  #verify(body: unknown): { status: number; body: unknown } {
    const request = body as Record<string, any>;
    const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
    const missing = required.filter((field) => request?.[field] === undefined || request[field] === '');
    if (missing.length > 0) {
      return {
        status: 400,
        body: error(
          'VALIDATION_ERROR',
          'Invalid request - see details',
          missing.map((field) => ({
            field,
            location: 'body',
            issue: 'MISSING_REQUIRED_PARAMETER',
            description: 'A required field is missing.',
          })),
        ),
      };
    }
    this.counts.verifications++;
    const emitted = this.#emitted.get(String(request.transmission_id));
    const expected = this.#sign(
      String(request.transmission_id),
      String(request.transmission_time),
      String(request.webhook_id),
      JSON.stringify(request.webhook_event),
    );
    const valid =
      emitted !== undefined && request.transmission_sig === emitted && emitted === expected && request.webhook_id === this.webhookId;
    return { status: 200, body: { verification_status: valid ? 'SUCCESS' : 'FAILURE' } };
  }

  #mustOrder(id: string): StubOrder {
    const order = this.orders.get(id);
    if (!order) throw new Error(`no PayPal order ${id}`);
    return order;
  }

  #orderJson(order: StubOrder, full: boolean): unknown {
    const links: Array<{ href: string; rel: string; method: string }> = [
      { href: `${this.url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
    ];
    if (order.status === 'PAYER_ACTION_REQUIRED') {
      links.push({ href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' });
    }
    if (order.status === 'APPROVED') {
      links.push({ href: `${this.url}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' });
    }
    if (!full) return { id: order.id, status: order.status, payment_source: { paypal: {} }, links };
    const payer =
      order.status === 'PAYER_ACTION_REQUIRED'
        ? {}
        : {
            payer: {
              name: { given_name: 'Juan', surname: 'Pérez' },
              email_address: 'comprador@example.com',
              payer_id: 'QYR5Z8XDVJNXQ',
              address: { country_code: 'MX' },
            },
          };
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      payment_source: {
        paypal:
          order.status === 'PAYER_ACTION_REQUIRED'
            ? {}
            : { email_address: 'comprador@example.com', account_id: 'QYR5Z8XDVJNXQ', account_status: 'VERIFIED' },
      },
      purchase_units: [
        {
          ...order.purchaseUnit,
          payee: { email_address: 'vendedor@example.com', merchant_id: 'C7CYMKZDG8D6E' },
          ...(order.captures.length > 0 ? { payments: { captures: order.captures.map((c) => this.#captureJson(order, c, false)) } } : {}),
        },
      ],
      ...payer,
      create_time: order.create_time,
      update_time: order.update_time,
      links,
    };
  }

  #captureJson(order: StubOrder, capture: StubCapture, withRelatedIds: boolean): unknown {
    const { refundedMinor: _refunded, ...wire } = capture;
    return {
      ...wire,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      ...(withRelatedIds ? { supplementary_data: { related_ids: { order_id: order.id } } } : {}),
      links: [
        { href: `${this.url}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
        { href: `${this.url}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${this.url}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
      ],
    };
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'paypal-debug-id': debugId() });
  res.end(payload);
}

function error(name: string, message: string, details: Array<Record<string, string>> = []) {
  return {
    name,
    message,
    debug_id: debugId(),
    details,
    links: [{ href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${name}`, rel: 'information_link', method: 'GET' }],
  };
}

function unprocessable(issue: string, description: string): { status: number; body: unknown } {
  return {
    status: 422,
    body: error(
      'UNPROCESSABLE_ENTITY',
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
      [{ issue, description }],
    ),
  };
}

function notFound(): { status: number; body: unknown } {
  return {
    status: 404,
    body: error('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
      { issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' },
    ]),
  };
}

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
function paypalId(length: number): string {
  return [...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}
const orderId = () => paypalId(17);
const captureId = () => paypalId(17);
const debugId = () => randomBytes(7).toString('hex');
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** '123.45' → 12345, '100' (no-decimal currencies) → 100; exact, by string. */
function toMinor(value: string): number {
  const [units = '0', cents = ''] = value.split('.');
  return Number(units) * 10 ** cents.length + Number(cents || '0');
}

function fromMinor(minor: number, currency: string): string {
  if (NO_DECIMALS.has(currency)) return String(minor);
  const digits = String(minor).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
