export { formatClock, secondsUntil } from '@/lib/countdown';

/** The epoch ms of an ISO date, or null. */
export function deadlineOf(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const parsed = Date.parse(iso);
  return Number.isNaN(parsed) ? null : parsed;
}
