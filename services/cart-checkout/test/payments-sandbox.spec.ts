import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Module } from '@nestjs/common';
import { CardTokenSchema, SANDBOX_TEST_CARDS, type PaymentMethod } from '@vitrina/contracts';
import { DB, PlatformModule, createServiceApp, newId, type Db, type Runtime, type ServiceDefinition } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import * as schema from '../src/db/schema.js';
import { CheckoutCoreModule } from '../src/checkout/checkout-core.module.js';
import { Clock } from '../src/shared/clock.js';
import {
  ProviderRequestError,
  WebhookSignatureError,
  type ProviderPayment,
  type StartPaymentRequest,
} from '../src/payments/domain/payment-provider.js';
import {
  SANDBOX_CONFIG,
  SANDBOX_SIGNATURE_HEADER,
  SandboxProvider,
  SandboxProviderModule,
  clabeValid,
  duePayments,
  paymentsWithToken,
  loadSandboxConfig,
  signSandboxWebhook,
  type SandboxConfig,
  type SandboxWebhookPayload,
} from '../src/payments/providers/sandbox/index.js';
import { clabeCheckDigit } from '../src/payments/providers/sandbox/domain/sandbox-references.js';
import { eventually, json, type App } from './world.js';

/** The sandbox provider mounted alone: the platform, the service's clock and config, the sandbox module. */
@Module({
  imports: [
    PlatformModule.forService({
      name: 'cart-checkout',
      schema,
      tables: { outbox: schema.outbox, inbox: schema.inbox, jobs: schema.jobs, pings: schema.pings },
      migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
    }),
    CheckoutCoreModule,
    SandboxProviderModule,
  ],
})
class SandboxTestModule {}
const sandboxOnly: ServiceDefinition = { name: 'cart-checkout', module: SandboxTestModule };

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  payload: SandboxWebhookPayload;
}

/** A stand-in for our webhook route: records what arrives; answers 500 to the first `failFirst` tries of an attempt. */
function webhookReceiver() {
  const received: Received[] = [];
  const failFirst = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const payload = JSON.parse(raw) as SandboxWebhookPayload;
      received.push({ headers: req.headers, raw, payload });
      const left = failFirst.get(payload.data.attempt_id) ?? 0;
      if (left > 0) {
        failFirst.set(payload.data.attempt_id, left - 1);
        res.writeHead(500).end('not now');
      } else res.writeHead(204).end();
    });
  });
  return { server, received, failFirst };
}

const DAY = 24 * 60 * 60 * 1000;

describe('the sandbox payment provider (issue 12)', () => {
  let tdb: TestDatabase;
  let runtime: Runtime;
  let app: App;
  let openapi: Awaited<ReturnType<typeof createServiceApp>>['openapi'];
  let provider: SandboxProvider;
  let clock: Clock;
  let config: SandboxConfig;
  const receiver = webhookReceiver();

  const sql = async <T extends Record<string, unknown>>(text: string): Promise<T[]> =>
    ((await tdb.database.drizzle({}).execute<T>(text)) as { rows: T[] }).rows;
  const paymentRow = async (ref: string) =>
    (
      await sql<{ status: string; charges: number; charge_id: string | null; refunded_minor: number; failure_code: string | null }>(
        `select status, charges, charge_id, refunded_minor, failure_code from "cart-checkout".sandbox_payments where id = '${ref}'`,
      )
    )[0];

  const tokenise = async (cardNumber: string, over: Record<string, unknown> = {}) =>
    json(app, 'POST', '/payments/sandbox/tokens', {
      payload: {
        card_number: cardNumber,
        cvv: '123',
        month: 12,
        year: clock.now().getUTCFullYear() + 3,
        holder_name: 'Ana López',
        ...over,
      },
    });
  const tokenOf = async (cardNumber: string) => {
    const res = await tokenise(cardNumber);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  const request = (method: PaymentMethod, over: Partial<StartPaymentRequest> = {}): StartPaymentRequest => ({
    attemptId: newId(),
    idempotencyKey: newId(),
    checkoutId: newId(),
    method,
    amountMinor: 125_050,
    currency: 'MXN',
    description: 'Jarrito de barro',
    customer: { id: newId(), email: 'ana@example.mx', name: 'Ana López' },
    returnUrl: 'http://localhost:3000/checkout/abc/payment/return',
    cancelUrl: 'http://localhost:3000/checkout/abc/payment/cancel',
    ...over,
  });
  const payByCard = async (cardNumber: string, card: Partial<NonNullable<StartPaymentRequest['card']>> = {}) =>
    provider.start(request('card', { card: { source: await tokenOf(cardNumber), instalments: null, save: false, ...card } }));
  const form = (url: string, body: string) =>
    app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.server.address() as AddressInfo;
    const previous = { ...process.env };
    Object.assign(process.env, {
      SEED_DEMO: 'false',
      SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${port}/payments/webhooks/sandbox`,
      SANDBOX_WEBHOOK_POLL_MS: '50',
    });
    tdb = await createTestDatabase('sandbox');
    runtime = await createTestRuntime(tdb);
    ({ app, openapi } = await createServiceApp(sandboxOnly, runtime));
    await app.getHttpAdapter().getInstance().ready();
    for (const key of Object.keys(process.env)) if (!(key in previous)) delete process.env[key];
    Object.assign(process.env, previous);
    provider = app.get(SandboxProvider);
    clock = app.get(Clock);
    config = app.get(SANDBOX_CONFIG);
  });
  afterAll(async () => {
    await app?.close();
    await runtime?.close();
    await tdb?.destroy();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  describe('tokeniser', () => {
    it('answers a card token for a Luhn-valid card: brand by prefix, a bank per brand, credit unless the debit test card', async () => {
      const visa = await tokenise('4242 4242 4242 4242');
      expect(visa.status).toBe(201);
      expect(CardTokenSchema.parse(visa.body)).toEqual({
        id: expect.stringMatching(/^tok_[0-9a-f]{24}$/),
        card: {
          brand: 'visa',
          last4: '4242',
          type: 'credit',
          bank: 'BBVA México',
          exp_month: 12,
          exp_year: expect.any(Number),
          name: 'Ana López',
        },
      });
      expect((await tokenise(SANDBOX_TEST_CARDS.debit)).body.card).toMatchObject({ brand: 'visa', type: 'debit', last4: '5556' });
      expect((await tokenise('5555555555554444')).body.card).toMatchObject({ brand: 'mastercard', bank: 'Banorte', type: 'credit' });
      expect((await tokenise('2223003122003222')).body.card).toMatchObject({ brand: 'mastercard' });
      expect((await tokenise('378282246310005', { cvv: '1234' })).body.card).toMatchObject({ brand: 'amex', last4: '0005' });
      // a 2-digit year is this century's
      const twoDigit = await tokenise(SANDBOX_TEST_CARDS.approved, { year: String((clock.now().getUTCFullYear() + 2) % 100), month: '07' });
      expect(twoDigit.body.card).toMatchObject({ exp_year: clock.now().getUTCFullYear() + 2, exp_month: 7 });
    });

    it('refuses a bad card with 400 invalid_card, never repeating the number', async () => {
      const year = clock.now().getUTCFullYear();
      const cases: [string, Record<string, unknown>][] = [
        ['4242424242424241', {}], // Luhn
        ['42424242424242424242', {}], // 20 digits
        ['4242-4242-4242-4242', {}],
        ['', {}],
        [SANDBOX_TEST_CARDS.approved, { month: 13 }],
        [SANDBOX_TEST_CARDS.approved, { month: 0 }],
        [SANDBOX_TEST_CARDS.approved, { year: year - 1 }],
        [SANDBOX_TEST_CARDS.approved, { year: String((year - 1) % 100).padStart(2, '0') }],
        [SANDBOX_TEST_CARDS.approved, { year: 123 }],
        [SANDBOX_TEST_CARDS.approved, { cvv: '12' }],
        [SANDBOX_TEST_CARDS.approved, { cvv: '12345' }],
        [SANDBOX_TEST_CARDS.approved, { holder_name: '  ' }],
        [SANDBOX_TEST_CARDS.approved, { holder_name: 'x'.repeat(101) }],
      ];
      for (const [number, over] of cases) {
        const res = await tokenise(number, over);
        expect([number, over, res.status, res.body.code]).toEqual([number, over, 400, 'invalid_card']);
        expect(typeof res.body.message).toBe('string');
        if (number) expect(res.raw).not.toContain(number);
      }
      const empty = await json(app, 'POST', '/payments/sandbox/tokens', { payload: {} });
      expect([empty.status, empty.body.code]).toEqual([400, 'invalid_card']);
      const none = await app.inject({ method: 'POST', url: '/payments/sandbox/tokens' });
      expect(none.statusCode).toBe(400);
      // this month of this year is still valid
      const thisMonth = await tokenise(SANDBOX_TEST_CARDS.approved, { year, month: clock.now().getUTCMonth() + 1 });
      expect(thisMonth.status).toBe(201);
    });

    it('stores what the card behaves like, never its number or cvv', async () => {
      await tokenise(SANDBOX_TEST_CARDS.requires3ds, { cvv: '987' });
      const tokens = await sql<{ row: string }>(`select row_to_json(t)::text as row from "cart-checkout".sandbox_card_tokens t`);
      expect(tokens.length).toBeGreaterThan(0);
      // no card number in any column but the token's own random id (hex: it may hold a run of digits by chance)
      for (const { row } of tokens) {
        const { id, ...rest } = JSON.parse(row) as Record<string, unknown>;
        expect(id).toMatch(/^tok_[0-9a-f]+$/);
        expect(JSON.stringify(rest)).not.toMatch(/\d{12,}/);
      }
      expect(tokens.map((t) => t.row).join('\n')).not.toContain('"987"');
      expect(Object.keys(JSON.parse(tokens[0].row)).sort()).toEqual(
        ['bank', 'behaviour', 'brand', 'created_at', 'exp_month', 'exp_year', 'id', 'last4', 'name', 'reusable', 'type'].sort(),
      );
    });
  });

  describe('card payments', () => {
    it('charges the approved card once: succeeded with a charge id and the card', async () => {
      const payment = await payByCard(SANDBOX_TEST_CARDS.approved);
      expect(payment).toEqual({
        ref: expect.stringMatching(/^pay_/),
        status: 'succeeded',
        chargeId: expect.stringMatching(/^ch_/),
        card: {
          brand: 'visa',
          last4: '4242',
          type: 'credit',
          bank: 'BBVA México',
          expMonth: 12,
          expYear: expect.any(Number),
          name: 'Ana López',
        },
      });
      expect(await paymentRow(payment.ref)).toMatchObject({ status: 'succeeded', charges: 1, charge_id: payment.chargeId });
      expect(await provider.retrieve(payment.ref)).toEqual(payment);
    });

    it('declines the declining test cards with their code and Spanish message, and charges nothing', async () => {
      const cases: [string, string, string][] = [
        [SANDBOX_TEST_CARDS.insufficientFunds, 'card_insufficient_funds', 'Fondos insuficientes'],
        [SANDBOX_TEST_CARDS.doNotHonor, 'card_do_not_honor', 'La tarjeta fue rechazada: comunícate con tu banco'],
        [SANDBOX_TEST_CARDS.expiredCard, 'card_expired', 'La tarjeta está vencida'],
      ];
      for (const [number, code, message] of cases) {
        const payment = await payByCard(number);
        expect(payment).toMatchObject({ status: 'failed', chargeId: null, failure: { code, message } });
        expect(payment.card?.last4).toBe(number.slice(-4));
        expect(await paymentRow(payment.ref)).toMatchObject({ charges: 0, failure_code: code });
      }
    });

    it('refuses monthly payments on the debit card, and charges it for one payment', async () => {
      const msi = await payByCard(SANDBOX_TEST_CARDS.debit, { instalments: 3 });
      expect(msi).toMatchObject({
        status: 'failed',
        failure: {
          code: 'card_instalments_not_accepted',
          message: 'Esta tarjeta no acepta meses sin intereses: usa una tarjeta de crédito',
        },
        card: { type: 'debit' },
      });
      expect(await payByCard(SANDBOX_TEST_CARDS.debit)).toMatchObject({ status: 'succeeded', card: { type: 'debit' } });
      expect(await payByCard(SANDBOX_TEST_CARDS.approved, { instalments: 6 })).toMatchObject({ status: 'succeeded' });
    });

    it('asks for 3-D Secure with the challenge page as a site-relative URL', async () => {
      const payment = await payByCard(SANDBOX_TEST_CARDS.requires3ds);
      expect(payment).toMatchObject({
        status: 'requires_action',
        chargeId: null,
        action: { kind: '3ds', url: `/api/payments/sandbox/3ds/${payment.ref}` },
      });
      expect(await paymentRow(payment.ref)).toMatchObject({ charges: 0 });
    });

    it('fails an unknown token and a single-use token used once already with invalid_card', async () => {
      const unknown = await provider.start(request('card', { card: { source: 'tok_nothing', instalments: null, save: false } }));
      expect(unknown).toMatchObject({ status: 'failed', failure: { code: 'invalid_card' } });
      expect(unknown.card).toBeUndefined();
      // a source that is not a token (a number by mistake) is not written anywhere
      const number = await provider.start(
        request('card', { card: { source: SANDBOX_TEST_CARDS.approved, instalments: null, save: false } }),
      );
      expect(number).toMatchObject({ status: 'failed', failure: { code: 'invalid_card' } });
      const rows = await sql<{ row: string }>(
        `select row_to_json(p)::text as row from "cart-checkout".sandbox_payments p where id = '${number.ref}'`,
      );
      expect(rows[0].row).not.toContain(SANDBOX_TEST_CARDS.approved);

      const token = await tokenOf(SANDBOX_TEST_CARDS.approved);
      const first = await provider.start(request('card', { card: { source: token, instalments: null, save: false } }));
      expect(first.status).toBe('succeeded');
      const again = await provider.start(request('card', { card: { source: token, instalments: null, save: false } }));
      expect(again).toMatchObject({ status: 'failed', failure: { code: 'invalid_card' } });
    });

    it('saves the card when asked: the token becomes a reusable reference that pays again', async () => {
      const saved = await payByCard(SANDBOX_TEST_CARDS.approved, { save: true });
      expect(saved.status).toBe('succeeded');
      const ref = saved.card?.reusableRef;
      expect(ref).toMatch(/^tok_/);
      const next = await provider.start(request('card', { card: { source: ref!, instalments: 3, save: false } }));
      expect(next).toMatchObject({ status: 'succeeded', card: { reusableRef: ref, last4: '4242' } });
      expect(next.ref).not.toBe(saved.ref);
      // a declined card is not saved
      const declined = await payByCard(SANDBOX_TEST_CARDS.doNotHonor, { save: true });
      expect(declined.card?.reusableRef).toBeUndefined();
    });

    it('starts once per idempotency key: 20 concurrent starts answer one payment, one row, one charge', async () => {
      const req = request('card', { card: { source: await tokenOf(SANDBOX_TEST_CARDS.approved), instalments: null, save: false } });
      const answers = await Promise.all(Array.from({ length: 20 }, () => provider.start(req)));
      expect(new Set(answers.map((a) => a.ref)).size).toBe(1);
      expect(answers.every((a) => a.status === 'succeeded' && a.chargeId === answers[0].chargeId)).toBe(true);
      const rows = await sql<{ charges: number }>(
        `select charges from "cart-checkout".sandbox_payments where idempotency_key = '${req.idempotencyKey}'`,
      );
      expect(rows).toEqual([{ charges: 1 }]);
      const events = await sql<{ n: number }>(
        `select count(distinct event_id)::int as n from "cart-checkout".sandbox_webhooks where payload->'data'->>'attempt_id' = '${req.attemptId}'`,
      );
      expect(events[0].n).toBe(1);
      // later, the same key still answers the same payment
      expect((await provider.start(req)).ref).toBe(answers[0].ref);
    });
  });

  describe('3-D Secure page', () => {
    it('shows the challenge with the amount and card; Autorizar charges the card and goes back to the shop', async () => {
      const payment = await payByCard(SANDBOX_TEST_CARDS.requires3ds);
      const page = await app.inject({ method: 'GET', url: `/payments/sandbox/3ds/${payment.ref}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
      expect(page.body).toContain('Verificación 3-D Secure (sandbox)');
      expect(page.body).toContain('<html lang="es">');
      expect(page.body).toContain('name="viewport"');
      expect(page.body).toMatch(/\$1,250\.50/);
      expect(page.body).toContain('•••• 3220');
      expect(page.body).toMatch(/<button[^>]*name="result" value="approve"[^>]*>Autorizar<\/button>/);
      expect(page.body).toMatch(/<button[^>]*name="result" value="fail"[^>]*>Rechazar<\/button>/);
      expect(page.body).not.toContain('<script');

      const done = await form(`/payments/sandbox/3ds/${payment.ref}`, 'result=approve');
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('http://localhost:3000/checkout/abc/payment/return');
      const after = await provider.retrieve(payment.ref);
      expect(after).toMatchObject({ status: 'succeeded', chargeId: expect.stringMatching(/^ch_/) });
      expect(after.action).toBeUndefined();
      // a second post changes nothing
      expect((await form(`/payments/sandbox/3ds/${payment.ref}`, 'result=fail')).statusCode).toBe(303);
      expect(await paymentRow(payment.ref)).toMatchObject({ status: 'succeeded', charges: 1 });
      const shown = await app.inject({ method: 'GET', url: `/payments/sandbox/3ds/${payment.ref}` });
      expect(shown.body).toContain('Pagado');
      expect(shown.body).not.toContain('value="approve"');
    });

    it('Rechazar fails the payment with payment_contact_bank', async () => {
      const payment = await payByCard(SANDBOX_TEST_CARDS.requires3ds);
      const done = await form(`/payments/sandbox/3ds/${payment.ref}`, 'result=fail');
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('http://localhost:3000/checkout/abc/payment/return');
      expect(await provider.retrieve(payment.ref)).toMatchObject({
        status: 'failed',
        chargeId: null,
        failure: { code: 'payment_contact_bank', message: 'La autenticación 3-D Secure falló: comunícate con tu banco' },
      });
      expect(await paymentRow(payment.ref)).toMatchObject({ charges: 0 });
    });

    it('answers 404 payment_not_found for an unknown payment, 400 for another choice', async () => {
      const missing = await json(app, 'GET', '/payments/sandbox/3ds/pay_nothing');
      expect([missing.status, missing.body.code]).toEqual([404, 'payment_not_found']);
      expect((await form('/payments/sandbox/3ds/pay_nothing', 'result=approve')).statusCode).toBe(404);
      const payment = await payByCard(SANDBOX_TEST_CARDS.requires3ds);
      expect((await form(`/payments/sandbox/3ds/${payment.ref}`, 'result=maybe')).statusCode).toBe(400);
      // a redirect payment has no 3-D Secure page
      const paypal = await provider.start(request('paypal'));
      expect((await json(app, 'GET', `/payments/sandbox/3ds/${paypal.ref}`)).status).toBe(404);
    });
  });

  describe('approval page (PayPal, Mobbex, Aplazo)', () => {
    it('PayPal: Aprobar leaves the payment approved until complete() takes it, once', async () => {
      const payment = await provider.start(request('paypal'));
      expect(payment).toEqual({
        ref: expect.any(String),
        status: 'requires_action',
        chargeId: null,
        action: { kind: 'approval', url: `/api/payments/sandbox/approve/${payment.ref}` },
      });
      const page = await app.inject({ method: 'GET', url: `/payments/sandbox/approve/${payment.ref}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
      expect(page.body).toContain('Aprobar pago (sandbox)');
      expect(page.body).toContain('PayPal');
      expect(page.body).toMatch(/value="approve"[^>]*>Aprobar</);
      expect(page.body).toMatch(/value="cancel"[^>]*>Cancelar</);

      const done = await form(`/payments/sandbox/approve/${payment.ref}`, 'result=approve');
      expect([done.statusCode, done.headers.location]).toEqual([303, 'http://localhost:3000/checkout/abc/payment/return']);
      expect(await provider.retrieve(payment.ref)).toMatchObject({ status: 'approved', chargeId: null });
      const completed = await provider.complete(payment.ref, newId());
      expect(completed).toMatchObject({ status: 'succeeded', chargeId: expect.stringMatching(/^ch_/) });
      expect(await provider.complete(payment.ref, newId())).toEqual(completed);
      expect(await paymentRow(payment.ref)).toMatchObject({ charges: 1 });
    });

    it('Mobbex and Aplazo are charged on approval; Aplazo shows its number of payments', async () => {
      const mobbex = await provider.start(request('mobbex'));
      expect((await app.inject({ method: 'GET', url: `/payments/sandbox/approve/${mobbex.ref}` })).body).toContain('Mobbex');
      await form(`/payments/sandbox/approve/${mobbex.ref}`, 'result=approve');
      expect(await provider.retrieve(mobbex.ref)).toMatchObject({ status: 'succeeded', chargeId: expect.stringMatching(/^ch_/) });

      const aplazo = await provider.start(request('aplazo', { instalments: 4 }));
      const page = await app.inject({ method: 'GET', url: `/payments/sandbox/approve/${aplazo.ref}` });
      expect(page.body).toContain('Aplazo');
      expect(page.body).toContain('4 pagos');
      await form(`/payments/sandbox/approve/${aplazo.ref}`, 'result=approve');
      expect(await provider.complete(aplazo.ref, newId())).toMatchObject({ status: 'succeeded' });
      expect(await paymentRow(aplazo.ref)).toMatchObject({ charges: 1 });
    });

    it('Cancelar cancels the payment and goes to the cancel URL', async () => {
      const payment = await provider.start(request('aplazo', { instalments: 2 }));
      const done = await form(`/payments/sandbox/approve/${payment.ref}`, 'result=cancel');
      expect([done.statusCode, done.headers.location]).toEqual([303, 'http://localhost:3000/checkout/abc/payment/cancel']);
      expect(await provider.retrieve(payment.ref)).toMatchObject({ status: 'canceled', chargeId: null });
      // complete() of a cancelled payment answers its state
      expect(await provider.complete(payment.ref, newId())).toMatchObject({ status: 'canceled' });
    });
  });

  describe('cash voucher and SPEI transfer', () => {
    it('cash: processing with a 14-digit reference, its barcode, the deadline and the stores', async () => {
      const expiresAt = new Date(clock.now().getTime() + 3 * DAY);
      const payment = await provider.start(request('cash', { expiresAt }));
      expect(payment).toEqual({
        ref: expect.any(String),
        status: 'processing',
        chargeId: null,
        voucher: {
          reference: expect.stringMatching(/^[1-9]\d{13}$/),
          barcode: payment.voucher?.reference,
          expiresAt,
          stores: ['OXXO', '7-Eleven', 'Farmacias del Ahorro', 'Walmart'],
        },
      });
      const reference = payment.voucher!.reference;
      const page = await app.inject({ method: 'GET', url: `/payments/sandbox/vouchers/${reference}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
      expect(page.body).toContain(reference);
      expect(page.body).toContain('OXXO');
      expect(page.body).toContain(`action="/api/payments/sandbox/vouchers/${reference}/pay"`);
      expect(page.body).toMatch(/<button[^>]*>Marcar como pagada<\/button>/);

      const paid = await json(app, 'POST', `/payments/sandbox/vouchers/${reference}/pay`, { headers: { accept: 'application/json' } });
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({
        id: payment.ref,
        method: 'cash',
        status: 'succeeded',
        reference,
        amount_minor: 125_050,
        amount: '1250.50',
      });
      // paying again is a no-op
      const again = await json(app, 'POST', `/payments/sandbox/vouchers/${reference}/pay`, { headers: { accept: 'application/json' } });
      expect(again.status).toBe(200);
      expect(again.body.charge_id).toBe(paid.body.charge_id);
      expect(await paymentRow(payment.ref)).toMatchObject({ status: 'succeeded', charges: 1 });
      expect((await app.inject({ method: 'GET', url: `/payments/sandbox/vouchers/${reference}` })).body).not.toContain(
        'Marcar como pagada',
      );
    });

    it('spei: a valid STP CLABE per payment, a 7-digit reference, and a page to mark it received', async () => {
      const expiresAt = new Date(clock.now().getTime() + 60 * 60 * 1000);
      const payments = await Promise.all(Array.from({ length: 5 }, () => provider.start(request('spei', { expiresAt }))));
      for (const p of payments) {
        expect(p).toMatchObject({
          status: 'processing',
          bankTransfer: { bank: 'STP', beneficiary: 'Vitrina Pagos', expiresAt, reference: expect.stringMatching(/^\d{7}$/) },
        });
        expect(p.bankTransfer!.clabe).toMatch(/^646180\d{12}$/);
        expect(clabeValid(p.bankTransfer!.clabe)).toBe(true);
      }
      expect(new Set(payments.map((p) => p.bankTransfer!.clabe)).size).toBe(5);
      const clabe = payments[0].bankTransfer!.clabe;
      const page = await app.inject({ method: 'GET', url: `/payments/sandbox/transfers/${clabe}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Transferencia SPEI (sandbox)');
      expect(page.body).toContain(clabe);
      expect(page.body).toContain('Vitrina Pagos');
      // a browser form goes back to the page
      const posted = await form(`/payments/sandbox/transfers/${clabe}/pay`, '');
      expect([posted.statusCode, posted.headers.location]).toEqual([303, `/api/payments/sandbox/transfers/${clabe}`]);
      expect(await provider.retrieve(payments[0].ref)).toMatchObject({ status: 'succeeded', chargeId: expect.stringMatching(/^ch_/) });
      // the voucher route does not find a transfer
      expect(
        (await json(app, 'POST', `/payments/sandbox/vouchers/${clabe}/pay`, { headers: { accept: 'application/json' } })).body.code,
      ).toBe('payment_not_found');
    });

    it('past the deadline (the clock moved on) they are expired: paying answers 409 payment_expired', async () => {
      const cash = await provider.start(request('cash', { expiresAt: new Date(clock.now().getTime() + 60_000) }));
      const spei = await provider.start(request('spei', { expiresAt: new Date(clock.now().getTime() + 60_000) }));
      const defaulted = await provider.start(request('spei'));
      expect(defaulted.bankTransfer!.expiresAt.getTime() - clock.now().getTime()).toBeGreaterThan(59 * 60_000);
      clock.advance(2 * 60_000);
      const late = await json(app, 'POST', `/payments/sandbox/vouchers/${cash.voucher!.reference}/pay`, {
        headers: { accept: 'application/json' },
      });
      expect([late.status, late.body.code]).toEqual([409, 'payment_expired']);
      expect(await paymentRow(cash.ref)).toMatchObject({ status: 'expired', charges: 0 });
      // retrieve answers expired and records it
      expect(await provider.retrieve(spei.ref)).toMatchObject({ status: 'expired', chargeId: null });
      expect(await paymentRow(spei.ref)).toMatchObject({ status: 'expired' });
      const lateTransfer = await json(app, 'POST', `/payments/sandbox/transfers/${spei.bankTransfer!.clabe}/pay`, {
        headers: { accept: 'application/json' },
      });
      expect([lateTransfer.status, lateTransfer.body.code]).toEqual([409, 'payment_expired']);
      // a browser is sent back to the page, which says so
      const posted = await form(`/payments/sandbox/vouchers/${cash.voucher!.reference}/pay`, '');
      expect(posted.statusCode).toBe(303);
      expect((await app.inject({ method: 'GET', url: `/payments/sandbox/vouchers/${cash.voucher!.reference}` })).body).toContain('Vencido');
      expect(await provider.retrieve(defaulted.ref)).toMatchObject({ status: 'processing' });
      expect((await json(app, 'POST', '/payments/sandbox/vouchers/12345/pay', { headers: { accept: 'application/json' } })).status).toBe(
        404,
      );
    });
  });

  it("reads a token's payments and the expiry sweep's by index, not through every payment the sandbox made", async () => {
    // 20,000 finished card payments, as a long-running sandbox (the demo, a staging stack) accumulates them
    await sql(
      `insert into "cart-checkout".sandbox_payments
         (id, idempotency_key, attempt_id, method, status, amount_minor, currency, card_token, return_url, cancel_url, expires_at)
       select 'old-' || g, 'old-key-' || g, 'old-attempt-' || g, 'card', 'succeeded', 100, 'MXN', 'old-token-' || g, '/', '/',
              now() - interval '1 day'
       from generate_series(1, 20000) g`,
    );
    try {
      await sql('analyze "cart-checkout".sandbox_payments');
      const db = app.get<Db<typeof schema>>(DB);
      const planOf = async (query: { sql: string; params: unknown[] }) => {
        const text = query.sql.replace(/\$(\d+)/g, (_m, n: string) => {
          const value = query.params[Number(n) - 1];
          return typeof value === 'number' ? String(value) : `'${String(value)}'`;
        });
        return (await sql<{ 'QUERY PLAN': string }>(`explain ${text}`)).map((r) => r['QUERY PLAN']).join('\n');
      };
      // a new token matches nothing: without the index, this read every row
      const token = await planOf(paymentsWithToken(db, 'tok_new').toSQL());
      expect(token).toContain('sandbox_payments_card_token_idx');
      expect(token).not.toContain('Seq Scan');
      const sweep = await planOf(duePayments(db, clock.now(), 100).toSQL());
      expect(sweep).toContain('sandbox_payments_expiry_idx');
      expect(sweep).not.toContain('Seq Scan');
    } finally {
      await sql(`delete from "cart-checkout".sandbox_payments where id like 'old-%'`);
    }
  });

  describe('cancel and refund', () => {
    it('cancels a payment not yet taken and leaves a finished one alone', async () => {
      const paypal = await provider.start(request('paypal'));
      await provider.cancel(paypal.ref);
      expect(await provider.retrieve(paypal.ref)).toMatchObject({ status: 'canceled' });
      const cash = await provider.start(request('cash'));
      await provider.cancel(cash.ref);
      expect(await provider.retrieve(cash.ref)).toMatchObject({ status: 'canceled' });
      const paid = await payByCard(SANDBOX_TEST_CARDS.approved);
      await provider.cancel(paid.ref);
      expect(await provider.retrieve(paid.ref)).toMatchObject({ status: 'succeeded' });
      await expect(provider.cancel('pay_nothing')).rejects.toBeInstanceOf(ProviderRequestError);
    });

    it('refunds up to the amount, once per key', async () => {
      const paid = await provider.start(
        request('card', {
          amountMinor: 10_000,
          card: { source: await tokenOf(SANDBOX_TEST_CARDS.approved), instalments: null, save: false },
        }),
      );
      const expected = { id: `re_${paid.ref}`, status: 'succeeded' };
      expect(await provider.refund(paid.ref, 4_000, 'refund-a')).toEqual(expected);
      expect(await provider.refund(paid.ref, 4_000, 'refund-a')).toEqual(expected);
      expect(await paymentRow(paid.ref)).toMatchObject({ refunded_minor: 4_000 });
      const concurrent = await Promise.all(Array.from({ length: 5 }, () => provider.refund(paid.ref, 4_000, 'refund-b')));
      expect(concurrent).toEqual(Array(5).fill(expected));
      expect(await paymentRow(paid.ref)).toMatchObject({ refunded_minor: 8_000 });
      expect(await provider.refund(paid.ref, 9_000, 'refund-c')).toEqual(expected);
      expect(await paymentRow(paid.ref)).toMatchObject({ refunded_minor: 10_000, status: 'succeeded', charges: 1 });
      expect(await provider.refund(paid.ref, 1_000, 'refund-d')).toEqual(expected);
      expect(await paymentRow(paid.ref)).toMatchObject({ refunded_minor: 10_000 });

      const declined = await payByCard(SANDBOX_TEST_CARDS.insufficientFunds);
      await expect(provider.refund(declined.ref, 100, 'refund-e')).rejects.toBeInstanceOf(ProviderRequestError);
      await expect(provider.refund(paid.ref, 0, 'refund-f')).rejects.toBeInstanceOf(ProviderRequestError);
    });
  });

  describe('webhooks', () => {
    const eventBody = (payment: ProviderPayment): string =>
      JSON.stringify({
        id: `evt_${newId()}`,
        type: `payment.${payment.status}`,
        created: Math.floor(clock.now().getTime() / 1000),
        data: { payment, attempt_id: 'att_1' },
      });
    const now = () => Math.floor(clock.now().getTime() / 1000);

    it('verifies a signed webhook and maps it, dates revived', async () => {
      const cash = await provider.start(request('cash', { expiresAt: new Date(clock.now().getTime() + DAY) }));
      const body = eventBody(cash);
      const event = await provider.parseWebhook(Buffer.from(body), {
        [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(body, config.webhookSecret!, now()),
      });
      expect(event).toEqual({ id: JSON.parse(body).id, type: 'payment.processing', attemptId: 'att_1', payment: cash });
      expect(event.payment?.voucher?.expiresAt).toBeInstanceOf(Date);
    });

    it('refuses a forged, tampered, stale or missing signature', async () => {
      const paid = await payByCard(SANDBOX_TEST_CARDS.approved);
      const body = eventBody(paid);
      const parse = (raw: string, header?: string) =>
        provider.parseWebhook(Buffer.from(raw), header === undefined ? {} : { [SANDBOX_SIGNATURE_HEADER]: header });
      await expect(parse(body, signSandboxWebhook(body, 'whsec_someone_else', now()))).rejects.toBeInstanceOf(WebhookSignatureError);
      await expect(
        parse(body.replace('succeeded', 'failed'), signSandboxWebhook(body, config.webhookSecret!, now())),
      ).rejects.toBeInstanceOf(WebhookSignatureError);
      await expect(parse(body, signSandboxWebhook(body, config.webhookSecret!, now() - 301))).rejects.toBeInstanceOf(WebhookSignatureError);
      await expect(parse(body, signSandboxWebhook(body, config.webhookSecret!, now() + 301))).rejects.toBeInstanceOf(WebhookSignatureError);
      await expect(parse(body)).rejects.toBeInstanceOf(WebhookSignatureError);
      await expect(parse(body, 't=abc,v1=zz')).rejects.toBeInstanceOf(WebhookSignatureError);
      // within the tolerance it passes
      await expect(parse(body, signSandboxWebhook(body, config.webhookSecret!, now() - 299))).resolves.toMatchObject({
        type: 'payment.succeeded',
      });
    });

    it('sends every change, signed, to the webhook URL', async () => {
      const payment = await payByCard(SANDBOX_TEST_CARDS.requires3ds);
      await form(`/payments/sandbox/3ds/${payment.ref}`, 'result=approve');
      const delivered = await eventually(async () => {
        const mine = receiver.received.filter((r) => r.payload.data.payment.ref === payment.ref);
        return mine.length >= 2 && mine;
      }, 10_000);
      expect(delivered.map((d) => d.payload.type)).toEqual(['payment.requires_action', 'payment.succeeded']);
      for (const d of delivered) {
        expect(d.headers['content-type']).toBe('application/json');
        expect(d.headers[SANDBOX_SIGNATURE_HEADER]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        const event = await provider.parseWebhook(Buffer.from(d.raw), d.headers);
        expect(event).toMatchObject({ id: expect.stringMatching(/^evt_/), payment: { ref: payment.ref } });
        expect(d.payload.created).toEqual(expect.any(Number));
      }
      expect(delivered[1].payload.data.payment).toMatchObject({
        status: 'succeeded',
        chargeId: expect.stringMatching(/^ch_/),
        card: { last4: '3220' },
      });
    });

    it('retries a webhook the receiver refused, with backoff, until it is taken', async () => {
      config.retryBaseMs = 100;
      try {
        const attemptId = newId();
        receiver.failFirst.set(attemptId, 2);
        const payment = await provider.start(request('cash', { attemptId }));
        const seen = await eventually(async () => {
          const mine = receiver.received.filter((r) => r.payload.data.attempt_id === attemptId);
          return mine.length >= 3 && mine;
        }, 10_000);
        expect(new Set(seen.map((s) => s.payload.id)).size).toBe(1);
        expect(seen[0].payload.data.payment.ref).toBe(payment.ref);
        const row = await eventually(async () => {
          const [r] = await sql<{ tries: number; delivered: boolean }>(
            `select tries, delivered_at is not null as delivered from "cart-checkout".sandbox_webhooks where payload->'data'->>'attempt_id' = '${attemptId}'`,
          );
          return r?.delivered && r;
        }, 10_000);
        expect(row).toEqual({ tries: 3, delivered: true });
      } finally {
        config.retryBaseMs = 1000;
      }
    });

    it('in chaos mode sends webhooks late, some twice with the same event id, out of order', async () => {
      config.chaos = true;
      const attempts: string[] = [];
      try {
        for (let i = 0; i < 40; i++) {
          const attemptId = newId();
          attempts.push(attemptId);
          await provider.start(request('cash', { attemptId }));
        }
      } finally {
        config.chaos = false;
      }
      const rows = await sql<{ event_id: string; attempt_id: string; n: number }>(
        `select event_id, payload->'data'->>'attempt_id' as attempt_id, count(*)::int as n from "cart-checkout".sandbox_webhooks
          where payload->'data'->>'attempt_id' in (${attempts.map((a) => `'${a}'`).join(',')}) group by 1, 2`,
      );
      expect(rows).toHaveLength(40);
      const doubled = rows.filter((r) => r.n === 2);
      expect(doubled.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.n <= 2)).toBe(true);
      const expected = rows.reduce((sum, r) => sum + r.n, 0);
      const arrived = await eventually(async () => {
        const mine = receiver.received.filter((r) => attempts.includes(r.payload.data.attempt_id));
        return mine.length >= expected && mine;
      }, 15_000);
      expect(arrived).toHaveLength(expected);
      for (const d of doubled) expect(arrived.filter((a) => a.payload.id === d.event_id)).toHaveLength(2);
      const order = [...new Set(arrived.map((a) => a.payload.data.attempt_id))];
      expect(order).not.toEqual(attempts);
    });

    it('sends payment.expired when a voucher passes its deadline', async () => {
      const attemptId = newId();
      await provider.start(request('cash', { attemptId, expiresAt: new Date(clock.now().getTime() + 60_000) }));
      clock.advance(61_000);
      const expired = await eventually(
        async () => receiver.received.find((r) => r.payload.data.attempt_id === attemptId && r.payload.type === 'payment.expired'),
        10_000,
      );
      expect(expired.payload.data.payment.status).toBe('expired');
    });
  });

  describe('configuration and the API description', () => {
    it('reads its variables: sending can be turned off; production has no default secret', () => {
      expect(loadSandboxConfig({})).toMatchObject({
        webhooksEnabled: true,
        webhookUrl: 'http://127.0.0.1:3103/payments/webhooks/sandbox',
        webhookSecret: 'whsec_sandbox_development',
        pollMs: 200,
        chaos: false,
      });
      // the embedded launcher names the service's URL (its port offset included)
      expect(loadSandboxConfig({ SERVICE_URL_CART_CHECKOUT: 'http://127.0.0.1:4103/' }).webhookUrl).toBe(
        'http://127.0.0.1:4103/payments/webhooks/sandbox',
      );
      // the cluster launcher lists every instance: webhooks go to the first
      expect(loadSandboxConfig({ SERVICE_URL_CART_CHECKOUT: 'http://127.0.0.1:5403,http://127.0.0.1:5503' }).webhookUrl).toBe(
        'http://127.0.0.1:5403/payments/webhooks/sandbox',
      );
      expect(loadSandboxConfig({ SANDBOX_WEBHOOKS: '0', SANDBOX_WEBHOOK_CHAOS: '1' })).toMatchObject({
        webhooksEnabled: false,
        chaos: true,
      });
      expect(loadSandboxConfig({ NODE_ENV: 'production' }).webhookSecret).toBeUndefined();
      expect(loadSandboxConfig({ NODE_ENV: 'production', SANDBOX_WEBHOOK_SECRET: 's3cret' }).webhookSecret).toBe('s3cret');
    });

    it('computes the CLABE check digit (weights 3, 7, 1)', () => {
      expect(clabeCheckDigit('00201007777777777')).toBe('1');
      expect(clabeValid('002010077777777771')).toBe(true);
      expect(clabeValid('002010077777777772')).toBe(false);
    });

    it('describes the tokeniser and the pay routes in the OpenAPI, not the HTML pages', () => {
      const paths = Object.keys(openapi.paths);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/payments/sandbox/tokens',
          '/payments/sandbox/vouchers/{reference}/pay',
          '/payments/sandbox/transfers/{reference}/pay',
        ]),
      );
      expect(paths.filter((p) => /3ds|approve|\/vouchers\/\{reference\}$|\/transfers\/\{reference\}$/.test(p))).toEqual([]);
    });
  });
});
