import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import es from './locales/es.json';
import esAR from './locales/es-AR.json';
import { DEFAULT_LOCALE, LOCALES, type Locale, rememberLocale } from './locales';

export const resources = {
  es: { translation: es },
  en: { translation: en },
  // Only what differs from neutral Spanish; the rest falls back to `es`.
  'es-AR': { translation: esAR },
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
