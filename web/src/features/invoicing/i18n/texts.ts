import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The invoicing texts travel with the order pages that show them and join the app's
 * i18next instance on first use (web/src/i18n/feature-texts.ts).
 */
export const INVOICING_NS = 'invoicing';

export const INVOICING_BUNDLES = { es, en, 'es-AR': esAR } as const;

type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${StripPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the Spanish reference file. */
export type InvoicingKey = Leaves<typeof es>;
export type InvoicingT = (key: InvoicingKey, options?: Record<string, unknown>) => string;

export function ensureInvoicingTexts(i18n: I18n): void {
  addFeatureTexts(i18n, INVOICING_NS, INVOICING_BUNDLES);
}

/** `t` over the invoicing texts, following the app's language. */
export function useInvoicingT(): { t: InvoicingT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureInvoicingTexts(i18n);
  const t = i18n.getFixedT(null, INVOICING_NS as never) as unknown as InvoicingT;
  return { t, i18n };
}
