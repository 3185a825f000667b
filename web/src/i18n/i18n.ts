import i18next, { type BackendModule, type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from './bundles/es';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, rememberLocale } from './locales';

type Bundle = ResourceLanguage;

/** Every namespace; each language's texts come as one bundle holding them all. */
export const NAMESPACES = Object.keys(es) as (keyof typeof es)[];

/**
 * Spanish is the default and every language's fallback, so it is bundled; the other languages are chunks,
 * loaded before the first render when active (`loadLocale`, see app.tsx) or on a language switch (the backend).
 */
const loaders: Partial<Record<Locale, () => Promise<{ default: Bundle }>>> = {
  en: () => import('./bundles/en'),
  'es-AR': () => import('./bundles/es-AR'),
};
const loaded = new Map<Locale, Bundle>([[DEFAULT_LOCALE, es]]);
const loading = new Map<Locale, Promise<void>>();

export function isLocaleLoaded(locale: Locale): boolean {
  return loaded.has(locale);
}

/** Fetches a language's texts once; instances created afterwards have them from the start. */
export function loadLocale(locale: Locale): Promise<void> {
  const load = loaders[locale];
  if (!load || loaded.has(locale)) return Promise.resolve();
  let promise = loading.get(locale);
  if (!promise) {
    promise = load().then(
      (module) => void loaded.set(locale, module.default),
      (error: unknown) => {
        loading.delete(locale); // A later switch tries again.
        throw error;
      },
    );
    loading.set(locale, promise);
  }
  return promise;
}

/** i18next's side of `loadLocale`: a language that an instance does not have yet (a switch) is fetched. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isLocale(language)) return callback(null, {});
    loadLocale(language).then(
      () => callback(null, loaded.get(language)?.[namespace] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

// Tests render synchronously in any language: they get every language up front.
if (import.meta.env.MODE === 'test') await Promise.all(LOCALES.map(loadLocale));

/**
 * A fresh i18next instance (one per app, one per test) with the languages loaded so far; load the active one
 * first (`loadLocale`) so the first render has its texts.
 */
export function createI18n(locale: Locale): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  void instance
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      resources: Object.fromEntries(loaded),
      // Languages missing from `resources` come from the backend.
      partialBundledLanguages: true,
      ns: NAMESPACES,
      defaultNS: 'translation',
      lng: locale,
      supportedLngs: [...LOCALES],
      fallbackLng: { 'es-AR': ['es'], default: [DEFAULT_LOCALE] },
      interpolation: { escapeValue: false }, // React escapes.
      initAsync: false,
      returnNull: false,
    });
  return instance;
}

/** Switches the language (once its texts are loaded) and remembers the choice in the `locale` cookie. */
export async function changeLocale(instance: I18n, locale: Locale): Promise<void> {
  rememberLocale(locale);
  await instance.changeLanguage(locale);
}
