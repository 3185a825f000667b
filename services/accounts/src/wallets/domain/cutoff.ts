/**
 * The weekly cut-off (spec 2 §3 'Wallet' next_cutoff_date): funds credited since the last cut-off are held; at the
 * next one they become available for cash-out.
 */
export interface CutoffRule {
  /** 0 = Sunday … 6 = Saturday (UTC). */
  weekday: number;
  /** Hour of the day, UTC. */
  hour: number;
}

const DAY_MS = 86_400_000;

/** The first cut-off strictly after `now`. */
export function nextCutoff(now: Date, rule: CutoffRule): Date {
  const base = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), rule.hour);
  const daysAhead = (rule.weekday - now.getUTCDay() + 7) % 7;
  let at = base + daysAhead * DAY_MS;
  if (at <= now.getTime()) at += 7 * DAY_MS;
  return new Date(at);
}

/** The cut-off at or before `now`: the next one less a week. */
export function lastCutoff(now: Date, rule: CutoffRule): Date {
  return new Date(nextCutoff(now, rule).getTime() - 7 * DAY_MS);
}

/** Held = credits since the last cut-off, capped at the balance; available = the rest, never below zero. */
export function walletFigures(balanceMinor: number, creditsSinceCutoffMinor: number): { heldMinor: number; availableMinor: number } {
  const heldMinor = Math.max(0, Math.min(creditsSinceCutoffMinor, balanceMinor));
  return { heldMinor, availableMinor: Math.max(0, balanceMinor - heldMinor) };
}

/** A CLABE shown with all but its last 4 digits masked. */
export function maskClabe(clabe: string): string {
  return `${'*'.repeat(Math.max(0, clabe.length - 4))}${clabe.slice(-4)}`;
}
