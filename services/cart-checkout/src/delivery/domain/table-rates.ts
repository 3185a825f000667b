import type { StoredRateZone } from './delivery.types.js';

export interface Destination {
  /** State code. */
  state: string;
  /** 5 digits, or null when unknown (a branch without one). */
  postalCode: string | null;
}

/**
 * How well a zone covers a destination: a postal-code prefix match beats a state match, and a longer prefix
 * beats a shorter one (issue 11: "postal prefix beats state"); 0 when the zone does not cover it.
 */
export function zoneScore(zone: StoredRateZone, to: Destination): number {
  const prefix = to.postalCode ? Math.max(0, ...zone.postalPrefixes.filter((p) => to.postalCode!.startsWith(p)).map((p) => p.length)) : 0;
  if (prefix > 0) return 10 + prefix;
  return zone.states.includes(to.state) ? 1 : 0;
}

/**
 * The zones that price a destination: per carrier, the best-scoring zone (the cheaper one on a tie), cheapest
 * first. Several carriers give the shopper several rates; one carrier never gives two.
 */
export function zonesFor(zones: readonly StoredRateZone[], to: Destination): StoredRateZone[] {
  const best = new Map<string, { zone: StoredRateZone; score: number }>();
  for (const zone of zones) {
    const score = zoneScore(zone, to);
    if (score === 0) continue;
    const current = best.get(zone.carrier);
    if (!current || score > current.score || (score === current.score && zone.priceMinor < current.zone.priceMinor)) {
      best.set(zone.carrier, { zone, score });
    }
  }
  return [...best.values()]
    .map((b) => b.zone)
    .sort((a, b) => a.priceMinor - b.priceMinor || a.days - b.days || a.carrier.localeCompare(b.carrier));
}
