import { moneyLocale } from '@/lib/money';

/** A moment (ISO) as the reader's locale writes a date: `25 nov 2026`. */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(moneyLocale(language), { dateStyle: 'medium' }).format(date);
}

/** A moment with its time: `25 nov 2026, 10:30`. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(moneyLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** An order's number as the order pages write it: `#` and the last 8 characters of its id, upper case. */
export function orderNumber(id: string): string {
  return `#${id.replace(/-/g, '').slice(-8).toUpperCase()}`;
}

/** Whole hours left until `until` (0 when under an hour or past). */
export function hoursLeft(until: string, now: Date): number {
  const ms = Date.parse(until) - now.getTime();
  return Number.isNaN(ms) || ms <= 0 ? 0 : Math.floor(ms / 3_600_000);
}
