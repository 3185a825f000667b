import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The supplier pages' texts travel with their chunk (only signed-in suppliers open them), so they are added to
 * the app's i18next instance when first used instead of sitting in the main bundle with the storefront's.
 */
export const SUPPLIER_ITEMS_NS = 'supplierItems';

const BUNDLES = { es, en, 'es-AR': esAR } as const;

type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${StripPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the Spanish reference file (plural keys without their `_one`/`_other`). */
export type SupplierKey = Leaves<typeof es>;
export type SupplierT = (key: SupplierKey, options?: Record<string, unknown>) => string;

export function ensureSupplierItemsTexts(i18n: I18n): void {
  addFeatureTexts(i18n, SUPPLIER_ITEMS_NS, BUNDLES);
}

/** `t` over the supplier pages' texts, following the app's language (re-renders on a switch). */
export function useSupplierT(): { t: SupplierT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureSupplierItemsTexts(i18n);
  const t = i18n.getFixedT(null, SUPPLIER_ITEMS_NS as never) as unknown as SupplierT;
  return { t, i18n };
}
