/**
 * Membership periods (issue 16): a period lasts whole calendar months from its start, in UTC, clamped to the
 * month's last day (31 January + 1 month = 28 or 29 February), so a renewal never drifts by more than that clamp.
 */
export function addMonths(start: Date, months: number): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDay);
  return new Date(Date.UTC(y, m, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()));
}

export function addDays(start: Date, days: number): Date {
  return new Date(start.getTime() + days * 86_400_000);
}

export function addHours(start: Date, hours: number): Date {
  return new Date(start.getTime() + hours * 3_600_000);
}

/**
 * When a paid purchase's period starts: a renewal of the package being renewed continues where the paid period ended
 * (paying late in the grace does not move the charge date); anything else (a first purchase, an upgrade, a purchase
 * after a lapse) starts when it was paid.
 */
export function periodStart(
  kind: 'purchase' | 'renewal',
  paidAt: Date,
  current: { packageId: string; status: string; periodEnd: Date } | null,
  packageId: string,
): Date {
  if (kind === 'renewal' && current && current.packageId === packageId && current.status !== 'lapsed') return current.periodEnd;
  return paidAt;
}
