import accountMenu from '@/features/account-menu/i18n/es.json';
import profile from '@/features/profile/i18n/es.json';
import storefront from '@/features/storefront/i18n/es.json';
import translation from '../locales/es.json';

/** Neutral Spanish: the default language and every other one's fallback, so always in the main bundle. */
export default { translation, accountMenu, profile, storefront };
