import type { Alert } from '@vitrina/contracts';
import { moneyLocale } from '@/lib/money';

/**
 * The alert's message in the reader's language (es, en, es-AR); es-AR falls back to Spanish as the app's texts do.
 * Null when there is none, so the panel says 'Sin mensaje' (spec 2 §2).
 */
export function alertMessage(alert: Alert, language: string): string | null {
  const body = alert.message_body;
  const text = language === 'en' ? body.en : language === 'es-AR' ? body['es-AR'] || body.es : body.es;
  return text.trim() ? text : null;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** Each unit up to where the next one reads better ('hace 90 min' reads worse than 'hace 1 h'). */
const STEPS: Array<[limit: number, unit: Intl.RelativeTimeFormatUnit, size: number]> = [
  [MINUTE, 'second', 1],
  [HOUR, 'minute', MINUTE],
  [DAY, 'hour', HOUR],
  [WEEK, 'day', DAY],
  [MONTH, 'week', WEEK],
  [YEAR, 'month', MONTH],
  [Infinity, 'year', YEAR],
];

const formatters = new Map<string, Intl.RelativeTimeFormat>();

function formatterFor(language: string): Intl.RelativeTimeFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(moneyLocale(language), { numeric: 'auto', style: 'short' });
    formatters.set(language, formatter);
  }
  return formatter;
}

/** How long ago an alert came, as the reader's locale says it: 'ahora', 'hace 5 min', 'ayer', '3 hr. ago'. */
export function timeAgo(iso: string, language: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  // A clock a little ahead of the server's still reads 'now', never 'in 3 s'.
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 45) return formatterFor(language).format(0, 'second');
  const [, unit, size] = STEPS.find(([limit]) => seconds < limit)!;
  return formatterFor(language).format(-Math.max(1, Math.floor(seconds / size)), unit);
}
