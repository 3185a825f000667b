import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The cart's texts travel with its chunk (the panel, the /carrito page and the host load after the shop has
 * painted), added to the app's i18next instance on first use, like the supplier pages' (web/src/i18n/feature-texts.ts).
 */
export const CART_NS = 'cart';

const BUNDLES = { es, en, 'es-AR': esAR } as const;

type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${StripPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the Spanish reference file (plural keys without their `_one`/`_other`). */
export type CartKey = Leaves<typeof es>;
export type CartT = (key: CartKey, options?: Record<string, unknown>) => string;

export function ensureCartTexts(i18n: I18n): void {
  addFeatureTexts(i18n, CART_NS, BUNDLES);
}

/** `t` over the cart's texts, following the app's language (re-renders on a switch). */
export function useCartT(): { t: CartT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureCartTexts(i18n);
  const t = i18n.getFixedT(null, CART_NS as never) as unknown as CartT;
  return { t, i18n };
}
