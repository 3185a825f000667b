import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { clawbackParts, partKey, splitDispersion, sumMinor, type SplitPart, type SplitTerms } from '../src/wallets/domain/dispersion.js';
import { lastCutoff, maskClabe, nextCutoff, walletFigures } from '../src/wallets/domain/cutoff.js';

const CURRENCIES = ['MXN', 'USD', 'ARS'] as const;
const id = fc.constantFrom('u-supplier', 'u-ds', 'u-reseller', 'u-shipper');

/** Terms whose goods + shipping + financing is what was captured (1 .. 10^7), dropshipped and/or resold or not. */
const termsArb: fc.Arbitrary<SplitTerms> = fc
  .record({
    total: fc.integer({ min: 1, max: 10_000_000 }),
    a: fc.double({ min: 0, max: 1, noNaN: true }),
    b: fc.double({ min: 0, max: 1, noNaN: true }),
    marginShare: fc.double({ min: 0, max: 1.2, noNaN: true }),
    currency: fc.constantFrom(...CURRENCIES),
    dropshipped: fc.boolean(),
    resold: fc.boolean(),
    supplierId: id,
    shipperId: id,
    dssupplierId: id,
    resellerId: id,
  })
  .map((r) => {
    const goods = Math.floor(r.total * r.a);
    const shipping = Math.floor((r.total - goods) * r.b);
    const financing = r.total - goods - shipping;
    return {
      currency: r.currency,
      capturedMinor: r.total,
      goodsMinor: goods,
      shippingMinor: shipping,
      financingMinor: financing,
      marginMinor: r.resold ? Math.floor(goods * r.marginShare) : 0,
      supplierId: r.supplierId,
      dssupplierId: r.dropshipped ? r.dssupplierId : null,
      resellerId: r.resold ? r.resellerId : null,
      shipperId: r.shipperId,
    };
  });
const ratesArb = fc.record({ commissionPpm: fc.integer({ min: 0, max: 1_000_000 }), platformFeeBps: fc.integer({ min: 0, max: 10_000 }) });

function balances(parts: readonly SplitPart[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const p of parts) m.set(partKey(p), (m.get(partKey(p)) ?? 0) + p.amountMinor);
  for (const [k, v] of m) if (v === 0) m.delete(k);
  return m;
}

describe('wallets: the dispersion split', () => {
  it('parts sum to captured − refunds exactly, are non-negative integers and never pay a reseller without one (10,000 cases)', () => {
    fc.assert(
      fc.property(termsArb, ratesArb, fc.double({ min: 0, max: 1, noNaN: true }), (terms, rates, share) => {
        const refunded = Math.floor(terms.capturedMinor * share);
        const parts = splitDispersion(terms, refunded, rates);
        expect(sumMinor(parts)).toBe(terms.capturedMinor - refunded);
        for (const p of parts) {
          expect(Number.isSafeInteger(p.amountMinor) && p.amountMinor > 0).toBe(true);
        }
        const kinds = parts.map((p) => p.part);
        if (!terms.resellerId) expect(kinds).not.toContain('reseller');
        expect(kinds).not.toContain(terms.dssupplierId ? 'supplier' : 'dssupplier');
      }),
      { numRuns: 10_000 },
    );
  });

  it('the commission is margin × rate × goods kept / goods, floored, capped at the goods kept (10,000 cases)', () => {
    fc.assert(
      fc.property(termsArb, ratesArb, fc.integer({ min: 0, max: 10_000_000 }), (terms, rates, r) => {
        const refunded = Math.min(r, terms.capturedMinor);
        const parts = splitDispersion(terms, refunded, rates);
        const commission = parts.find((p) => p.part === 'reseller')?.amountMinor ?? 0;
        const goodsNet = terms.goodsMinor - Math.min(refunded, terms.goodsMinor);
        const expected =
          terms.resellerId && terms.goodsMinor > 0
            ? Math.min(
                goodsNet,
                Number(
                  (BigInt(terms.marginMinor) * BigInt(rates.commissionPpm) * BigInt(goodsNet)) / (1_000_000n * BigInt(terms.goodsMinor)),
                ),
              )
            : 0;
        expect(commission).toBe(expected);
      }),
      { numRuns: 10_000 },
    );
  });

  it('claw-backs after any sequence of partial refunds end in the split of the total refunded (10,000 cases)', () => {
    fc.assert(
      fc.property(termsArb, ratesArb, fc.array(fc.double({ min: 0, max: 0.5, noNaN: true }), { maxLength: 4 }), (terms, rates, shares) => {
        let refunded = 0;
        const posted: SplitPart[] = [...splitDispersion(terms, 0, rates)];
        for (const s of shares) {
          refunded = Math.min(terms.capturedMinor, refunded + Math.floor(terms.capturedMinor * s));
          const claw = clawbackParts(splitDispersion(terms, refunded, rates), posted);
          posted.push(...claw);
        }
        expect(balances(posted)).toEqual(balances(splitDispersion(terms, refunded, rates)));
        expect(sumMinor(posted)).toBe(terms.capturedMinor - refunded);
      }),
      { numRuns: 10_000 },
    );
  });

  it('pay-later orders (nothing captured) split into nothing; a full refund leaves nothing', () => {
    const terms: SplitTerms = {
      currency: 'MXN',
      capturedMinor: 0,
      goodsMinor: 10_000,
      shippingMinor: 500,
      financingMinor: 0,
      marginMinor: 2_000,
      supplierId: 's',
      dssupplierId: null,
      resellerId: 'r',
      shipperId: 's',
    };
    expect(splitDispersion(terms, 0, { commissionPpm: 500_000, platformFeeBps: 500 })).toEqual([]);
    expect(splitDispersion({ ...terms, capturedMinor: 10_500 }, 10_500, { commissionPpm: 500_000, platformFeeBps: 500 })).toEqual([]);
  });

  it('a resold, dropshipped order: dssupplier, reseller, shipping and platform parts (shipper = dssupplier stays two entries)', () => {
    const parts = splitDispersion(
      {
        currency: 'MXN',
        capturedMinor: 11_300,
        goodsMinor: 10_000,
        shippingMinor: 1_000,
        financingMinor: 300,
        marginMinor: 3_000,
        supplierId: 'reseller',
        dssupplierId: 'ds',
        resellerId: 'reseller',
        shipperId: 'ds',
      },
      0,
      { commissionPpm: 500_000, platformFeeBps: 500 },
    );
    expect(parts).toEqual([
      { part: 'dssupplier', userId: 'ds', amountMinor: 10_000 - 1_500 - 500 },
      { part: 'reseller', userId: 'reseller', amountMinor: 1_500 },
      { part: 'shipping', userId: 'ds', amountMinor: 1_000 },
      { part: 'platform', userId: null, amountMinor: 500 + 300 },
    ]);
  });
});

describe('wallets: the weekly cut-off', () => {
  const rule = { weekday: 1, hour: 6 };
  it('is the next Monday 06:00 UTC strictly after now', () => {
    expect(nextCutoff(new Date('2026-11-23T05:59:59Z'), rule).toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(nextCutoff(new Date('2026-11-23T06:00:00Z'), rule).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect(nextCutoff(new Date('2026-11-26T12:00:00Z'), rule).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect(lastCutoff(new Date('2026-11-26T12:00:00Z'), rule).toISOString()).toBe('2026-11-23T06:00:00.000Z');
  });
  it('holds the credits since the cut-off, capped at the balance; available is never negative', () => {
    expect(walletFigures(10_000, 3_000)).toEqual({ heldMinor: 3_000, availableMinor: 7_000 });
    expect(walletFigures(2_000, 3_000)).toEqual({ heldMinor: 2_000, availableMinor: 0 });
    expect(walletFigures(0, 0)).toEqual({ heldMinor: 0, availableMinor: 0 });
    expect(maskClabe('002010077777777771')).toBe('**************7771');
  });
});
