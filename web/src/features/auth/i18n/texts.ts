import { featureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The sign-in, registration and activation screens' texts travel with their chunks: the modal and the account pages
 * load when a visitor opens them (i18n/feature-texts.ts). The register call to action's labels, shown on the shop
 * home, are the app's own (`signupCta.*`).
 */
export const AUTH_NS = 'auth';
export const { ensure: ensureAuthTexts, useTexts: useAuthTranslation } = featureTexts(AUTH_NS, { es, en, 'es-AR': esAR });
