/**
 * A package bought end to end (issue 16): accounts answers the purchase's payment token and asks for its payable
 * through the outbox; cart-checkout makes it and takes the payment through the sandbox provider like any checkout's;
 * its `payment.succeeded` (purpose membership) activates the membership in accounts once, makes no order, and the
 * plan's rate shows on the user's profile (which the storefront's product cards read).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { DEMO, MembershipEvents, PaymentEvents, SANDBOX_TEST_CARDS, type EventEnvelope } from '@vitrina/contracts';
import { createServiceApp, newId, type Runtime } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import { cartCheckoutService } from '@vitrina/cart-checkout';
import { ordersService } from '@vitrina/orders';
import { createAccountsService } from '@vitrina/accounts';

import { call, eventually } from './support/inject.js';

/** PostgreSQL (as in CI): the test reads the services' outboxes through its own connection. */
const describePg = process.env.DATABASE_URL ? describe : describe.skip;

describePg('a package bought through the payment page (issue 16)', () => {
  let tdb: TestDatabase;
  let runtime: Runtime;
  let accounts: NestFastifyApplication;
  let checkout: NestFastifyApplication;
  let orders: NestFastifyApplication;
  const previous = { ...process.env };
  let pool: pg.Pool;
  const sql = async <T>(text: string, params: unknown[] = []): Promise<T[]> => (await pool.query(text, params)).rows as T[];

  async function signIn(email: string): Promise<string> {
    const res = await call(accounts, 'POST', '/auth/login', { body: { username: email, password: DEMO.password } });
    expect(res.status).toBe(200);
    return res.body.access_token as string;
  }

  async function payByCard(token: string, auth: string, number: string) {
    const card = await call(checkout, 'POST', '/payments/sandbox/tokens', {
      body: { card_number: number, cvv: '123', month: 12, year: new Date().getFullYear() + 2, holder_name: 'Ana Pérez' },
    });
    expect(card.status).toBe(201);
    return call(checkout, 'POST', `/payment/${token}/order/card`, {
      auth,
      key: newId(),
      body: { source_id: card.body.id, return_path: `/me/payments/${token}` },
    });
  }

  beforeAll(async () => {
    process.env.SEED_DEMO = 'true';
    process.env.PAYMENT_JOBS = '0';
    process.env.MEMBERSHIP_SWEEP_MS = '0';
    tdb = await createTestDatabase('memberships');
    runtime = await createTestRuntime(tdb);
    pool = new pg.Pool({ connectionString: tdb.url, max: 2 });
    ({ app: accounts } = await createServiceApp(createAccountsService({}), runtime));
    ({ app: checkout } = await createServiceApp(cartCheckoutService, runtime));
    ({ app: orders } = await createServiceApp(ordersService, runtime));
    await orders.getHttpAdapter().getInstance().ready();
  }, 120_000);

  afterAll(async () => {
    await orders?.close();
    await checkout?.close();
    await accounts?.close();
    await runtime?.close();
    await pool?.end();
    await tdb?.destroy();
    process.env = previous;
  });

  it('pays a package by card once, activates it with its rate and makes no order', async () => {
    const user = DEMO.users.entrepreneur;
    const auth = await signIn(user.email);
    const me = `${user.id}:${user.id}`;
    const bought = await call(accounts, 'PUT', `/broker-memberships/${me}/package/negocio_digital`, { auth, key: newId() });
    expect(bought.status).toBe(201);
    const token = bought.body.payment_token as string;

    const page = await eventually(async () => {
      const res = await call(checkout, 'GET', `/payment/${token}`, { auth });
      return res.status === 200 ? res.body : undefined;
    });
    expect(page).toMatchObject({
      purpose: 'membership',
      description: 'Negocio digital',
      checkout_status: 'ready',
      amount_minor: 69_900,
      currency: 'MXN',
      enabled_payment_types: ['card', 'spei', 'cash'],
      sandbox: true,
    });
    // someone else's token is not found
    const other = await signIn(DEMO.users.customer.email);
    expect((await call(checkout, 'GET', `/payment/${token}`, { auth: other })).status).toBe(404);

    // a declined card changes nothing; the approved one pays
    const declined = await payByCard(token, auth, SANDBOX_TEST_CARDS.insufficientFunds);
    expect(declined.status).toBe(402);
    expect((await call(accounts, 'GET', `/broker-memberships/${me}/membership`, { auth })).body.status).toBe('none');
    // its payment.failed says it was a package's, so messaging leads the buyer back to the packages
    const failed = await sql<{ purpose: string }>(
      `select envelope->'data'->>'purpose' as purpose from "cart-checkout".outbox where envelope->>'type' = 'payment.failed' and key = $1`,
      [page.checkout_id],
    );
    expect(failed).toEqual([{ purpose: 'membership' }]);
    const paid = await payByCard(token, auth, SANDBOX_TEST_CARDS.approved);
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ status: 'succeeded', amount_minor: 69_900 });

    const membership = await eventually(async () => {
      const res = await call(accounts, 'GET', `/broker-memberships/${me}/membership`, { auth });
      return res.body?.status === 'active' ? res.body : undefined;
    });
    expect(membership).toMatchObject({ plan_commission_rate: '0.700000', pending: null });
    expect(membership.package.id).toBe('negocio_digital');
    const profile = await call(accounts, 'GET', `/profile-admin/${me}/${user.id}`, { auth });
    expect(profile.body).toMatchObject({ plan_id: 'negocio_digital', plan_commission_rate: '0.700000' });

    // the payment event delivered again (a redelivery after a crash) activates nothing twice
    const [stored] = await sql<{ envelope: EventEnvelope<{ checkoutId: string }> }>(
      `select envelope from "cart-checkout".outbox where envelope->>'type' = $1 and key = $2`,
      [PaymentEvents.succeeded, page.checkout_id],
    );
    expect(stored).toBeDefined();
    await runtime.bus.publish('payment', [{ ...stored.envelope, id: newId() }]);
    await new Promise((r) => setTimeout(r, 300));
    const activated = await sql<{ n: string }>(`select count(*) as n from accounts.outbox where envelope->>'type' = $1 and key = $2`, [
      MembershipEvents.activated,
      user.id,
    ]);
    expect(Number(activated[0].n)).toBe(1);
    // no purchase order was made of it
    expect(await sql(`select 1 from orders.orders where checkout_id = $1`, [page.checkout_id])).toEqual([]);
  });
});
