import type { i18n as I18n, ResourceLanguage } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Locale } from './locales';

/**
 * Texts of a feature that only some visitors open (the owner's editors, the sign-in screens, the supplier pages):
 * they travel in the feature's chunk, all three languages, and join the app's i18next instance on first use
 * instead of sitting in every visitor's bundle (issue 10 §3, the shop home's weight). A language switch finds them
 * there. Adding is idempotent and synchronous, so the render that needs them has them.
 */
export function addFeatureTexts(i18n: I18n, namespace: string, bundles: Record<Locale, ResourceLanguage>): void {
  for (const [language, resources] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, resources, true, false);
  }
}

/** `addFeatureTexts` and a typed `useTranslation` for a namespace declared in i18next.d.ts. */
export function featureTexts<N extends 'auth' | 'shopAdmin'>(namespace: N, bundles: Record<Locale, ResourceLanguage>) {
  const ensure = (i18n: I18n): void => addFeatureTexts(i18n, namespace, bundles);
  /** `useTranslation(namespace)`, with the namespace's texts added first. */
  const useTexts = () => {
    const { i18n } = useTranslation();
    ensure(i18n);
    return useTranslation(namespace);
  };
  return { ensure, useTexts };
}
