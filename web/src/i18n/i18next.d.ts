import 'i18next';
import type accountMenu from '@/features/account-menu/i18n/es.json';
import type auth from '@/features/auth/i18n/es.json';
import type profile from '@/features/profile/i18n/es.json';
import type shopAdmin from '@/features/shop-admin/i18n/es.json';
import type storefront from '@/features/storefront/i18n/es.json';
import type es from './locales/es.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Spanish is the reference: every key used in code must exist in es.json.
    resources: {
      translation: typeof es;
      auth: typeof auth;
      accountMenu: typeof accountMenu;
      profile: typeof profile;
      storefront: typeof storefront;
      shopAdmin: typeof shopAdmin;
    };
  }
}
