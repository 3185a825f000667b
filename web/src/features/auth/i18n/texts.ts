import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The sign-in, registration and activation screens' texts travel with their chunks (the modal and the account
 * pages are loaded when a visitor opens them), so they are added to the app's i18next instance when first used
 * instead of sitting in every visitor's shop home (issue 10 §3 weight). All three languages at once: a language
 * switch finds them there. The register call to action's labels, shown on the shop home, are the app's own
 * (`signupCta.*`).
 */
export const AUTH_NS = 'auth';

const BUNDLES = { es, en, 'es-AR': esAR } as const;

export function ensureAuthTexts(i18n: I18n): void {
  for (const [language, resources] of Object.entries(BUNDLES)) {
    if (!i18n.hasResourceBundle(language, AUTH_NS)) i18n.addResourceBundle(language, AUTH_NS, resources, true, false);
  }
}

/** `useTranslation('auth')`, with the namespace's texts added first. */
export function useAuthTranslation() {
  const { i18n } = useTranslation();
  ensureAuthTexts(i18n);
  return useTranslation(AUTH_NS);
}
