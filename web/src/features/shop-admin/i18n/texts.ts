import { featureTexts } from '@/i18n/feature-texts';
import en from './en.json';
import esAR from './es-AR.json';
import es from './es.json';

/** The owner's editors' texts travel with their chunk: only a shop's owner opens them (i18n/feature-texts.ts). */
export const SHOP_ADMIN_NS = 'shopAdmin';
export const { ensure: ensureShopAdminTexts, useTexts: useShopAdminTranslation } = featureTexts(SHOP_ADMIN_NS, { es, en, 'es-AR': esAR });
