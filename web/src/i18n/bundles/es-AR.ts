import accountMenu from '@/features/account-menu/i18n/es-AR.json';
import profile from '@/features/profile/i18n/es-AR.json';
import storefront from '@/features/storefront/i18n/es-AR.json';
import translation from '../locales/es-AR.json';

/**
 * Argentine Spanish: only what differs from neutral Spanish, the rest falls back to `es`. A chunk loaded when
 * es-AR is the active language (see i18n.ts).
 */
export default { translation, accountMenu, profile, storefront };
