import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The collaborators texts travel with the feature's chunk and join the
 * app's i18next instance on first use (web/src/i18n/feature-texts.ts).
 */
export const COLLABORATORS_NS = 'collaborators';

export const COLLABORATORS_BUNDLES = { es, en, 'es-AR': esAR } as const;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;

/** Every key of the Spanish reference file (plural forms by their base key). */
export type CollaboratorsKey = StripPlural<Leaves<typeof es>>;
export type CollaboratorsT = (key: CollaboratorsKey, options?: Record<string, unknown>) => string;

export function ensureCollaboratorsTexts(i18n: I18n): void {
  addFeatureTexts(i18n, COLLABORATORS_NS, COLLABORATORS_BUNDLES);
}

/** `t` over the collaborators texts, following the app's language. */
export function useCollaboratorsT(): { t: CollaboratorsT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureCollaboratorsTexts(i18n);
  const t = i18n.getFixedT(null, COLLABORATORS_NS as never) as unknown as CollaboratorsT;
  return { t, i18n };
}
