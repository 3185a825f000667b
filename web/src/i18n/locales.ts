import { LOCALE_COOKIE, readCookie, writeCookie } from '@/lib/cookies';

/** Spanish first (docs/architecture.md §6), then English and the regional es-AR variant. */
export const LOCALES = ['es', 'en', 'es-AR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';

/** Names shown in the language selector, each in its own language. */
export const LOCALE_NAMES: Record<Locale, string> = {
  es: 'Español',
  en: 'English',
  'es-AR': 'Español (Argentina)',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Maps a browser language tag (`es-MX`, `en-US`, `es-ar`) to a supported locale, if any. */
export function matchLocale(tag: string): Locale | null {
  const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const language = tag.split('-')[0]?.toLowerCase();
  return LOCALES.find((locale) => locale === language) ?? null;
}

/** The `locale` cookie wins, then the browser's languages in order of preference, else Spanish. */
export function detectLocale(
  cookieValue: string | null = readCookie(LOCALE_COOKIE),
  browserLanguages: readonly string[] = navigator.languages?.length ? navigator.languages : [navigator.language],
): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  for (const tag of browserLanguages) {
    const match = tag ? matchLocale(tag) : null;
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** Remembers an explicit choice for a year (spec 1 §3: a locale cookie is written). */
export function rememberLocale(locale: Locale): void {
  writeCookie(LOCALE_COOKIE, locale);
}
