import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { and, eq, inArray } from 'drizzle-orm';
import { MembershipEvents, PaymentEvents, type MembershipPurchaseRequested, type OrderSettlementTerms } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import * as schema from '../src/db/schema.js';
import { MembershipsService } from '../src/memberships/memberships.service.js';
import { addMonths } from '../src/memberships/domain/period.js';
import { Settlements } from '../src/wallets/settlements.js';
import { activeUser, bootAccounts, call, outboxEvents, type Booted, envelope, waitFor } from './support.js';

const DAY = 86_400_000;

type User = Awaited<ReturnType<typeof activeUser>>;

describe('plans, packages and memberships (issue 16)', () => {
  let b: Booted;
  let alice: User;
  let bob: User;
  const path = (u: User, rest: string) => `/broker-memberships/${u.id}:${u.id}${rest}`;

  beforeAll(async () => {
    b = await bootAccounts({ env: { MEMBERSHIP_SWEEP_MS: '0', WALLET_SETTLE_SWEEP_MS: '0', WALLET_SETTLE_JOBS: 'false' } });
    alice = await activeUser(b);
    bob = await activeUser(b);
  });
  afterAll(async () => {
    await b?.close();
  });

  async function buy(u: User, packageId: string, headers: Record<string, string> = {}) {
    return call(b.app, 'PUT', path(u, `/package/${packageId}`), undefined, { token: u.token, headers });
  }

  async function purchaseOf(token: string) {
    const [row] = await b.db.select().from(schema.membershipPurchases).where(eq(schema.membershipPurchases.paymentToken, token));
    return row;
  }

  /** cart-checkout's `payment.succeeded` for the purchase (its checkout id is the purchase id). */
  async function pay(purchaseId: string, userId: string): Promise<string> {
    const event = envelope(PaymentEvents.succeeded, purchaseId, {
      checkoutId: purchaseId,
      attemptId: newId(),
      userId,
      purpose: 'membership',
      paidAt: b.clock.now().toISOString(),
    });
    await b.runtime.bus.publish('payment', [event]);
    return event.id;
  }

  async function membership(u: User) {
    const res = await call(b.app, 'GET', path(u, '/membership'), undefined, { token: u.token });
    expect(res.status).toBe(200);
    return res.body;
  }

  async function buyAndPay(u: User, packageId: string) {
    const res = await buy(u, packageId);
    expect(res.status).toBe(201);
    const purchase = await purchaseOf(res.body.payment_token);
    await pay(purchase.id, u.id);
    await waitFor(async () => ((await purchaseOf(res.body.payment_token)).status === 'paid' ? true : undefined));
    return purchase;
  }

  it('lists the plans and packages for the landings, public, in the spec shape', async () => {
    const plans = await call(b.app, 'GET', '/accounts/plans');
    expect(plans.status).toBe(200);
    expect(plans.body.results.find((p: { id: string }) => p.id === 'plan_profesional')).toEqual({
      id: 'plan_profesional',
      name: 'Plan profesional',
      price: '199.00',
      price_minor: 19_900,
      periodicity: 'month',
      plan_commission_rate: '0.500000',
      contribution_margin: '99.50',
      currency: 'MXN',
    });
    const ids = plans.body.results.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['plan_profesional', 'tienda_en_linea', 'negocio_digital', 'facturacion_electronica']));
    const packages = await call(b.app, 'GET', '/accounts/packages');
    const micro = packages.body.results.find((p: { id: string }) => p.id === 'micro');
    expect(micro.apps).toEqual(['electronic_invoicing', 'electronic_accounting', 'electronic_payroll']);
    expect(micro.package_template).toEqual({ weight: micro.weight, plan_commission_rate: micro.plan_commission_rate });
  });

  it('refuses an unknown package, another user and an anonymous caller, changing nothing', async () => {
    expect((await buy(alice, 'gratis')).body.code).toBe('package_not_found');
    const other = await call(b.app, 'PUT', path(bob, '/package/micro'), undefined, { token: alice.token });
    expect(other.status).toBe(403);
    expect((await call(b.app, 'PUT', path(alice, '/package/micro'))).status).toBe(401);
    expect((await call(b.app, 'GET', path(bob, '/membership'), undefined, { token: alice.token })).status).toBe(403);
    const rows = await b.db.select().from(schema.membershipPurchases).where(eq(schema.membershipPurchases.userId, bob.id));
    expect(rows).toEqual([]);
    expect((await membership(alice)).status).toBe('none');
  });

  it('a purchase answers a payment token and asks cart-checkout for its payable; racing and repeated PUTs make one', async () => {
    const u = await activeUser(b);
    const answers = await Promise.all(Array.from({ length: 12 }, () => buy(u, 'micro')));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    const tokens = new Set(answers.map((a) => a.body.payment_token));
    expect(tokens.size).toBe(1);
    const [token] = [...tokens] as [string];
    const requested = (await outboxEvents<MembershipPurchaseRequested>(b, MembershipEvents.purchaseRequested)).filter(
      (e) => e.data.userId === u.id,
    );
    expect(requested).toHaveLength(1);
    expect(requested[0].data).toMatchObject({
      packageId: 'micro',
      amountMinor: 24_900,
      currency: 'MXN',
      paymentToken: token,
      kind: 'purchase',
    });
    const keyed = await buy(u, 'micro', { 'Idempotency-Key': 'compra-1' });
    expect((await buy(u, 'micro', { 'Idempotency-Key': 'compra-1' })).body).toEqual(keyed.body);
    // another package supersedes the pending one
    const other = await buy(u, 'tienda_en_linea');
    expect(other.body.payment_token).not.toBe(token);
    expect((await purchaseOf(token)).status).toBe('superseded');
    const m = await membership(u);
    expect(m.pending).toMatchObject({ package_id: 'tienda_en_linea', kind: 'purchase', payment_token: other.body.payment_token });
  });

  it('a paid purchase activates once, even when its payment event arrives twice, and sets the plan rate', async () => {
    const u = await activeUser(b);
    const res = await buy(u, 'negocio_digital');
    const purchase = await purchaseOf(res.body.payment_token);
    const events = await Promise.all([pay(purchase.id, u.id), pay(purchase.id, u.id)]);
    await waitFor(async () => ((await purchaseOf(res.body.payment_token)).status === 'paid' ? true : undefined));
    events.push(await pay(purchase.id, u.id));
    await new Promise((r) => setTimeout(r, 200));
    // without the inbox (the consumer is `inbox: false`): the purchase's own status makes the repeats no-ops
    expect(await b.db.select().from(schema.inbox).where(inArray(schema.inbox.eventId, events))).toEqual([]);
    const activated = (await outboxEvents<{ userId: string }>(b, MembershipEvents.activated)).filter((e) => e.data.userId === u.id);
    expect(activated).toHaveLength(1);
    const m = await membership(u);
    expect(m).toMatchObject({ status: 'active', plan_commission_rate: '0.700000', pending: null, lapses_at: null });
    expect(m.package.id).toBe('negocio_digital');
    expect(new Date(m.charge_date).getTime()).toBe(addMonths(b.clock.now(), 1).getTime());
    const profile = await call(b.app, 'GET', `/profile-admin/${u.id}:${u.id}/${u.id}`, undefined, { token: u.token });
    expect(profile.body).toMatchObject({ plan_id: 'negocio_digital', plan_commission_rate: '0.700000' });
    // an order payment (no purpose) is not a membership's
    await b.runtime.bus.publish('payment', [
      envelope(PaymentEvents.succeeded, newId(), { checkoutId: newId(), userId: u.id, paidAt: b.clock.now().toISOString() }),
    ]);
  });

  it('refuses a downgrade while the package is active (spec 2 §8) and the active package itself; an upgrade goes through', async () => {
    const u = await activeUser(b);
    await buyAndPay(u, 'tienda_en_linea');
    const charge = (await membership(u)).charge_date;
    const down = await buy(u, 'micro');
    expect(down.status).toBe(409);
    expect(down.body).toMatchObject({
      code: 'package_still_active_no_downgrade',
      requested_package: { name: 'Micro' },
      current_package: { name: 'Tienda en línea' },
      charge_date: charge,
    });
    const same = await buy(u, 'tienda_en_linea');
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({ code: 'package_already_active', charge_date: charge });
    const pending = await b.db
      .select()
      .from(schema.membershipPurchases)
      .where(and(eq(schema.membershipPurchases.userId, u.id), eq(schema.membershipPurchases.status, 'pending')));
    expect(pending).toEqual([]);
    await buyAndPay(u, 'negocio_digital');
    expect((await membership(u)).package.id).toBe('negocio_digital');
  });

  it('renews monthly: an ended period goes into grace with a renewal to pay; paid, the charge date moves one month on', async () => {
    const u = await activeUser(b);
    await buyAndPay(u, 'micro');
    const firstEnd = new Date((await membership(u)).charge_date);
    const service = b.app.get(MembershipsService);
    b.clock.set(new Date(firstEnd.getTime() - 1000));
    await service.sweepOnce();
    expect((await membership(u)).status).toBe('active');
    b.clock.set(new Date(firstEnd.getTime() + 1000));
    await service.sweepOnce();
    await service.sweepOnce();
    const grace = await membership(u);
    expect(grace).toMatchObject({ status: 'grace', plan_commission_rate: '0.550000' });
    expect(grace.pending).toMatchObject({ kind: 'renewal', package_id: 'micro' });
    expect(new Date(grace.lapses_at).getTime()).toBe(firstEnd.getTime() + 7 * DAY);
    const due = (await outboxEvents<{ userId: string }>(b, MembershipEvents.renewalDue)).filter((e) => e.data.userId === u.id);
    expect(due).toHaveLength(1);
    // paid three days late: the period still starts where the last one ended
    b.clock.advance(3 * DAY);
    const renewal = await purchaseOf(grace.pending.payment_token);
    await pay(renewal.id, u.id);
    await waitFor(async () => ((await membership(u)).status === 'active' ? true : undefined));
    expect(new Date((await membership(u)).charge_date).getTime()).toBe(addMonths(firstEnd, 1).getTime());
  });

  it('lapses when the grace ends unpaid: the base rate applies again and a new purchase starts over', async () => {
    const u = await activeUser(b);
    await buyAndPay(u, 'tienda_en_linea');
    const end = new Date((await membership(u)).charge_date);
    const service = b.app.get(MembershipsService);
    b.clock.set(new Date(end.getTime() + 1000));
    await service.sweepOnce();
    b.clock.set(new Date(end.getTime() + 7 * DAY - 1000));
    await service.sweepOnce();
    expect((await membership(u)).status).toBe('grace');
    b.clock.set(new Date(end.getTime() + 7 * DAY + 1000));
    expect((await service.sweepOnce()).lapsed).toBeGreaterThanOrEqual(1);
    const lapsed = await membership(u);
    expect(lapsed).toMatchObject({ status: 'lapsed', plan_commission_rate: '0.500000', charge_date: null, pending: null });
    expect((await outboxEvents<{ userId: string }>(b, MembershipEvents.lapsed)).filter((e) => e.data.userId === u.id)).toHaveLength(1);
    // a lighter package is no downgrade any more
    expect((await buy(u, 'micro')).status).toBe(201);
  });

  it("dispersions pay a reseller their plan's rate at delivery (the base rate without a plan)", async () => {
    const reseller = await activeUser(b);
    await buyAndPay(reseller, 'negocio_digital');
    const plain = await activeUser(b);
    const deliver = async (resellerId: string) => {
      const orderId = newId();
      const settlement: OrderSettlementTerms = {
        currency: 'MXN',
        capturedMinor: 100_000,
        goodsMinor: 100_000,
        shippingMinor: 0,
        financingMinor: 0,
        marginMinor: 20_000,
        supplierId: 'supplier-1',
        dssupplierId: null,
        resellerId,
        shipperId: 'supplier-1',
      };
      await b.runtime.bus.publish('orders.order', [
        envelope('orders.order.delivered', orderId, {
          orderId,
          checkoutId: newId(),
          userId: 'customer-1',
          shopId: 'shop-1',
          supplierId: 'supplier-1',
          dssupplierId: null,
          deliveredAt: b.clock.now().toISOString(),
          returnDeadline: new Date(b.clock.now().getTime() + 3 * DAY).toISOString(),
          totalMinor: 100_000,
          currency: 'MXN',
          settlement,
        }),
      ]);
      return waitFor(async () => (await b.db.select().from(schema.settlements).where(eq(schema.settlements.orderId, orderId)))[0]);
    };
    const settlements = b.app.get(Settlements);
    const resellerPart = (row: Awaited<ReturnType<typeof deliver>>, id: string) =>
      settlements.split(row, 0).find((p) => p.part === 'reseller' && p.userId === id);
    const withPlan = await deliver(reseller.id);
    expect(withPlan.commissionPpm).toBe(700_000);
    const withoutPlan = await deliver(plain.id);
    expect(withoutPlan.commissionPpm).toBe(500_000);
    const a = resellerPart(withPlan, reseller.id);
    const c = resellerPart(withoutPlan, plain.id);
    expect(a?.amountMinor).toBe(14_000);
    expect(c?.amountMinor).toBe(10_000);
  });
});

describe('membership periods', () => {
  it('last whole calendar months, clamped to the shorter month', () => {
    expect(addMonths(new Date('2027-01-31T10:00:00Z'), 1).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2026-12-15T00:00:00Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});
