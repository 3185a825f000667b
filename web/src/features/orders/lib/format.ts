export { formatDate, formatDateTime, formatDay, orderNumber } from '@/lib/dates';

/** Today in the reader's time zone as `YYYY-MM-DD` (what a date input gives and takes). */
export function todayDay(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
