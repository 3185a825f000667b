import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The inbox texts travel with the feature's chunks (the inbox pages, and the ask-the-seller button of item and order pages) and join the
 * app's i18next instance on first use (web/src/i18n/feature-texts.ts).
 */
export const INBOX_NS = 'inbox';

export const INBOX_BUNDLES = { es, en, 'es-AR': esAR } as const;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;

/** Every key of the Spanish reference file (plural forms by their base key). */
export type InboxKey = StripPlural<Leaves<typeof es>>;
export type InboxT = (key: InboxKey, options?: Record<string, unknown>) => string;

export function ensureInboxTexts(i18n: I18n): void {
  addFeatureTexts(i18n, INBOX_NS, INBOX_BUNDLES);
}

/** `t` over the inbox texts, following the app's language. */
export function useInboxT(): { t: InboxT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureInboxTexts(i18n);
  const t = i18n.getFixedT(null, INBOX_NS as never) as unknown as InboxT;
  return { t, i18n };
}
