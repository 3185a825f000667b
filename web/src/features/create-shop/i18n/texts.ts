import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The 'create your free store' texts travel with its page's chunk and join the app's i18next instance on first use
 * (web/src/i18n/feature-texts.ts).
 */
export const CREATE_SHOP_NS = 'createShop';

export const CREATE_SHOP_BUNDLES = { es, en, 'es-AR': esAR } as const;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the Spanish reference file. */
export type CreateShopKey = Leaves<typeof es>;
export type CreateShopT = (key: CreateShopKey, options?: Record<string, unknown>) => string;

export function ensureCreateShopTexts(i18n: I18n): void {
  addFeatureTexts(i18n, CREATE_SHOP_NS, CREATE_SHOP_BUNDLES);
}

/** `t` over the create-shop texts, following the app's language. */
export function useCreateShopT(): { t: CreateShopT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureCreateShopTexts(i18n);
  const t = i18n.getFixedT(null, CREATE_SHOP_NS as never) as unknown as CreateShopT;
  return { t, i18n };
}
