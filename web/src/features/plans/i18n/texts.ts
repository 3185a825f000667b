import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The plans and packages texts (issue 16) travel with their pages' chunk and join the app's i18next instance on first
 * use (web/src/i18n/feature-texts.ts).
 */
export const PLANS_NS = 'plans';

export const PLANS_BUNDLES = { es, en, 'es-AR': esAR } as const;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the Spanish reference file. */
export type PlansKey = Leaves<typeof es>;
export type PlansT = (key: PlansKey, options?: Record<string, unknown>) => string;

export function ensurePlansTexts(i18n: I18n): void {
  addFeatureTexts(i18n, PLANS_NS, PLANS_BUNDLES);
}

/** `t` over the plans texts, following the app's language. */
export function usePlansT(): { t: PlansT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensurePlansTexts(i18n);
  const t = i18n.getFixedT(null, PLANS_NS as never) as unknown as PlansT;
  return { t, i18n };
}
