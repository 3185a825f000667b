import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { DEVELOPMENT_SERVICE_SECRET, SERVICE_SECRET_HEADER, WalletEvents, type OrderSettlementTerms } from '@vitrina/contracts';
import { newId } from '@vitrina/platform';
import * as schema from '../src/db/schema.js';
import { Settlements } from '../src/wallets/settlements.js';
import { activeUser, bootAccounts, call, outboxEvents, type Booted, envelope, waitFor } from './support.js';

const HOUR = 3_600_000;

/** A CLABE with its check digit (isValidClabe's weights 3, 7, 1). */
function clabeOf(first17: string): string {
  const w = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * w[i % 3]) % 10;
  return `${first17}${(10 - (sum % 10)) % 10}`;
}
const CLABE = clabeOf('00201007777777777');
const BAD_CLABE = `${CLABE.slice(0, 17)}${(Number(CLABE[17]) + 1) % 10}`;

describe('wallets API', () => {
  let b: Booted;
  let alice: Awaited<ReturnType<typeof activeUser>>;
  let bob: Awaited<ReturnType<typeof activeUser>>;
  const url = (u: { id: string }, rest = '') => `/accounts/${u.id}:${u.id}/wallets${rest}`;

  /** Delivers an order through the bus whose supplier is `supplierId`, then settles it past its deadline. */
  async function settleOrderFor(supplierId: string, goodsMinor: number): Promise<string> {
    const orderId = newId();
    const now = b.clock.now();
    const settlement: OrderSettlementTerms = {
      currency: 'MXN',
      capturedMinor: goodsMinor,
      goodsMinor,
      shippingMinor: 0,
      financingMinor: 0,
      marginMinor: 0,
      supplierId,
      dssupplierId: null,
      resellerId: null,
      shipperId: supplierId,
    };
    await b.runtime.bus.publish('orders.order', [
      envelope('orders.order.delivered', orderId, {
        orderId,
        checkoutId: newId(),
        userId: 'customer-1',
        shopId: 'shop-1',
        supplierId,
        dssupplierId: null,
        deliveredAt: now.toISOString(),
        returnDeadline: new Date(now.getTime() + 72 * HOUR).toISOString(),
        totalMinor: goodsMinor,
        currency: 'MXN',
        settlement,
      }),
    ]);
    await waitFor(async () => (await b.db.select().from(schema.settlements).where(eq(schema.settlements.orderId, orderId)))[0]);
    b.clock.advance(73 * HOUR);
    await b.app.get(Settlements).sweep();
    return orderId;
  }

  beforeAll(async () => {
    // The cut-off on Monday 06:00 UTC; the test starts on a Wednesday noon so a settlement 3 days later is held.
    b = await bootAccounts({ env: { WALLET_SETTLE_SWEEP_MS: '0', WALLET_SETTLE_JOBS: '0' } });
    b.clock.set(new Date('2026-11-25T12:00:00Z'));
    alice = await activeUser(b);
    bob = await activeUser(b);
  }, 60_000);
  afterAll(() => b?.close());

  it('a user never credited has one zero mxn wallet; any currency answers zeros; a bad wallet type is 400', async () => {
    const list = await call(b.app, 'GET', url(bob), undefined, { token: bob.token });
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual([
      expect.objectContaining({
        wallet_type: { id: 'mxn', currency: 'MXN' },
        balance_minor: 0,
        balance: '0.00',
        available_for_cashout_minor: 0,
      }),
    ]);
    const usd = await call(b.app, 'GET', url(bob, '/usd'), undefined, { token: bob.token });
    expect(usd.status).toBe(200);
    expect(usd.body).toMatchObject({
      wallet_type: { id: 'usd', currency: 'USD' },
      balance_minor: 0,
      held_minor: 0,
      pending_cashout_minor: 0,
    });
    expect(usd.body.next_cutoff_date).toBe('2026-11-30T06:00:00.000Z');
    for (const bad of ['MXN', 'mx', 'mxnn', '1xn']) {
      const res = await call(b.app, 'GET', url(bob, `/${bad}`), undefined, { token: bob.token });
      expect({ bad, status: res.status, code: res.body.code }).toEqual({ bad, status: 400, code: 'wallet_type_invalid' });
    }
    const moves = await call(b.app, 'GET', url(bob, '/mxn/movements'), undefined, { token: bob.token });
    expect(moves.body).toEqual({ results: [], matches_estimated: 0 });
  });

  it("refuses another user's wallets (403) and anonymous calls (401)", async () => {
    for (const [method, path] of [
      ['GET', url(alice)],
      ['GET', url(alice, '/mxn')],
      ['GET', url(alice, '/mxn/movements')],
      ['GET', url(alice, '/mxn/history')],
      ['GET', url(alice, '/mxn/cashouts')],
      ['POST', url(alice, '/mxn/cashouts')],
    ] as const) {
      const body = method === 'POST' ? { amount_minor: 10_000, clabe: CLABE } : undefined;
      const other = await call(b.app, method, path, body, { token: bob.token });
      expect({ path, status: other.status }).toEqual({ path, status: 403 });
      const anon = await call(b.app, method, path, body);
      expect({ path, status: anon.status }).toEqual({ path, status: 401 });
    }
  });

  it('a settled order credits the supplier: held until the cut-off, then available; movements, history and the credited event', async () => {
    const orderId = await settleOrderFor(alice.id, 100_000); // settles on Saturday 2026-11-28 13:00
    const w = await call(b.app, 'GET', url(alice, '/mxn'), undefined, { token: alice.token });
    // 5 % platform fee: 95,000 to the supplier, held until Monday 06:00.
    expect(w.body).toMatchObject({ balance_minor: 95_000, balance: '950.00', held_minor: 95_000, available_for_cashout_minor: 0 });
    const moves = await call(b.app, 'GET', url(alice, '/mxn/movements'), undefined, { token: alice.token });
    expect(moves.body.matches_estimated).toBe(1);
    expect(moves.body.results[0]).toMatchObject({
      kind: 'dispersion',
      part: 'supplier',
      order_id: orderId,
      amount_minor: 95_000,
      amount: '950.00',
      balance_after_minor: 95_000,
    });
    const credited = await outboxEvents<{ userId: string; amountMinor: number; orderId: string }>(b, WalletEvents.credited);
    expect(credited.filter((e) => e.data.userId === alice.id).map((e) => e.data)).toEqual([
      expect.objectContaining({ userId: alice.id, amountMinor: 95_000, orderId, walletTypeId: 'mxn', kind: 'dispersion' }),
    ]);
    expect((await outboxEvents(b, WalletEvents.dispersed)).length).toBeGreaterThan(0);

    b.clock.advance(2 * 24 * HOUR); // Monday 13:00: past the cut-off
    const later = await call(b.app, 'GET', url(alice, '/mxn'), undefined, { token: alice.token });
    expect(later.body).toMatchObject({ balance_minor: 95_000, held_minor: 0, available_for_cashout_minor: 95_000 });
    expect(later.body.next_cutoff_date).toBe('2026-12-07T06:00:00.000Z');
    const history = await call(b.app, 'GET', url(alice, '/mxn/history'), undefined, { token: alice.token, query: { days: '30' } });
    expect(history.body).toEqual({ points: [{ date: '2026-11-28', balance_minor: 95_000 }] });
    const badDays = await call(b.app, 'GET', url(alice, '/mxn/history'), undefined, { token: alice.token, query: { days: '0' } });
    expect(badDays.status).toBe(400);
    const list = await call(b.app, 'GET', url(alice), undefined, { token: alice.token });
    expect(list.body.results.map((r: { wallet_type: { id: string } }) => r.wallet_type.id)).toEqual(['mxn']);
  });

  it('a cash-out: limits, CLABE, the available amount, Idempotency-Key replays', async () => {
    const post = (body: unknown, key = newId()) =>
      call(b.app, 'POST', url(alice, '/mxn/cashouts'), body, { token: alice.token, headers: { 'idempotency-key': key } });
    expect((await post({ amount_minor: 9_999, clabe: CLABE })).body.code).toBe('cashout_below_minimum');
    expect((await post({ amount_minor: 9_999, clabe: CLABE })).status).toBe(422);
    for (const clabe of [BAD_CLABE, '123', 'x'.repeat(18)]) {
      const res = await post({ amount_minor: 10_000, clabe });
      expect({ clabe, status: res.status, code: res.body.code }).toEqual({ clabe, status: 400, code: 'invalid_clabe' });
    }
    for (const body of [
      { amount_minor: 10.5, clabe: CLABE },
      { amount_minor: '100', clabe: CLABE },
      { clabe: CLABE },
      { amount_minor: 10_000 },
      {},
    ]) {
      expect((await post(body)).status).toBe(400);
    }
    const tooMuch = await post({ amount_minor: 95_001, clabe: CLABE });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({ code: 'cashout_exceeds_available', available_minor: 95_000 });

    const key = newId();
    const first = await post({ amount_minor: 20_000, clabe: CLABE }, key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      wallet_type_id: 'mxn',
      amount_minor: 20_000,
      amount: '200.00',
      status: 'requested',
      decided_at: null,
    });
    expect(first.body.clabe).toBe(`**************${CLABE.slice(-4)}`);
    const again = await post({ amount_minor: 20_000, clabe: CLABE }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const reused = await post({ amount_minor: 30_000, clabe: CLABE }, key);
    expect([reused.status, reused.body.code]).toEqual([422, 'idempotency_key_reused']);

    const w = await call(b.app, 'GET', url(alice, '/mxn'), undefined, { token: alice.token });
    expect(w.body).toMatchObject({ balance_minor: 75_000, available_for_cashout_minor: 75_000, pending_cashout_minor: 20_000 });
    const list = await call(b.app, 'GET', url(alice, '/mxn/cashouts'), undefined, { token: alice.token });
    expect(list.body.matches_estimated).toBe(1);
    expect(list.body.results[0].id).toBe(first.body.id);
    const moves = await call(b.app, 'GET', url(alice, '/mxn/movements'), undefined, { token: alice.token });
    expect(moves.body.results[0]).toMatchObject({
      kind: 'cashout',
      part: null,
      order_id: null,
      amount_minor: -20_000,
      balance_after_minor: 75_000,
    });
  });

  it('concurrent cash-outs never take more than is available', async () => {
    // 75,000 available: seven racing requests of 20,000 → three succeed.
    const results = await Promise.all(
      Array.from({ length: 7 }, () =>
        call(
          b.app,
          'POST',
          url(alice, '/mxn/cashouts'),
          { amount_minor: 20_000, clabe: CLABE },
          { token: alice.token, headers: { 'idempotency-key': newId() } },
        ),
      ),
    );
    const statuses = results.map((r) => r.status).sort((x, y) => x - y);
    expect(statuses).toEqual([201, 201, 201, 422, 422, 422, 422]);
    const w = await call(b.app, 'GET', url(alice, '/mxn'), undefined, { token: alice.token });
    expect(w.body).toMatchObject({ balance_minor: 15_000, available_for_cashout_minor: 15_000, pending_cashout_minor: 80_000 });
  });

  it('the operator pays or rejects a cash-out once; a rejection gives the money back', async () => {
    const list = await call(b.app, 'GET', url(alice, '/mxn/cashouts'), undefined, { token: alice.token });
    const [one, two] = list.body.results as Array<{ id: string }>;
    const decide = (id: string, what: string, secret: string | null = DEVELOPMENT_SERVICE_SECRET) =>
      call(b.app, 'POST', `/accounts/internal/cashouts/${id}/${what}`, undefined, {
        headers: secret ? { [SERVICE_SECRET_HEADER]: secret } : {},
      });
    expect((await decide(one.id, 'paid', null)).status).toBe(401);
    expect((await decide(one.id, 'paid', 'wrong')).status).toBe(401);
    expect((await decide(newId(), 'paid')).body.code).toBe('cashout_not_found');

    const paid = await decide(one.id, 'paid');
    expect([paid.status, paid.body.status]).toEqual([200, 'paid']);
    expect(paid.body.decided_at).toEqual(expect.any(String));
    const rejected = await decide(two.id, 'rejected');
    expect([rejected.status, rejected.body.status]).toEqual([200, 'rejected']);
    for (const [id, what] of [
      [one.id, 'rejected'],
      [two.id, 'paid'],
      [two.id, 'rejected'],
    ] as const) {
      const res = await decide(id, what);
      expect([res.status, res.body.code]).toEqual([409, 'cashout_already_decided']);
    }
    const w = await call(b.app, 'GET', url(alice, '/mxn'), undefined, { token: alice.token });
    // The reversal is a credit since the cut-off: held until the next one.
    expect(w.body).toMatchObject({
      balance_minor: 35_000,
      held_minor: 20_000,
      available_for_cashout_minor: 15_000,
      pending_cashout_minor: 40_000,
    });
    const moves = await call(b.app, 'GET', url(alice, '/mxn/movements'), undefined, { token: alice.token, query: { limit: '1' } });
    expect(moves.body.results[0]).toMatchObject({ kind: 'cashout_reversal', amount_minor: 20_000, balance_after_minor: 35_000 });
    expect(moves.body.matches_estimated).toBe(6);
  });

  it('refuses bad list parameters with 400', async () => {
    const queries: Record<string, string>[] = [{ limit: '0' }, { limit: '101' }, { offset: '-1' }, { limit: 'x' }];
    for (const query of queries) {
      const res = await call(b.app, 'GET', url(alice, '/mxn/movements'), undefined, { token: alice.token, query });
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
  });

  it('documents the wallet routes in the OpenAPI, and leaves the operator routes out', async () => {
    const doc = await call(b.app, 'GET', '/openapi.json');
    const paths = Object.keys(doc.body.paths as Record<string, unknown>).filter((p) => p.startsWith('/accounts'));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/accounts/{me}/wallets',
        '/accounts/{me}/wallets/{walletTypeId}',
        '/accounts/{me}/wallets/{walletTypeId}/movements',
        '/accounts/{me}/wallets/{walletTypeId}/history',
        '/accounts/{me}/wallets/{walletTypeId}/cashouts',
      ]),
    );
    expect(paths.filter((p) => p.includes('internal'))).toEqual([]);
    const post = doc.body.paths['/accounts/{me}/wallets/{walletTypeId}/cashouts'].post;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '422']));
  });
});
