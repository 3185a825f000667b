/** The Stripe adapter's entry, as payments.module.ts imports it. */
export { stripeConfigFromEnv, type StripeConfig } from './stripe.config.js';
export { StripeProvider } from './stripe.provider.js';
