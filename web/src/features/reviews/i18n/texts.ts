import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The review modal's texts travel with it (only a customer with a delivered order opens it) and join the app's
 * i18next instance on first use (web/src/i18n/feature-texts.ts).
 */
export const REVIEWS_NS = 'reviews';

export const REVIEWS_BUNDLES = { es, en, 'es-AR': esAR } as const;

type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${StripPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the Spanish reference file. */
export type ReviewsKey = Leaves<typeof es>;
export type ReviewsT = (key: ReviewsKey, options?: Record<string, unknown>) => string;

export function ensureReviewsTexts(i18n: I18n): void {
  addFeatureTexts(i18n, REVIEWS_NS, REVIEWS_BUNDLES);
}

/** `t` over the review texts, following the app's language. */
export function useReviewsT(): { t: ReviewsT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureReviewsTexts(i18n);
  const t = i18n.getFixedT(null, REVIEWS_NS as never) as unknown as ReviewsT;
  return { t, i18n };
}
