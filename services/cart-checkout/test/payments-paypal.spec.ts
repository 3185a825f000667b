import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { inspect } from 'node:util';
import { refusedPort } from '@vitrina/platform/testing';
import {
  ProviderRequestError,
  ProviderUnavailableError,
  WebhookSignatureError,
  type StartPaymentRequest,
} from '../src/payments/domain/payment-provider.js';
import { paypalConfigFromEnv } from '../src/payments/providers/paypal/paypal.config.js';
import { toPaypalValue } from '../src/payments/providers/paypal/paypal.mapping.js';
import { PaypalProvider } from '../src/payments/providers/paypal/paypal.provider.js';
import { PaypalStub } from './stubs/paypal-stub.js';

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

function startRequest(over: Partial<StartPaymentRequest> = {}): StartPaymentRequest {
  return {
    attemptId: unique('att'),
    idempotencyKey: unique('key'),
    checkoutId: unique('chk'),
    method: 'paypal',
    amountMinor: 12345,
    currency: 'MXN',
    description: 'Compra en Vitrina',
    customer: { id: unique('usr'), email: 'comprador@example.com' },
    returnUrl: '/pago/paypal/regreso',
    cancelUrl: '/pago/paypal/cancelado',
    ...over,
  };
}

describe('PayPal adapter against a local PayPal (issue 12)', () => {
  let stub: PaypalStub;
  let paypal: PaypalProvider;
  const site = 'https://tienda.example.mx';

  beforeAll(async () => {
    stub = await PaypalStub.start();
  });
  afterAll(async () => {
    await stub.close();
  });

  // A fresh adapter per test: each starts without a cached token.
  const fresh = (over: Partial<ConstructorParameters<typeof PaypalProvider>[0]> = {}) =>
    new PaypalProvider({ ...stub.config, siteUrl: site, ...over });
  beforeAll(() => {
    paypal = fresh();
  });

  /** An order the buyer approved at PayPal. */
  async function approvedOrder(over: Partial<StartPaymentRequest> = {}) {
    const request = startRequest(over);
    const started = await paypal.start(request);
    stub.approve(started.ref);
    return { request, ref: started.ref };
  }

  describe('tokens', () => {
    it('asks for one client-credentials token and reuses it, even for concurrent calls', async () => {
      const before = stub.counts.tokens;
      const tokenCalls = stub.requestsTo('POST', '/v1/oauth2/token').length;
      const provider = fresh();
      const { ref } = await provider.start(startRequest());
      await Promise.all([provider.retrieve(ref), provider.retrieve(ref), provider.retrieve(ref), provider.start(startRequest())]);
      await provider.retrieve(ref);
      expect(stub.counts.tokens - before).toBe(1);

      const [tokenRequest] = stub.requestsTo('POST', '/v1/oauth2/token').slice(tokenCalls);
      expect(tokenRequest.headers.authorization).toBe(`Basic ${Buffer.from(`${stub.clientId}:${stub.clientSecret}`).toString('base64')}`);
      expect(tokenRequest.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
      expect(tokenRequest.rawBody).toBe('grant_type=client_credentials');
      const apiCalls = stub.requests.filter((r) => r.path.startsWith('/v2/')).slice(-6);
      expect(apiCalls.every((r) => r.headers.authorization.startsWith('Bearer A21AA'))).toBe(true);
    });

    it('renews the token shortly before PayPal says it expires', async () => {
      const short = await PaypalStub.start({ tokenTtlSeconds: 600 });
      try {
        let clock = Date.parse('2026-11-26T05:00:00Z');
        const provider = new PaypalProvider({ ...short.config, now: () => clock });
        const { ref } = await provider.start(startRequest());
        clock += 530_000; // 8 min 50 s of a 10 min token: still good
        await provider.retrieve(ref);
        expect(short.counts.tokens).toBe(1);
        clock += 15_000; // within the last minute: renewed before PayPal would refuse it
        await provider.retrieve(ref);
        expect(short.counts.tokens).toBe(2);
      } finally {
        await short.close();
      }
    });

    it('renews a token PayPal stopped accepting once, and retries the call with the same PayPal-Request-Id', async () => {
      const provider = fresh();
      const request = startRequest();
      await provider.retrieve((await provider.start(startRequest())).ref);
      const tokens = stub.counts.tokens;
      stub.revokeTokens();
      const started = await provider.start(request);
      expect(started.status).toBe('requires_action');
      expect(stub.counts.tokens).toBe(tokens + 1);
      const creates = stub
        .requestsTo('POST', '/v2/checkout/orders')
        .filter((r) => r.headers['paypal-request-id'] === request.idempotencyKey);
      expect(creates).toHaveLength(2);
      expect(new Set(creates.map((r) => r.headers.authorization)).size).toBe(2);
    });

    it('refuses wrong client credentials as a request error that never shows the secret', async () => {
      const secret = 'EL-super-secreto-que-nunca-se-ve';
      const provider = fresh({ clientSecret: secret });
      const failure = await provider.retrieve('5O190127TN364715T').catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ProviderRequestError);
      expect((failure as ProviderRequestError).code).toBe('invalid_client');
      expect(String((failure as Error).message)).not.toContain(secret);
      expect(inspect(provider, { depth: 10, showHidden: true })).not.toContain(secret);
      expect(JSON.stringify(provider)).not.toContain(secret);
      expect(inspect(fresh(), { depth: 10 })).not.toContain(stub.clientSecret);
    });
  });

  describe('start', () => {
    it('creates a CAPTURE order as PayPal documents it, keyed by our idempotency key', async () => {
      const request = startRequest({ amountMinor: 12345, currency: 'MXN' });
      const started = await paypal.start(request);

      const [create] = stub
        .requestsTo('POST', '/v2/checkout/orders')
        .filter((r) => r.headers['paypal-request-id'] === request.idempotencyKey);
      expect(create.headers['content-type']).toMatch(/^application\/json/);
      expect(create.headers.prefer).toBe('return=representation');
      expect(create.body).toEqual({
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.checkoutId,
            custom_id: request.attemptId,
            invoice_id: request.checkoutId,
            description: 'Compra en Vitrina',
            amount: { currency_code: 'MXN', value: '123.45' },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: `${site}/pago/paypal/regreso`,
              cancel_url: `${site}/pago/paypal/cancelado`,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      });
      expect(started).toEqual({
        ref: expect.stringMatching(/^[0-9A-Z]{17}$/),
        status: 'requires_action',
        chargeId: null,
        action: { kind: 'approval', url: `https://www.sandbox.paypal.com/checkoutnow?token=${started.ref}` },
      });
      expect(stub.orders.get(started.ref)?.purchaseUnit.custom_id).toBe(request.attemptId);
    });

    it('keeps absolute return URLs, and anchors paths on http://127.0.0.1:3000 when no site is configured', async () => {
      const provider = new PaypalProvider(stub.config);
      const request = startRequest({ returnUrl: 'https://otra.example.mx/volver?x=1', cancelUrl: 'pago/cancelado' });
      await provider.start(request);
      const [create] = stub
        .requestsTo('POST', '/v2/checkout/orders')
        .filter((r) => r.headers['paypal-request-id'] === request.idempotencyKey);
      expect((create.body as any).payment_source.paypal.experience_context).toMatchObject({
        return_url: 'https://otra.example.mx/volver?x=1',
        cancel_url: 'http://127.0.0.1:3000/pago/cancelado',
      });
    });

    it('makes one order for one key however often start is repeated, and a new order for a new key', async () => {
      const request = startRequest();
      const before = stub.counts.orders;
      const answers = await Promise.all([paypal.start(request), paypal.start(request), paypal.start(request)]);
      const again = await paypal.start(request);
      expect(new Set([...answers, again].map((a) => a.ref)).size).toBe(1);
      expect(stub.counts.orders - before).toBe(1);
      const other = await paypal.start({ ...request, idempotencyKey: unique('key') });
      expect(other.ref).not.toBe(again.ref);
      expect(stub.counts.orders - before).toBe(2);
    });

    it('sends every amount exactly as a decimal string', async () => {
      const cases: Array<[number, string]> = [
        [1, '0.01'],
        [10, '0.10'],
        [99, '0.99'],
        [12345, '123.45'],
        [100000000, '1000000.00'],
      ];
      for (const [amountMinor, value] of cases) {
        const request = startRequest({ amountMinor });
        await paypal.start(request);
        const [create] = stub
          .requestsTo('POST', '/v2/checkout/orders')
          .filter((r) => r.headers['paypal-request-id'] === request.idempotencyKey);
        expect((create.body as any).purchase_units[0].amount).toEqual({ currency_code: 'MXN', value });
      }
      expect(toPaypalValue(1500, 'JPY')).toBe('1500');
      expect(toPaypalValue(150000, 'HUF')).toBe('1500');
      expect(() => toPaypalValue(150050, 'HUF')).toThrow(ProviderRequestError);
    });

    it('refuses what PayPal cannot take before calling it: a fractional or non-positive amount, another method', async () => {
      const calls = stub.requests.length;
      for (const amountMinor of [12.5, 0, -100, Number.MAX_SAFE_INTEGER + 2]) {
        await expect(paypal.start(startRequest({ amountMinor }))).rejects.toMatchObject({
          name: 'ProviderRequestError',
          code: 'invalid_amount',
        });
      }
      await expect(paypal.start(startRequest({ method: 'card' }))).rejects.toMatchObject({ code: 'unsupported_method' });
      expect(stub.requests.length).toBe(calls);
      expect(paypal.supports('paypal')).toBe(true);
      expect(paypal.supports('card')).toBe(false);
      expect(paypal.supports('aplazo')).toBe(false);
    });

    it("answers PayPal's validation refusal as a request error with PayPal's issue", async () => {
      const failure = await paypal.start(startRequest({ currency: 'MX' })).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ProviderRequestError);
      expect((failure as ProviderRequestError).code).toBe('INVALID_PARAMETER_VALUE');
      expect((failure as Error).message).toMatch(/debug_id [0-9a-f]+/);
    });
  });

  describe('retrieve and complete', () => {
    it('follows the buyer: requires_action with the approval link, then approved', async () => {
      const started = await paypal.start(startRequest());
      expect(await paypal.retrieve(started.ref)).toEqual(started);
      stub.approve(started.ref);
      expect(await paypal.retrieve(started.ref)).toEqual({ ref: started.ref, status: 'approved', chargeId: null });
    });

    it('captures an approved order with our key: succeeded with the capture id', async () => {
      const { ref } = await approvedOrder();
      const key = unique('cap');
      const done = await paypal.complete(ref, key);
      const capture = stub.orders.get(ref)!.captures[0];
      expect(done).toEqual({ ref, status: 'succeeded', chargeId: capture.id });
      const [call] = stub.requestsTo('POST', `/v2/checkout/orders/${ref}/capture`);
      expect(call.headers['paypal-request-id']).toBe(key);
      expect(await paypal.retrieve(ref)).toEqual(done);
    });

    it('captures once when completion runs twice, with the same key or another one', async () => {
      const { ref } = await approvedOrder();
      const before = stub.counts.captures;
      const key = unique('cap');
      const [a, b] = await Promise.all([paypal.complete(ref, key), paypal.complete(ref, key)]);
      const c = await paypal.complete(ref, key);
      // Another key (the webhook path, a reconciliation) meets ORDER_ALREADY_CAPTURED and reads the order.
      const d = await paypal.complete(ref, unique('cap'));
      expect(stub.counts.captures - before).toBe(1);
      const chargeId = stub.orders.get(ref)!.captures[0].id;
      for (const answer of [a, b, c, d]) expect(answer).toEqual({ ref, status: 'succeeded', chargeId });
    });

    it('leaves an order the buyer has not approved waiting for the buyer', async () => {
      const started = await paypal.start(startRequest());
      const answer = await paypal.complete(started.ref, unique('cap'));
      expect(answer).toEqual({ ref: started.ref, status: 'requires_action', chargeId: null, action: started.action });
      expect(stub.orders.get(started.ref)!.captures).toHaveLength(0);
    });

    it("fails a capture PayPal declines (INSTRUMENT_DECLINED) with 'contact your bank' and PayPal's words", async () => {
      const { ref } = await approvedOrder();
      stub.setCaptureOutcome(ref, 'instrument_declined');
      const answer = await paypal.complete(ref, unique('cap'));
      expect(answer).toEqual({
        ref,
        status: 'failed',
        chargeId: null,
        failure: { code: 'payment_contact_bank', message: expect.stringContaining('declined by the processor or bank') },
      });
      expect(stub.orders.get(ref)!.captures).toHaveLength(0);
    });

    it("fails a DECLINED capture with 'payment attempt failed', and retrieve agrees", async () => {
      const { ref } = await approvedOrder();
      stub.setCaptureOutcome(ref, 'capture_declined');
      const answer = await paypal.complete(ref, unique('cap'));
      expect(answer).toMatchObject({ ref, status: 'failed', chargeId: null, failure: { code: 'payment_attempt_failed' } });
      expect(await paypal.retrieve(ref)).toEqual(answer);
    });

    it('reads a PENDING capture as processing', async () => {
      const { ref } = await approvedOrder();
      stub.setCaptureOutcome(ref, 'pending');
      expect(await paypal.complete(ref, unique('cap'))).toEqual({ ref, status: 'processing', chargeId: null });
      expect(await paypal.retrieve(ref)).toEqual({ ref, status: 'processing', chargeId: null });
    });

    it('answers an unknown order as a request error', async () => {
      await expect(paypal.retrieve('0000000000000000X')).rejects.toMatchObject({
        name: 'ProviderRequestError',
        code: 'INVALID_RESOURCE_ID',
      });
    });

    it('cancel asks PayPal nothing: an order with intent CAPTURE cannot be voided, and an unapproved one takes no money', async () => {
      const started = await paypal.start(startRequest());
      const calls = stub.requests.length;
      await expect(paypal.cancel(started.ref)).resolves.toBeUndefined();
      expect(stub.requests.length).toBe(calls);
    });
  });

  describe('refund', () => {
    it("refunds the order's capture with our key as PayPal-Request-Id, once per key", async () => {
      const { ref } = await approvedOrder({ amountMinor: 20000 });
      await paypal.complete(ref, unique('cap'));
      const capture = stub.orders.get(ref)!.captures[0];
      const before = stub.counts.refunds;
      const key = unique('ref');

      const first = await paypal.refund(ref, 5000, key);
      const again = await paypal.refund(ref, 5000, key);
      expect(first).toEqual({ id: expect.any(String), status: 'succeeded' });
      expect(again).toEqual(first);
      expect(stub.counts.refunds - before).toBe(1);
      const calls = stub.requestsTo('POST', `/v2/payments/captures/${capture.id}/refund`);
      expect(calls.map((c) => c.headers['paypal-request-id'])).toEqual([key, key]);
      expect(calls[0].body).toEqual({ amount: { currency_code: 'MXN', value: '50.00' } });

      // The rest, with another key; then a repeat of that key once the capture is fully refunded.
      const rest = await paypal.refund(ref, 15000, unique('ref'));
      expect(rest.status).toBe('succeeded');
      expect(capture.status).toBe('REFUNDED');
      await expect(paypal.refund(ref, 100, unique('ref'))).rejects.toMatchObject({ code: 'CAPTURE_FULLY_REFUNDED' });
      expect(await paypal.refund(ref, 5000, key)).toEqual(first);
      // A refund does not undo the payment: the attempt stays paid.
      expect(await paypal.retrieve(ref)).toMatchObject({ status: 'succeeded', chargeId: capture.id });
    });

    it('refuses more than was captured, and an order with nothing captured', async () => {
      const { ref } = await approvedOrder({ amountMinor: 1000 });
      await expect(paypal.refund(ref, 1000, unique('ref'))).rejects.toMatchObject({ name: 'ProviderRequestError', code: 'no_capture' });
      await paypal.complete(ref, unique('cap'));
      await expect(paypal.refund(ref, 1001, unique('ref'))).rejects.toMatchObject({
        name: 'ProviderRequestError',
        code: 'REFUND_AMOUNT_EXCEEDED',
      });
    });
  });

  describe('webhooks', () => {
    it('has PayPal verify the delivery, then maps CHECKOUT.ORDER.APPROVED to approved on the order', async () => {
      const { ref, request } = await approvedOrder();
      const delivery = stub.orderWebhook('CHECKOUT.ORDER.APPROVED', ref);
      const event = await paypal.parseWebhook(delivery.body, delivery.headers);
      expect(event).toEqual({
        id: delivery.event.id,
        type: 'CHECKOUT.ORDER.APPROVED',
        attemptId: request.attemptId,
        payment: { ref, status: 'approved', chargeId: null },
      });
      const [verify] = stub.requestsTo('POST', '/v1/notifications/verify-webhook-signature').slice(-1);
      expect(verify.body).toEqual({
        transmission_id: delivery.headers['paypal-transmission-id'],
        transmission_time: delivery.headers['paypal-transmission-time'],
        transmission_sig: delivery.headers['paypal-transmission-sig'],
        cert_url: delivery.headers['paypal-cert-url'],
        auth_algo: 'SHA256withRSA',
        webhook_id: stub.webhookId,
        webhook_event: delivery.event,
      });
      expect(verify.headers.authorization).toMatch(/^Bearer /);
    });

    it('maps PAYMENT.CAPTURE.COMPLETED to succeeded on the order named by related_ids, with the capture id', async () => {
      const { ref, request } = await approvedOrder();
      await paypal.complete(ref, unique('cap'));
      const delivery = stub.captureWebhook('PAYMENT.CAPTURE.COMPLETED', ref);
      expect(await paypal.parseWebhook(delivery.body, delivery.headers)).toEqual({
        id: delivery.event.id,
        type: 'PAYMENT.CAPTURE.COMPLETED',
        attemptId: request.attemptId,
        payment: { ref, status: 'succeeded', chargeId: stub.orders.get(ref)!.captures[0].id },
      });
    });

    it('maps PAYMENT.CAPTURE.DENIED to failed, CHECKOUT.ORDER.VOIDED to canceled, and acknowledges other types without a payment', async () => {
      const { ref, request } = await approvedOrder();
      stub.setCaptureOutcome(ref, 'capture_declined');
      await paypal.complete(ref, unique('cap'));
      const denied = stub.captureWebhook('PAYMENT.CAPTURE.DENIED', ref);
      expect(await paypal.parseWebhook(denied.body, denied.headers)).toMatchObject({
        attemptId: request.attemptId,
        payment: { ref, status: 'failed', chargeId: null, failure: { code: 'payment_attempt_failed' } },
      });

      const voided = stub.emitWebhook('CHECKOUT.ORDER.VOIDED', {
        id: 'VOIDED0000000001X',
        status: 'VOIDED',
        intent: 'CAPTURE',
        purchase_units: [{ custom_id: 'att-voided', amount: { currency_code: 'MXN', value: '10.00' } }],
      });
      expect(await paypal.parseWebhook(voided.body, voided.headers)).toMatchObject({
        attemptId: 'att-voided',
        payment: { ref: 'VOIDED0000000001X', status: 'canceled', chargeId: null },
      });

      const refunded = stub.emitWebhook(
        'PAYMENT.CAPTURE.REFUNDED',
        { id: 'REFUND00000000001', status: 'COMPLETED', custom_id: request.attemptId },
        'refund',
      );
      expect(await paypal.parseWebhook(refunded.body, refunded.headers)).toEqual({
        id: refunded.event.id,
        type: 'PAYMENT.CAPTURE.REFUNDED',
        attemptId: request.attemptId,
        payment: null,
      });
    });

    it('refuses a forged delivery: altered body, altered signature, another delivery’s headers', async () => {
      const { ref } = await approvedOrder();
      await paypal.complete(ref, unique('cap'));
      const delivery = stub.captureWebhook('PAYMENT.CAPTURE.COMPLETED', ref);
      const other = stub.orderWebhook('CHECKOUT.ORDER.APPROVED', (await paypal.start(startRequest())).ref);

      const tampered = Buffer.from(delivery.body.toString('utf8').replace(/"custom_id":"[^"]+"/, '"custom_id":"att-ajeno"'));
      await expect(paypal.parseWebhook(tampered, delivery.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
      await expect(
        paypal.parseWebhook(delivery.body, {
          ...delivery.headers,
          'paypal-transmission-sig': Buffer.from('firma falsa').toString('base64'),
        }),
      ).rejects.toBeInstanceOf(WebhookSignatureError);
      await expect(paypal.parseWebhook(delivery.body, other.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
      // Signed for another webhook id (another PayPal app's listener).
      const elsewhere = new PaypalProvider({ ...stub.config, webhookId: 'OTROWEBHOOK123' });
      await expect(elsewhere.parseWebhook(delivery.body, delivery.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
      // The genuine delivery still verifies.
      await expect(paypal.parseWebhook(delivery.body, delivery.headers)).resolves.toMatchObject({ payment: { status: 'succeeded' } });
    });

    it('refuses a delivery without its transmission headers, or with a body that is no event, without asking PayPal', async () => {
      const { ref } = await approvedOrder();
      const delivery = stub.orderWebhook('CHECKOUT.ORDER.APPROVED', ref);
      const verifications = stub.requestsTo('POST', '/v1/notifications/verify-webhook-signature').length;
      for (const header of Object.keys(delivery.headers).filter((h) => h.startsWith('paypal-'))) {
        const headers: Record<string, string | undefined> = { ...delivery.headers, [header]: undefined };
        await expect(paypal.parseWebhook(delivery.body, headers)).rejects.toThrow(new RegExp(header));
      }
      await expect(paypal.parseWebhook(delivery.body, {})).rejects.toBeInstanceOf(WebhookSignatureError);
      await expect(paypal.parseWebhook(Buffer.from('no es json'), delivery.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
      await expect(paypal.parseWebhook(Buffer.from('{"id":1}'), delivery.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
      expect(stub.requestsTo('POST', '/v1/notifications/verify-webhook-signature').length).toBe(verifications);
    });

    it('reads the transmission headers whatever their case or form', async () => {
      const { ref } = await approvedOrder();
      const delivery = stub.orderWebhook('CHECKOUT.ORDER.APPROVED', ref);
      const shouted = Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k.toUpperCase(), [v]]));
      await expect(paypal.parseWebhook(delivery.body, shouted)).resolves.toMatchObject({ payment: { ref, status: 'approved' } });
    });
  });

  describe('when PayPal is unavailable', () => {
    afterEach(() => {
      stub.clearFaults();
    });

    it('answers a 5xx as ProviderUnavailableError on every call, and a retry with the same key makes one order', async () => {
      const { ref } = await approvedOrder();
      const request = startRequest();
      const before = stub.counts.orders;
      stub.failNext(1, 500, '/v2/checkout/orders');
      await expect(paypal.start(request)).rejects.toBeInstanceOf(ProviderUnavailableError);
      stub.failNext(1, 503);
      await expect(paypal.retrieve(ref)).rejects.toBeInstanceOf(ProviderUnavailableError);
      stub.failNext(1, 502);
      await expect(paypal.complete(ref, unique('cap'))).rejects.toBeInstanceOf(ProviderUnavailableError);
      stub.failNext(1, 500);
      const delivery = stub.orderWebhook('CHECKOUT.ORDER.APPROVED', ref);
      await expect(paypal.parseWebhook(delivery.body, delivery.headers)).rejects.toBeInstanceOf(ProviderUnavailableError);
      stub.failNext(1, 429);
      await expect(paypal.refund(ref, 100, unique('ref'))).rejects.toBeInstanceOf(ProviderUnavailableError);

      const started = await paypal.start(request);
      expect(await paypal.start(request)).toEqual(started);
      expect(stub.counts.orders - before).toBe(1);
      expect((await paypal.complete(ref, unique('cap'))).status).toBe('succeeded');
    });

    it('answers a 5xx from the token endpoint as ProviderUnavailableError', async () => {
      stub.failNext(1, 503, '/v1/oauth2/token');
      await expect(fresh().start(startRequest())).rejects.toBeInstanceOf(ProviderUnavailableError);
    });

    it('answers a refused connection as ProviderUnavailableError', async () => {
      const provider = new PaypalProvider({ ...stub.config, baseUrl: `http://127.0.0.1:${await refusedPort()}` });
      const failure = await provider.start(startRequest()).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ProviderUnavailableError);
      expect((failure as Error).message).toMatch(/ECONNREFUSED/);
      expect((failure as Error).message).not.toContain(stub.clientSecret);
    });

    it('answers a call PayPal does not answer in time as ProviderUnavailableError', async () => {
      const provider = fresh({ timeoutMs: 1500 });
      await provider.start(startRequest()); // token fetched
      stub.delayNext(6000, '/v2/checkout/orders');
      await expect(provider.start(startRequest())).rejects.toThrow(/timed out/);
    });
  });

  describe('configuration', () => {
    it('reads PayPal from the environment, or answers null when it is not configured', () => {
      expect(paypalConfigFromEnv({})).toBeNull();
      expect(paypalConfigFromEnv({ PAYPAL_CLIENT_ID: 'cid', PAYPAL_CLIENT_SECRET: 'secreto', PAYPAL_WEBHOOK_ID: 'WH1' })).toEqual({
        clientId: 'cid',
        clientSecret: 'secreto',
        webhookId: 'WH1',
        baseUrl: 'https://api-m.sandbox.paypal.com',
        siteUrl: 'http://127.0.0.1:3000',
      });
      expect(
        paypalConfigFromEnv({
          PAYPAL_CLIENT_ID: 'cid',
          PAYPAL_CLIENT_SECRET: 'secreto',
          PAYPAL_WEBHOOK_ID: 'WH1',
          PAYPAL_API_BASE: 'https://api-m.paypal.com/',
          PUBLIC_SITE_URL: 'https://vitrina.mx/',
        }),
      ).toMatchObject({ baseUrl: 'https://api-m.paypal.com', siteUrl: 'https://vitrina.mx' });
    });

    it('refuses half a configuration, naming what is missing and never a value', () => {
      expect(() => paypalConfigFromEnv({ PAYPAL_CLIENT_ID: 'cid', PAYPAL_CLIENT_SECRET: 'secreto' })).toThrow(/PAYPAL_WEBHOOK_ID/);
      expect(() => paypalConfigFromEnv({ PAYPAL_CLIENT_ID: 'cid', PAYPAL_CLIENT_SECRET: 'secreto' })).not.toThrow(/secreto/);
    });
  });
});
