/** The service's own variables. */
export interface CartCheckoutConfig {
  /** How long a checkout holds its stock (CHECKOUT_TTL_SECONDS, default 900 = 15 min). */
  checkoutTtlSeconds: number;
}

export const CART_CHECKOUT_CONFIG = Symbol.for('cart-checkout.config');

export function loadCartCheckoutConfig(env: NodeJS.ProcessEnv = process.env): CartCheckoutConfig {
  const ttl = Number(env.CHECKOUT_TTL_SECONDS ?? 900);
  return { checkoutTtlSeconds: Number.isInteger(ttl) && ttl > 0 ? ttl : 900 };
}
