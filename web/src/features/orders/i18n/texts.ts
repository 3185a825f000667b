import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The order texts travel with the order pages (only signed-in buyers and sellers open them) and join the app's i18next
 * instance on first use (web/src/i18n/feature-texts.ts).
 */
export const ORDERS_NS = 'orders';

export const ORDERS_BUNDLES = { es, en, 'es-AR': esAR } as const;

type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${StripPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the Spanish reference file. */
export type OrdersKey = Leaves<typeof es>;
export type OrdersT = (key: OrdersKey, options?: Record<string, unknown>) => string;

export function ensureOrdersTexts(i18n: I18n): void {
  addFeatureTexts(i18n, ORDERS_NS, ORDERS_BUNDLES);
}

/** `t` over the order texts, following the app's language. */
export function useOrdersT(): { t: OrdersT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureOrdersTexts(i18n);
  const t = i18n.getFixedT(null, ORDERS_NS as never) as unknown as OrdersT;
  return { t, i18n };
}
