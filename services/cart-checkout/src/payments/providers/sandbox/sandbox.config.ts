import { SERVICES, serviceUrlVariable } from '@vitrina/contracts';

/** The sandbox provider's variables (issue 12). Tests may change the object the module provides (SANDBOX_CONFIG). */
export interface SandboxConfig {
  /** SANDBOX_WEBHOOKS=0: webhooks are still written to the sandbox's books, never sent. */
  webhooksEnabled: boolean;
  /**
   * SANDBOX_WEBHOOK_URL: where webhooks go. Default: this service's own route at SERVICE_URL_CART_CHECKOUT (both
   * launchers set it, port offset included; the cluster's lists every instance, and the first is used), else on the
   * service's default port.
   */
  webhookUrl: string;
  /** SANDBOX_WEBHOOK_SECRET: the signing secret; a development default outside production, none in production. */
  webhookSecret: string | undefined;
  /** SANDBOX_WEBHOOK_POLL_MS: how often the dispatcher looks for due webhooks. */
  pollMs: number;
  /** First retry delay (ms) after a failed delivery; doubled at each try. */
  retryBaseMs: number;
  /** Deliveries tried before a webhook is given up. */
  maxTries: number;
  /** SANDBOX_WEBHOOK_CHAOS=1: webhooks late (0 to chaosMaxDelayMs), some doubled (chaosDuplicateRate), so out of order. */
  chaos: boolean;
  chaosMaxDelayMs: number;
  chaosDuplicateRate: number;
}

export const SANDBOX_CONFIG = Symbol.for('cart-checkout.payments.sandbox.config');

export const SANDBOX_DEVELOPMENT_SECRET = 'whsec_sandbox_development';

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : !['0', 'false', 'no', 'off'].includes(value.toLowerCase());

function positiveInt(value: string | undefined, fallback: number, min: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= min ? n : fallback;
}

export function loadSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const production = env.NODE_ENV === 'production';
  return {
    webhooksEnabled: flag(env.SANDBOX_WEBHOOKS, true),
    webhookUrl:
      env.SANDBOX_WEBHOOK_URL ||
      // the service's own address (the first instance's when the launcher lists several, comma-separated)
      `${(env[serviceUrlVariable('cart-checkout')]?.split(',')[0]?.trim() || `http://127.0.0.1:${SERVICES['cart-checkout'].port}`).replace(/\/+$/, '')}/payments/webhooks/sandbox`,
    // Production has no default: a known secret would let anyone forge a payment's success.
    webhookSecret: env.SANDBOX_WEBHOOK_SECRET || (production ? undefined : SANDBOX_DEVELOPMENT_SECRET),
    pollMs: positiveInt(env.SANDBOX_WEBHOOK_POLL_MS, 200, 10),
    retryBaseMs: 1000,
    maxTries: 10,
    chaos: flag(env.SANDBOX_WEBHOOK_CHAOS, false),
    chaosMaxDelayMs: 1500,
    chaosDuplicateRate: 0.2,
  };
}
