import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/** The supplier settings page's texts travel with its chunk (web/src/i18n/feature-texts.ts). */
export const SUPPLIER_SETTINGS_NS = 'supplierSettings';

export const SUPPLIER_SETTINGS_BUNDLES = { es, en, 'es-AR': esAR } as const;

type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${StripPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type SettingsKey = Leaves<typeof es>;
export type SettingsT = (key: SettingsKey, options?: Record<string, unknown>) => string;

export function ensureSupplierSettingsTexts(i18n: I18n): void {
  addFeatureTexts(i18n, SUPPLIER_SETTINGS_NS, SUPPLIER_SETTINGS_BUNDLES);
}

export function useSettingsT(): { t: SettingsT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureSupplierSettingsTexts(i18n);
  const t = i18n.getFixedT(null, SUPPLIER_SETTINGS_NS as never) as unknown as SettingsT;
  return { t, i18n };
}
