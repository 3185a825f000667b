import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import accountMenuEn from '@/features/account-menu/i18n/en.json';
import accountMenuEsAR from '@/features/account-menu/i18n/es-AR.json';
import accountMenuEs from '@/features/account-menu/i18n/es.json';
import authEn from '@/features/auth/i18n/en.json';
import authEsAR from '@/features/auth/i18n/es-AR.json';
import authEs from '@/features/auth/i18n/es.json';
import profileEn from '@/features/profile/i18n/en.json';
import profileEsAR from '@/features/profile/i18n/es-AR.json';
import profileEs from '@/features/profile/i18n/es.json';
import shopAdminEn from '@/features/shop-admin/i18n/en.json';
import shopAdminEsAR from '@/features/shop-admin/i18n/es-AR.json';
import shopAdminEs from '@/features/shop-admin/i18n/es.json';
import storefrontEn from '@/features/storefront/i18n/en.json';
import storefrontEsAR from '@/features/storefront/i18n/es-AR.json';
import storefrontEs from '@/features/storefront/i18n/es.json';
import en from './locales/en.json';
import es from './locales/es.json';
import esAR from './locales/es-AR.json';
import { DEFAULT_LOCALE, LOCALES, type Locale, rememberLocale } from './locales';

export const resources = {
  es: { translation: es, auth: authEs, accountMenu: accountMenuEs, profile: profileEs, storefront: storefrontEs, shopAdmin: shopAdminEs },
  en: { translation: en, auth: authEn, accountMenu: accountMenuEn, profile: profileEn, storefront: storefrontEn, shopAdmin: shopAdminEn },
  // Only what differs from neutral Spanish; the rest falls back to `es`.
  'es-AR': { translation: esAR, auth: authEsAR, accountMenu: accountMenuEsAR, profile: profileEsAR, storefront: storefrontEsAR, shopAdmin: shopAdminEsAR },
} as const;

/** A fresh i18next instance (one per app, one per test), resources bundled: the texts are small. */
export function createI18n(locale: Locale): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    supportedLngs: [...LOCALES],
    fallbackLng: { 'es-AR': ['es'], default: [DEFAULT_LOCALE] },
    interpolation: { escapeValue: false }, // React escapes.
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** Switches the language and remembers the choice in the `locale` cookie. */
export async function changeLocale(instance: I18n, locale: Locale): Promise<void> {
  rememberLocale(locale);
  await instance.changeLanguage(locale);
}
