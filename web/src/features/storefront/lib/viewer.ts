import { readCookie, writeCookie } from '@/lib/cookies';

/**
 * Who is looking at the shop, as the storefront needs it (spec 1 §6 'User levels'): level 0 when there is no
 * profile, 'unknown' before the profile loads, 1 for entrepreneurs without a store, 2 with a store.
 */
export type ViewerLevel = 0 | 1 | 2 | 3 | 'unknown';

export interface Viewer {
  level: ViewerLevel;
  /** The signed-in user's id; null for anonymous visitors. */
  userId: string | null;
  /** The plan's commission rate (0.5 = 50 %) when the session knows it; null lets the default apply. */
  commissionRate: number | null;
}

export const ANONYMOUS_VIEWER: Viewer = { level: 0, userId: null, commissionRate: null };

/**
 * spec 2 §3 'Plan': plan_commission_rate '0.500000'. Used when neither the session nor the API gives a rate.
 * Commission earned on a product = contribution_margin x this rate (spec 1 §9).
 */
export const DEFAULT_PLAN_COMMISSION_RATE = 0.5;

/** spec 1 §3: the resale-info cookie (365 days, default true) decides whether resellers see resale details. */
export const RESALE_INFO_COOKIE = 'resale_info';

export function readResaleInfoFlag(): boolean {
  return readCookie(RESALE_INFO_COOKIE) !== 'false';
}

export function writeResaleInfoFlag(on: boolean): void {
  writeCookie(RESALE_INFO_COOKIE, on ? 'true' : 'false');
}
