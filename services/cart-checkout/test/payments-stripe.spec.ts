import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { PaymentErrorCodes } from '@vitrina/contracts';
import { inspect } from 'node:util';
import { refusedPort } from '@vitrina/platform/testing';
import {
  ProviderRequestError,
  ProviderUnavailableError,
  WebhookSignatureError,
  type StartPaymentRequest,
} from '../src/payments/domain/payment-provider.js';
import { stripeConfigFromEnv, type StripeConfig } from '../src/payments/providers/stripe/stripe.config.js';
import { StripeProvider } from '../src/payments/providers/stripe/stripe.provider.js';
import { StripeStub } from './stubs/stripe-stub.js';

/**
 * The Stripe adapter against a local stub of Stripe's endpoints (issue 12): the official SDK speaks to the stub over
 * HTTP exactly as it would to api.stripe.com, so these check the wire (form bodies, Idempotency-Key headers) and the
 * mapping of Stripe's answers, declines and failures to the port's vocabulary.
 */

const NOW = new Date('2026-11-26T12:00:00Z');
let stub: StripeStub;
let sequence = 0;

function provider(extra: Partial<StripeConfig> = {}): StripeProvider {
  return new StripeProvider({
    secretKey: stub.secretKey,
    webhookSecret: stub.webhookSecret,
    ...stub.sdkTarget,
    maxNetworkRetries: 0,
    timeoutMs: 5_000,
    now: () => NOW,
    ...extra,
  });
}

function request(overrides: Partial<StartPaymentRequest> = {}): StartPaymentRequest {
  sequence += 1;
  return {
    attemptId: `att_${sequence}`,
    idempotencyKey: `pay-key-${sequence}-${Date.now()}`,
    checkoutId: `chk_${sequence}`,
    method: 'card',
    amountMinor: 125_050,
    currency: 'MXN',
    description: 'Vitrina checkout chk',
    customer: { id: 'user-1', email: 'ana@example.mx', name: 'Ana Pérez' },
    card: { source: 'pm_card_visa', instalments: null, save: false },
    returnUrl: 'https://vitrina.example/pago/retorno',
    cancelUrl: 'https://vitrina.example/pago/cancelado',
    ...overrides,
  };
}

function card(source: string, extra: Partial<NonNullable<StartPaymentRequest['card']>> = {}) {
  return { source, instalments: null, save: false, ...extra };
}

/** The POSTs that created PaymentIntents, customers or refunds with this Idempotency-Key. */
function postsWithKey(key: string) {
  return stub.posts().filter((r) => r.headers['idempotency-key'] === key);
}

beforeAll(async () => {
  stub = await new StripeStub({ now: () => Math.floor(NOW.getTime() / 1000) }).start();
});

afterAll(async () => {
  await stub.stop();
});

afterEach(() => {
  // Every POST the adapter sent carried an Idempotency-Key (Stripe dedupes retries by it).
  for (const post of stub.posts()) expect(post.headers['idempotency-key']).toEqual(expect.any(String));
});

describe('Stripe adapter: cards', () => {
  it('confirms a card PaymentIntent with the documented parameters and our idempotency key', async () => {
    const req = request();
    const payment = await provider().start(req);

    const [create] = postsWithKey(req.idempotencyKey);
    expect(create).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(create.headers.authorization).toBe(`Bearer ${stub.secretKey}`);
    expect(create.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(create.body).toEqual({
      amount: '125050',
      currency: 'mxn',
      description: 'Vitrina checkout chk',
      metadata: { attempt_id: req.attemptId, checkout_id: req.checkoutId },
      payment_method: 'pm_card_visa',
      confirm: 'true',
      return_url: 'https://vitrina.example/pago/retorno',
      expand: ['latest_charge', 'payment_method'],
    });
    expect(payment).toMatchObject({ ref: expect.stringMatching(/^pi_/), status: 'succeeded', chargeId: expect.stringMatching(/^ch_/) });
    expect(payment.card).toEqual({
      brand: 'visa',
      last4: '4242',
      type: 'credit',
      bank: 'Stripe Test Bank',
      expMonth: 12,
      expYear: 2034,
      name: 'Ana Pérez',
    });
    expect(payment.failure).toBeUndefined();
  });

  it('asks for monthly payments (MSI) as a fixed-count monthly installments plan', async () => {
    const req = request({ card: card('pm_card_visa', { instalments: 6 }) });
    const payment = await provider().start(req);
    const [create] = postsWithKey(req.idempotencyKey);
    expect(create.body.payment_method_options).toEqual({
      card: { installments: { plan: { count: '6', interval: 'month', type: 'fixed_count' } } },
    });
    expect(payment.status).toBe('succeeded');
  });

  it('answers card_instalments_not_accepted when Stripe refuses the plan for a debit card, creating no PaymentIntent', async () => {
    const before = stub.paymentIntents.size;
    const payment = await provider().start(request({ card: card('pm_card_visa_debit', { instalments: 3 }) }));
    expect(payment.status).toBe('failed');
    expect(payment.failure).toEqual({
      code: PaymentErrorCodes.instalmentsNotAccepted,
      message: 'The selected installment plan is not available for this card.',
    });
    expect(stub.paymentIntents.size).toBe(before);
    // The same debit card without instalments is taken.
    expect((await provider().start(request({ card: card('pm_card_visa_debit') }))).card?.type).toBe('debit');
  });

  it('creates one PaymentIntent for a start repeated with the same key, sequentially and in parallel', async () => {
    const req = request();
    const stripe = provider();
    const before = stub.paymentIntents.size;
    const chargesBefore = stub.charges.size;
    const first = await stripe.start(req);
    const again = await stripe.start(req);
    const parallel = await Promise.all(Array.from({ length: 10 }, () => stripe.start(req)));
    expect(stub.paymentIntents.size - before).toBe(1);
    expect(stub.charges.size - chargesBefore).toBe(1);
    for (const p of [again, ...parallel]) expect(p).toEqual(first);
    expect(postsWithKey(req.idempotencyKey)).toHaveLength(12);
  });

  it.each([
    ['pm_card_chargeDeclinedInsufficientFunds', PaymentErrorCodes.insufficientFunds, 'Your card has insufficient funds.'],
    ['pm_card_chargeDeclinedDoNotHonor', PaymentErrorCodes.doNotHonor, 'Your card was declined.'],
    ['pm_card_chargeDeclined', PaymentErrorCodes.doNotHonor, 'Your card was declined.'],
    ['pm_card_chargeDeclinedExpiredCard', PaymentErrorCodes.expiredCard, 'Your card has expired.'],
    [
      'pm_card_chargeDeclinedAuthenticationRequired',
      PaymentErrorCodes.contactBank,
      'Your card was declined. This transaction requires authentication.',
    ],
  ])('answers a %s decline as failed with %s and Stripe’s message (not a throw)', async (source, code, message) => {
    const req = request({ card: card(source) });
    const payment = await provider().start(req);
    expect(payment).toMatchObject({ status: 'failed', chargeId: null, failure: { code, message } });
    expect(payment.ref).toMatch(/^pi_/);
    expect(stub.paymentIntents.get(payment.ref)?.metadata).toEqual({ attempt_id: req.attemptId, checkout_id: req.checkoutId });
    // Looking again tells the same story (reconciliation after a lost answer).
    expect(await provider().retrieve(payment.ref)).toMatchObject({ status: 'failed', failure: { code, message } });
    // A repeat with the key replays Stripe's stored decline: still one PaymentIntent.
    const before = stub.paymentIntents.size;
    expect(await provider().start(req)).toEqual(payment);
    expect(stub.paymentIntents.size).toBe(before);
  });

  it('answers an unknown card as invalid_card', async () => {
    const payment = await provider().start(request({ card: card('pm_does_not_exist') }));
    expect(payment).toMatchObject({ status: 'failed', failure: { code: PaymentErrorCodes.invalidCard } });
  });

  it('maps 3-D Secure to requires_action with the challenge URL, then to succeeded or contact-your-bank', async () => {
    const stripe = provider();
    const passed = await stripe.start(request({ card: card('pm_card_threeDSecure2Required') }));
    expect(passed).toMatchObject({
      status: 'requires_action',
      chargeId: null,
      action: { kind: '3ds', url: `http://127.0.0.1:${stub.port}/3ds/${passed.ref}` },
    });
    stub.finishThreeDS(passed.ref, true);
    expect(await stripe.complete(passed.ref, 'complete-key')).toMatchObject({
      status: 'succeeded',
      chargeId: expect.stringMatching(/^ch_/),
    });

    const failed = await stripe.start(request({ card: card('pm_card_threeDSecure2Required') }));
    stub.finishThreeDS(failed.ref, false);
    expect(await stripe.retrieve(failed.ref)).toMatchObject({ status: 'failed', failure: { code: PaymentErrorCodes.contactBank } });
  });

  it('saves a card on a Customer (keyed from ours) and pays with it again on that Customer', async () => {
    const req = request({ card: card('pm_card_mastercard', { save: true }) });
    const payment = await provider().start(req);
    const [customer] = postsWithKey(`${req.idempotencyKey}:customer`);
    expect(customer).toMatchObject({
      path: '/v1/customers',
      body: { metadata: { user_id: 'user-1' }, email: 'ana@example.mx', name: 'Ana Pérez' },
    });
    const [create] = postsWithKey(req.idempotencyKey);
    expect(create.body).toMatchObject({ setup_future_usage: 'off_session', customer: expect.stringMatching(/^cus_/) });
    expect(payment.card?.reusableRef).toBe('pm_card_mastercard');

    const next = request({ card: card(payment.card!.reusableRef!) });
    expect((await provider().start(next)).status).toBe('succeeded');
    expect(postsWithKey(next.idempotencyKey)[0].body.customer).toBe(create.body.customer);
  });
});

describe('Stripe adapter: OXXO and SPEI', () => {
  it('creates an OXXO voucher with the billing name and email, and maps its number and expiry', async () => {
    const req = request({ method: 'cash', card: undefined, expiresAt: new Date(NOW.getTime() + 72 * 3600_000) });
    const payment = await provider().start(req);
    const [create] = postsWithKey(req.idempotencyKey);
    expect(create.body).toMatchObject({
      amount: '125050',
      currency: 'mxn',
      confirm: 'true',
      allowed_payment_method_types: ['oxxo'],
      payment_method_data: { type: 'oxxo', billing_details: { name: 'Ana Pérez', email: 'ana@example.mx' } },
      payment_method_options: { oxxo: { expires_after_days: '3' } },
      metadata: { attempt_id: req.attemptId, checkout_id: req.checkoutId },
    });
    const details = stub.paymentIntents.get(payment.ref)!.next_action.oxxo_display_details;
    expect(payment).toMatchObject({ status: 'processing', chargeId: null });
    expect(payment.voucher).toEqual({
      reference: details.number,
      barcode: details.number,
      expiresAt: new Date(details.expires_after * 1000),
      stores: ['OXXO'],
    });
    expect(payment.voucher!.reference).toMatch(/^\d{18}$/);

    stub.payOffline(payment.ref);
    expect(await provider().retrieve(payment.ref)).toMatchObject({ status: 'succeeded', chargeId: expect.stringMatching(/^ch_/) });
  });

  it('maps an OXXO voucher left unpaid to expired', async () => {
    const payment = await provider().start(request({ method: 'cash', card: undefined }));
    stub.expireOffline(payment.ref);
    const { payload, headers } = stub.signedWebhook(stub.event('payment_intent.payment_failed', stub.paymentIntents.get(payment.ref)!));
    expect((await provider().parseWebhook(Buffer.from(payload), headers)).payment).toMatchObject({ ref: payment.ref, status: 'expired' });
  });

  it('keeps the OXXO days within Stripe’s 1 to 7', async () => {
    const soon = request({ method: 'cash', card: undefined, expiresAt: new Date(NOW.getTime() + 60_000) });
    const late = request({ method: 'cash', card: undefined, expiresAt: new Date(NOW.getTime() + 30 * 86_400_000) });
    await provider().start(soon);
    await provider().start(late);
    expect(postsWithKey(soon.idempotencyKey)[0].body.payment_method_options).toEqual({ oxxo: { expires_after_days: '1' } });
    expect(postsWithKey(late.idempotencyKey)[0].body.payment_method_options).toEqual({ oxxo: { expires_after_days: '7' } });
  });

  it('refuses a voucher without the shopper’s email as a request error', async () => {
    const req = request({ method: 'cash', card: undefined, customer: { id: 'user-2', name: 'Sin Correo' } });
    await expect(provider().start(req)).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('creates a Customer and a customer_balance PaymentIntent for SPEI, and maps the CLABE', async () => {
    const expiresAt = new Date(NOW.getTime() + 3600_000);
    const req = request({ method: 'spei', card: undefined, expiresAt });
    const payment = await provider().start(req);

    const [customer] = postsWithKey(`${req.idempotencyKey}:customer`);
    expect(customer).toMatchObject({ path: '/v1/customers', body: { metadata: { user_id: 'user-1' } } });
    const customerId = [...stub.customers.values()].at(-1)!.id;
    const [create] = postsWithKey(req.idempotencyKey);
    expect(create.body).toMatchObject({
      customer: customerId,
      confirm: 'true',
      allowed_payment_method_types: ['customer_balance'],
      payment_method_data: { type: 'customer_balance' },
      payment_method_options: { customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'mx_bank_transfer' } } },
      metadata: { attempt_id: req.attemptId, checkout_id: req.checkoutId, expires_at: expiresAt.toISOString() },
    });
    const instructions = stub.paymentIntents.get(payment.ref)!.next_action.display_bank_transfer_instructions;
    expect(payment).toMatchObject({ status: 'processing', chargeId: null });
    expect(payment.bankTransfer).toEqual({
      clabe: instructions.financial_addresses[0].spei.clabe,
      reference: instructions.reference,
      bank: 'STP',
      beneficiary: 'Vitrina Test SA de CV',
      expiresAt,
    });
    expect(payment.bankTransfer!.clabe).toMatch(/^\d{18}$/);
    // A repeated start reuses the Customer and the PaymentIntent (both keyed).
    const customers = stub.customers.size;
    expect(await provider().start(req)).toEqual(payment);
    expect(stub.customers.size).toBe(customers);
    // Retrieve recomputes the same details, the window included (from the metadata).
    expect((await provider().retrieve(payment.ref)).bankTransfer).toEqual(payment.bankTransfer);
  });

  it('does not take PayPal, Mobbex or Aplazo', async () => {
    const stripe = provider();
    expect(['card', 'cash', 'spei'].every((m) => stripe.supports(m as never))).toBe(true);
    expect(['paypal', 'mobbex', 'aplazo'].some((m) => stripe.supports(m as never))).toBe(false);
    await expect(stripe.start(request({ method: 'paypal' }))).rejects.toBeInstanceOf(ProviderRequestError);
  });
});

describe('Stripe adapter: refunds and cancellation', () => {
  it('refunds an amount of a PaymentIntent with our idempotency key, once', async () => {
    const payment = await provider().start(request());
    const key = `refund-${payment.ref}`;
    const refund = await provider().refund(payment.ref, 50_000, key);
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), status: 'succeeded' });
    const [post] = postsWithKey(key);
    expect(post).toMatchObject({ path: '/v1/refunds', body: { payment_intent: payment.ref, amount: '50000' } });
    const before = stub.refunds.size;
    expect(await provider().refund(payment.ref, 50_000, key)).toEqual(refund);
    expect(stub.refunds.size).toBe(before);
    expect(stub.charges.get(payment.chargeId!)!.amount_refunded).toBe(50_000);
  });

  it('cancels a pending PaymentIntent and leaves a succeeded one alone', async () => {
    const pending = await provider().start(request({ card: card('pm_card_threeDSecure2Required') }));
    await provider().cancel(pending.ref);
    expect(await provider().retrieve(pending.ref)).toMatchObject({ status: 'canceled' });
    await provider().cancel(pending.ref);

    const paid = await provider().start(request());
    await expect(provider().cancel(paid.ref)).resolves.toBeUndefined();
    expect((await provider().retrieve(paid.ref)).status).toBe('succeeded');
  });
});

describe('Stripe adapter: webhooks', () => {
  it('verifies a signed event with the SDK and maps a payment_intent.succeeded to its attempt', async () => {
    const req = request();
    const payment = await provider().start(req);
    const { payload, headers } = stub.signedWebhook(stub.event('payment_intent.succeeded', stub.paymentIntents.get(payment.ref)!));
    const event = await provider().parseWebhook(Buffer.from(payload), headers);
    expect(event).toMatchObject({ id: expect.stringMatching(/^evt_/), type: 'payment_intent.succeeded', attemptId: req.attemptId });
    expect(event.payment).toMatchObject({ ref: payment.ref, status: 'succeeded', chargeId: payment.chargeId });
  });

  it.each([
    ['payment_intent.payment_failed', 'pm_card_chargeDeclinedInsufficientFunds', 'failed'],
    ['payment_intent.requires_action', 'pm_card_threeDSecure2Required', 'requires_action'],
  ])('maps %s', async (type, source, status) => {
    const req = request({ card: card(source) });
    const payment = await provider().start(req);
    const { payload, headers } = stub.signedWebhook(stub.event(type, stub.paymentIntents.get(payment.ref)!));
    const event = await provider().parseWebhook(Buffer.from(payload), headers);
    expect(event).toMatchObject({ attemptId: req.attemptId, payment: { ref: payment.ref, status } });
  });

  it('maps payment_intent.processing and payment_intent.canceled, and acknowledges other types with no payment', async () => {
    const req = request({ method: 'spei', card: undefined });
    const payment = await provider().start(req);
    const intent = stub.paymentIntents.get(payment.ref)!;
    const processing = stub.signedWebhook(stub.event('payment_intent.processing', intent));
    expect((await provider().parseWebhook(Buffer.from(processing.payload), processing.headers)).payment?.status).toBe('processing');
    await provider().cancel(payment.ref);
    const canceled = stub.signedWebhook(stub.event('payment_intent.canceled', intent));
    expect((await provider().parseWebhook(Buffer.from(canceled.payload), canceled.headers)).payment?.status).toBe('canceled');
    const other = stub.signedWebhook(stub.event('customer.created', [...stub.customers.values()].at(-1)!));
    expect(await provider().parseWebhook(Buffer.from(other.payload), other.headers)).toMatchObject({
      type: 'customer.created',
      attemptId: null,
      payment: null,
    });
  });

  it('refuses a forged, stale, altered or unsigned event', async () => {
    const event = stub.event('payment_intent.succeeded', {
      id: 'pi_x',
      object: 'payment_intent',
      status: 'succeeded',
      metadata: { attempt_id: 'a' },
      payment_method_types: ['card'],
    });
    const stripe = provider();
    const forged = stub.signedWebhook(event, { secret: 'whsec_not_ours' });
    await expect(stripe.parseWebhook(Buffer.from(forged.payload), forged.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    const stale = stub.signedWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    await expect(stripe.parseWebhook(Buffer.from(stale.payload), stale.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    const good = stub.signedWebhook(event);
    const altered = good.payload.replace('"succeeded"', '"canceled"');
    await expect(stripe.parseWebhook(Buffer.from(altered), good.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(stripe.parseWebhook(Buffer.from(good.payload), {})).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(stripe.parseWebhook(Buffer.from(good.payload), good.headers)).resolves.toMatchObject({ attemptId: 'a' });
  });
});

describe('Stripe adapter: Stripe unavailable or refusing', () => {
  it('throws ProviderUnavailableError on a 5xx or a 429', async () => {
    for (const status of [500, 503, 429]) {
      stub.failNext(1, status, /^\/v1\/payment_intents$/);
      await expect(provider().start(request())).rejects.toBeInstanceOf(ProviderUnavailableError);
    }
  });

  it('lets the SDK retry a 5xx with the same Idempotency-Key: one PaymentIntent', async () => {
    const req = request();
    const before = stub.paymentIntents.size;
    stub.failNext(1, 500, /^\/v1\/payment_intents$/);
    const payment = await provider({ maxNetworkRetries: 2 }).start(req);
    expect(payment.status).toBe('succeeded');
    expect(postsWithKey(req.idempotencyKey)).toHaveLength(2);
    expect(stub.paymentIntents.size - before).toBe(1);
  });

  it('throws ProviderUnavailableError when the connection is refused or dropped', async () => {
    const closed = provider({ port: await refusedPort() });
    await expect(closed.start(request())).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(closed.retrieve('pi_1')).rejects.toBeInstanceOf(ProviderUnavailableError);
    // The SDK retries a closed connection once by itself: drop both.
    stub.dropNext(2, /^\/v1\/payment_intents$/);
    await expect(provider().start(request())).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('throws ProviderRequestError on an invalid request', async () => {
    const error = await provider()
      .start(request({ amountMinor: 0 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect(error).toMatchObject({ code: 'parameter_missing' });
    await expect(provider().retrieve('pi_missing')).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('refuses our key reused with other parameters as a request error (Stripe’s idempotency check)', async () => {
    const req = request();
    await provider().start(req);
    await expect(provider().start({ ...req, amountMinor: req.amountMinor + 1 })).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('refuses a wrong key without repeating any key', async () => {
    const error = await provider({ secretKey: 'sk_test_wrong_secret_value' })
      .start(request())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect(error).toMatchObject({ code: 'provider_authentication' });
    expect(String((error as Error).message)).not.toContain('sk_test');
  });
});

describe('Stripe configuration', () => {
  it('is null without a key, complete with both secrets, and refuses half a configuration', () => {
    expect(stripeConfigFromEnv({})).toBeNull();
    expect(stripeConfigFromEnv({ STRIPE_SECRET_KEY: ' ' })).toBeNull();
    expect(() => stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow('STRIPE_WEBHOOK_SECRET missing');
    expect(() => stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_test_abc' })).not.toThrow(/sk_test_abc/);
    expect(stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
    });
    expect(
      stripeConfigFromEnv({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: '12111',
        STRIPE_API_PROTOCOL: 'http',
      }),
    ).toEqual({ secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc', host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(() => stripeConfigFromEnv({ STRIPE_SECRET_KEY: 'k', STRIPE_WEBHOOK_SECRET: 'w', STRIPE_API_PROTOCOL: 'ftp' })).toThrow();
  });

  it('never shows its secrets when logged or serialised', () => {
    const stripe = provider();
    for (const text of [inspect(stripe, { depth: 10, showHidden: true }), JSON.stringify(stripe)]) {
      expect(text).not.toContain(stub.secretKey);
      expect(text).not.toContain(stub.webhookSecret);
    }
  });
});
