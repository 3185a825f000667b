import type { DispersionPart } from '@vitrina/contracts';

/**
 * The split of a settled order (issue 14; ARCHITECTURE §8 'Money settles once'). Pure integer arithmetic on minor
 * units: what was captured, less refunds, goes to the supplier (or the dropshipping supplier), the reseller's
 * commission, the platform's fee (plus financing) and whoever shipped. The parts sum to C − R exactly by
 * construction, whatever the rounding, so the clearing account's entry is just their negated sum.
 */
export interface SplitTerms {
  currency: string;
  capturedMinor: number;
  goodsMinor: number;
  shippingMinor: number;
  financingMinor: number;
  marginMinor: number;
  supplierId: string;
  dssupplierId: string | null;
  resellerId: string | null;
  shipperId: string;
}

export interface SplitRates {
  /** The reseller's plan commission rate in parts per million of the contribution margin (500000 = 0.5). */
  commissionPpm: number;
  /** The platform's fee on the goods, in basis points (500 = 5 %). */
  platformFeeBps: number;
}

/** One share of a split: `userId` null is the platform's account. */
export interface SplitPart {
  part: DispersionPart;
  userId: string | null;
  amountMinor: number;
}

/** Pay-later orders captured nothing through the platform: they settle with no entries. */
export function isPayLater(terms: Pick<SplitTerms, 'capturedMinor'>): boolean {
  return terms.capturedMinor <= 0;
}

const nonNeg = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/**
 * The parts of `terms` after `refundedMinor` was refunded. Refunds come off goods first, then shipping, then
 * financing. Zero parts are left out; the same user twice (a shipper who is also the supplier) stays two parts.
 */
export function splitDispersion(terms: SplitTerms, refundedMinor: number, rates: SplitRates): SplitPart[] {
  if (isPayLater(terms)) return [];
  const G = nonNeg(terms.goodsMinor);
  const S = nonNeg(terms.shippingMinor);
  const F = nonNeg(terms.financingMinor);
  const R = nonNeg(refundedMinor);
  const Rg = Math.min(R, G);
  const Rs = Math.min(R - Rg, S);
  const Rf = Math.min(R - Rg - Rs, F);
  const goodsNet = G - Rg;
  const shipNet = S - Rs;
  const finNet = F - Rf;

  let commission = 0;
  if (terms.resellerId && G > 0) {
    const M = BigInt(nonNeg(terms.marginMinor));
    const ppm = BigInt(nonNeg(rates.commissionPpm));
    commission = Number((M * ppm * BigInt(goodsNet)) / (1_000_000n * BigInt(G)));
    commission = Math.min(commission, goodsNet);
  }
  const fee = Math.min(Number((BigInt(goodsNet) * BigInt(nonNeg(rates.platformFeeBps))) / 10_000n), goodsNet - commission);
  const goodsPart = goodsNet - commission - fee;

  const parts: SplitPart[] = [
    terms.dssupplierId
      ? { part: 'dssupplier', userId: terms.dssupplierId, amountMinor: goodsPart }
      : { part: 'supplier', userId: terms.supplierId, amountMinor: goodsPart },
    { part: 'reseller', userId: terms.resellerId, amountMinor: commission },
    { part: 'shipping', userId: terms.shipperId, amountMinor: shipNet },
    { part: 'platform', userId: null, amountMinor: fee + finNet },
  ];
  return parts.filter((p) => p.amountMinor !== 0);
}

/** The key a part is posted under: the same (user, part) pair is one account movement. */
export function partKey(p: { part: string | null; userId: string | null }): string {
  return `${p.userId ?? ''}\u0000${p.part ?? ''}`;
}

/**
 * A claw-back (a refund after settlement): for every (user, part), what the new split gives less what was already
 * posted for the order (its dispersion and earlier claw-backs). Zero differences are left out, so the final
 * balances are the new split's whatever order the refunds arrived in.
 */
export function clawbackParts(target: readonly SplitPart[], alreadyPosted: readonly SplitPart[]): SplitPart[] {
  const diff = new Map<string, SplitPart>();
  for (const p of alreadyPosted) {
    const k = partKey(p);
    const d = diff.get(k) ?? { part: p.part, userId: p.userId, amountMinor: 0 };
    d.amountMinor -= p.amountMinor;
    diff.set(k, d);
  }
  for (const p of target) {
    const k = partKey(p);
    const d = diff.get(k) ?? { part: p.part, userId: p.userId, amountMinor: 0 };
    d.amountMinor += p.amountMinor;
    diff.set(k, d);
  }
  return [...diff.values()].filter((p) => p.amountMinor !== 0);
}

export const sumMinor = (parts: readonly { amountMinor: number }[]): number => parts.reduce((s, p) => s + p.amountMinor, 0);
