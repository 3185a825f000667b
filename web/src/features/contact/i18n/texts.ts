import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The contact texts travel with the feature's chunks (the contact page, the item pages, the owner's list) and join the
 * app's i18next instance on first use (web/src/i18n/feature-texts.ts).
 */
export const CONTACT_NS = 'contact';

export const CONTACT_BUNDLES = { es, en, 'es-AR': esAR } as const;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;

/** Every key of the Spanish reference file (plural forms by their base key). */
export type ContactKey = StripPlural<Leaves<typeof es>>;
export type ContactT = (key: ContactKey, options?: Record<string, unknown>) => string;

export function ensureContactTexts(i18n: I18n): void {
  addFeatureTexts(i18n, CONTACT_NS, CONTACT_BUNDLES);
}

/** `t` over the contact texts, following the app's language. */
export function useContactT(): { t: ContactT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureContactTexts(i18n);
  const t = i18n.getFixedT(null, CONTACT_NS as never) as unknown as ContactT;
  return { t, i18n };
}
