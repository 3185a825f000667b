import accountMenu from '@/features/account-menu/i18n/en.json';
import profile from '@/features/profile/i18n/en.json';
import storefront from '@/features/storefront/i18n/en.json';
import translation from '../locales/en.json';

/** English texts of every namespace: a chunk loaded when English is the active language (see i18n.ts). */
export default { translation, accountMenu, profile, storefront };
