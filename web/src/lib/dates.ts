import { moneyLocale } from '@/lib/money';

/*
 * Dates and order numbers as the account pages write them (orders, returns, wallets): one implementation, the
 * reader's locale (es: Mexican).
 */

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

/** An order's number as people read it: `#` and the last 8 characters of its id, upper case (`#8C39C046`). */
export function orderNumber(id: string): string {
  return `#${id.replace(/-/g, '').slice(-8).toUpperCase()}`;
}
