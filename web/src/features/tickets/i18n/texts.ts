import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The ticket texts travel with the ticket pages ('Mis boletos' and the door's check-in) and join the app's i18next
 * instance on first use (web/src/i18n/feature-texts.ts).
 */
export const TICKETS_NS = 'tickets';

export const TICKETS_BUNDLES = { es, en, 'es-AR': esAR } as const;

type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${StripPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the Spanish reference file. */
export type TicketsKey = Leaves<typeof es>;
export type TicketsT = (key: TicketsKey, options?: Record<string, unknown>) => string;

export function ensureTicketsTexts(i18n: I18n): void {
  addFeatureTexts(i18n, TICKETS_NS, TICKETS_BUNDLES);
}

/** `t` over the ticket texts, following the app's language. */
export function useTicketsT(): { t: TicketsT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureTicketsTexts(i18n);
  const t = i18n.getFixedT(null, TICKETS_NS as never) as unknown as TicketsT;
  return { t, i18n };
}
