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

/** A calendar day (`YYYY-MM-DD`, no time zone): the same day wherever the reader is. */
export function formatDay(day: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(moneyLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** Today in the reader's time zone as `YYYY-MM-DD` (what a date input gives and takes). */
export function todayDay(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** An order's number as people read it: `#` and the last 8 characters of its id, upper case (`#8C39C046`). */
export function orderNumber(id: string): string {
  return `#${id.replace(/-/g, '').slice(-8).toUpperCase()}`;
}
