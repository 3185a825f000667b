import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The payment texts travel with the payment chunks (only shoppers who pay open them) and join the app's i18next
 * instance on first use (web/src/i18n/feature-texts.ts).
 */
export const PAYMENTS_NS = 'payments';

export const PAYMENTS_BUNDLES = { es, en, 'es-AR': esAR } as const;

type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${StripPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the Spanish reference file. */
export type PaymentsKey = Leaves<typeof es>;
export type PaymentsT = (key: PaymentsKey, options?: Record<string, unknown>) => string;

export function ensurePaymentsTexts(i18n: I18n): void {
  addFeatureTexts(i18n, PAYMENTS_NS, PAYMENTS_BUNDLES);
}

/** `t` over the payment texts, following the app's language. */
export function usePaymentsT(): { t: PaymentsT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensurePaymentsTexts(i18n);
  const t = i18n.getFixedT(null, PAYMENTS_NS as never) as unknown as PaymentsT;
  return { t, i18n };
}
