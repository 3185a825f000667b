import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The owner's editors' texts travel with their chunk (only a shop's owner opens them), so they are added to the
 * app's i18next instance when first used instead of sitting in every visitor's shop home (issue 10 §3 weight:
 * ~4 KB brotli of Spanish that no shopper reads). All three languages at once: a language switch finds them there.
 */
export const SHOP_ADMIN_NS = 'shopAdmin';

const BUNDLES = { es, en, 'es-AR': esAR } as const;

export function ensureShopAdminTexts(i18n: I18n): void {
  for (const [language, resources] of Object.entries(BUNDLES)) {
    if (!i18n.hasResourceBundle(language, SHOP_ADMIN_NS)) i18n.addResourceBundle(language, SHOP_ADMIN_NS, resources, true, false);
  }
}

/** `useTranslation('shopAdmin')`, with the namespace's texts added first. */
export function useShopAdminTranslation() {
  const { i18n } = useTranslation();
  ensureShopAdminTexts(i18n);
  return useTranslation(SHOP_ADMIN_NS);
}
