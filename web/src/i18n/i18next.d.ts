import 'i18next';
import type es from './locales/es.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Spanish is the reference: every key used in code must exist in es.json.
    resources: { translation: typeof es };
  }
}
