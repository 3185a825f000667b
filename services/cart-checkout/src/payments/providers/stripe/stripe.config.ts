/** What the Stripe adapter needs. The secret key and the webhook secret are credentials: never logged, never answered. */
export interface StripeConfig {
  /** `sk_test_…` / `sk_live_…` (or a restricted `rk_…` key with PaymentIntents, Customers, PaymentMethods, Refunds). */
  secretKey: string;
  /** `whsec_…`: the signing secret of the webhook endpoint registered at Stripe. */
  webhookSecret: string;
  /** Only to point the SDK elsewhere (the tests' local stub); Stripe's own API when unset. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Pins the API version; the SDK's own version (the one its types describe) when unset. */
  apiVersion?: string;
  /** The SDK's automatic retries of connection errors, 409 and 5xx, with our idempotency key (default 2). */
  maxNetworkRetries?: number;
  /** Per-request timeout (default 20 s): past it the call is `ProviderUnavailableError`. */
  timeoutMs?: number;
  /** How old a webhook's signed timestamp may be (default the SDK's 300 s). */
  webhookToleranceSeconds?: number;
  /** The clock (voucher days, the SPEI window); tests move it. Defaults to `() => new Date()`. */
  now?: () => Date;
}

/**
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (both, or no key: null, Stripe is not configured); STRIPE_API_HOST,
 * STRIPE_API_PORT, STRIPE_API_PROTOCOL (http|https) only to reach a stub; STRIPE_API_VERSION to pin a version.
 * Half a configuration throws at boot, naming the missing variable (never any value).
 */
export function stripeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StripeConfig | null {
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const secretKey = value('STRIPE_SECRET_KEY');
  if (secretKey === undefined) return null;
  const webhookSecret = value('STRIPE_WEBHOOK_SECRET');
  if (webhookSecret === undefined) throw new Error('Stripe is half configured: STRIPE_WEBHOOK_SECRET missing');
  const config: StripeConfig = { secretKey, webhookSecret };
  const host = value('STRIPE_API_HOST');
  if (host !== undefined) config.host = host;
  const port = value('STRIPE_API_PORT');
  if (port !== undefined) {
    const n = Number(port);
    if (!Number.isInteger(n) || n < 1 || n > 65_535) throw new Error('STRIPE_API_PORT is not a port number');
    config.port = n;
  }
  const protocol = value('STRIPE_API_PROTOCOL');
  if (protocol !== undefined) {
    if (protocol !== 'http' && protocol !== 'https') throw new Error('STRIPE_API_PROTOCOL must be http or https');
    config.protocol = protocol;
  }
  const apiVersion = value('STRIPE_API_VERSION');
  if (apiVersion !== undefined) config.apiVersion = apiVersion;
  return config;
}
