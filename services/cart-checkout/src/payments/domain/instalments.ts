import { formatMinorUnits, type InstalmentOption } from '@vitrina/contracts';

/**
 * Monthly payments (spec 3 §3 msi_payments, instalments, financing_cost; §9 'Payment options'): card MSI and the
 * deferred-payment plan (aplazo), each a table of months → financing rate in basis points. All in integer minor
 * units: the cost is rounded half up, the monthly payments are the total split evenly with the remainder on the last.
 */
export type RateTable = ReadonlyMap<number, number>;

/** "3:0,6:0,9:500,12:800" → months → basis points. Bad entries are skipped. */
export function parseRateTable(text: string | undefined, fallback: string): RateTable {
  const table = new Map<number, number>();
  for (const part of (text?.trim() ? text : fallback).split(',')) {
    const [m, bp] = part.split(':').map((s) => Number(s.trim()));
    if (Number.isInteger(m) && m >= 2 && m <= 48 && Number.isInteger(bp) && bp >= 0 && bp <= 10_000) table.set(m, bp);
  }
  return table;
}

export function financingCost(amountMinor: number, basisPoints: number): number {
  return Math.floor((amountMinor * basisPoints + 5_000) / 10_000);
}

export function instalmentOption(amountMinor: number, months: number, basisPoints: number): InstalmentOption {
  const cost = financingCost(amountMinor, basisPoints);
  const total = amountMinor + cost;
  const monthly = Math.floor(total / months);
  return {
    months,
    financing_cost_minor: cost,
    total_minor: total,
    total: formatMinorUnits(total),
    monthly_minor: monthly,
    monthly: formatMinorUnits(monthly),
  };
}

/** The options a table offers for an amount (none below the minimum). Sorted by months. */
export function instalmentOptions(amountMinor: number, table: RateTable, minimumMinor: number): InstalmentOption[] {
  if (amountMinor < minimumMinor) return [];
  return [...table.entries()].sort(([a], [b]) => a - b).map(([months, bp]) => instalmentOption(amountMinor, months, bp));
}
