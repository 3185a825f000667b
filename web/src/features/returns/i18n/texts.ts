import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The return texts travel with the return pages (only signed-in buyers and sellers open them) and join the app's
 * i18next instance on first use (web/src/i18n/feature-texts.ts).
 */
export const RETURNS_NS = 'returns';

export const RETURNS_BUNDLES = { es, en, 'es-AR': esAR } as const;

type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${StripPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the Spanish reference file. */
export type ReturnsKey = Leaves<typeof es>;
export type ReturnsT = (key: ReturnsKey, options?: Record<string, unknown>) => string;

export function ensureReturnsTexts(i18n: I18n): void {
  addFeatureTexts(i18n, RETURNS_NS, RETURNS_BUNDLES);
}

/** `t` over the return texts, following the app's language. */
export function useReturnsT(): { t: ReturnsT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureReturnsTexts(i18n);
  const t = i18n.getFixedT(null, RETURNS_NS as never) as unknown as ReturnsT;
  return { t, i18n };
}
