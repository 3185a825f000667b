/** The PayPal adapter's entry, as payments.module.ts imports it. */
export { paypalConfigFromEnv, type PaypalConfig } from './paypal.config.js';
export { PaypalProvider } from './paypal.provider.js';
