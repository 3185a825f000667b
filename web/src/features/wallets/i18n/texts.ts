import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFeatureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/**
 * The wallet texts travel with the wallet pages (only signed-in users open them) and join the app's
 * i18next instance on first use (web/src/i18n/feature-texts.ts).
 */
export const WALLETS_NS = 'wallets';

export const WALLETS_BUNDLES = { es, en, 'es-AR': esAR } as const;

type StripPlural<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${StripPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the Spanish reference file. */
export type WalletsKey = Leaves<typeof es>;
export type WalletsT = (key: WalletsKey, options?: Record<string, unknown>) => string;

export function ensureWalletsTexts(i18n: I18n): void {
  addFeatureTexts(i18n, WALLETS_NS, WALLETS_BUNDLES);
}

/** `t` over the wallet texts, following the app's language. */
export function useWalletsT(): { t: WalletsT; i18n: I18n } {
  const { i18n } = useTranslation();
  ensureWalletsTexts(i18n);
  const t = i18n.getFixedT(null, WALLETS_NS as never) as unknown as WalletsT;
  return { t, i18n };
}
