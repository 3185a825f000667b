import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The checkout page's texts travel with its chunk (only shoppers who check out open it) and join the app's
 * i18next instance on first use (web/src/i18n/feature-texts.ts).
 */
export const CHECKOUT_NS = 'checkout';

export const CHECKOUT_BUNDLES = { es, en, 'es-AR': esAR } as const;

type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${StripPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the Spanish reference file (plural keys without their `_one`/`_other`). */
export type CheckoutKey = Leaves<typeof es>;
export type CheckoutT = (key: CheckoutKey, options?: Record<string, unknown>) => string;

export function ensureCheckoutTexts(i18n: I18n): void {
  addFeatureTexts(i18n, CHECKOUT_NS, CHECKOUT_BUNDLES);
}

/** `t` over the checkout texts, following the app's language (re-renders on a switch). */
export function useCheckoutT(): { t: CheckoutT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureCheckoutTexts(i18n);
  const t = i18n.getFixedT(null, CHECKOUT_NS as never) as unknown as CheckoutT;
  return { t, i18n };
}
