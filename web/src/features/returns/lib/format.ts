export { formatDate, formatDateTime, orderNumber } from '@/lib/dates';

/** Whole hours left until `until` (0 when under an hour or past). */
export function hoursLeft(until: string, now: Date): number {
  const ms = Date.parse(until) - now.getTime();
  return Number.isNaN(ms) || ms <= 0 ? 0 : Math.floor(ms / 3_600_000);
}
