import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/** The supplier sign-up page's texts travel with its chunk (web/src/i18n/feature-texts.ts). */
export const SUPPLIER_SIGNUP_NS = 'supplierSignup';

export const SUPPLIER_SIGNUP_BUNDLES = { es, en, 'es-AR': esAR } as const;

type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${StripPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type SignupKey = Leaves<typeof es>;
export type SignupT = (key: SignupKey, options?: Record<string, unknown>) => string;

export function ensureSupplierSignupTexts(i18n: I18n): void {
  addFeatureTexts(i18n, SUPPLIER_SIGNUP_NS, SUPPLIER_SIGNUP_BUNDLES);
}

export function useSignupT(): { t: SignupT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureSupplierSignupTexts(i18n);
  const t = i18n.getFixedT(null, SUPPLIER_SIGNUP_NS as never) as unknown as SignupT;
  return { t, i18n };
}
