import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The bell's texts travel with its chunk (only signed-in users get the bell) and join the app's i18next instance on
 * first use (web/src/i18n/feature-texts.ts).
 */
export const ALERTS_NS = 'alerts';

export const ALERTS_BUNDLES = { es, en, 'es-AR': esAR } as const;

type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;

/** Every key of the Spanish reference file (plural forms by their base key). */
export type AlertsKey = StripPlural<keyof typeof es>;
export type AlertsT = (key: AlertsKey, options?: Record<string, unknown>) => string;

export function ensureAlertsTexts(i18n: I18n): void {
  addFeatureTexts(i18n, ALERTS_NS, ALERTS_BUNDLES);
}

/** `t` over the alert texts, following the app's language. */
export function useAlertsT(): { t: AlertsT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureAlertsTexts(i18n);
  const t = i18n.getFixedT(null, ALERTS_NS as never) as unknown as AlertsT;
  return { t, i18n };
}
