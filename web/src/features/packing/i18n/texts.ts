import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The packing texts travel with the panel (only a dropshipping supplier opens it) and join the app's
 * i18next instance on first use (web/src/i18n/feature-texts.ts).
 */
export const PACKING_NS = 'packing';

export const PACKING_BUNDLES = { es, en, 'es-AR': esAR } as const;

type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${StripPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the Spanish reference file. */
export type PackingKey = Leaves<typeof es>;
export type PackingT = (key: PackingKey, options?: Record<string, unknown>) => string;

export function ensurePackingTexts(i18n: I18n): void {
  addFeatureTexts(i18n, PACKING_NS, PACKING_BUNDLES);
}

/** `t` over the packing texts, following the app's language. */
export function usePackingT(): { t: PackingT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensurePackingTexts(i18n);
  const t = i18n.getFixedT(null, PACKING_NS as never) as unknown as PackingT;
  return { t, i18n };
}
