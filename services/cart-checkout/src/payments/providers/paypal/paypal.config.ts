/** PayPal's sandbox; the live API is https://api-m.paypal.com. */
export const PAYPAL_SANDBOX_API_BASE = 'https://api-m.sandbox.paypal.com';
/** Where relative return/cancel paths are anchored when PUBLIC_SITE_URL is unset (the embedded launcher's web). */
export const DEFAULT_PUBLIC_SITE_URL = 'http://127.0.0.1:3000';

/** What the PayPal adapter needs. The client secret is a credential: never logged, never answered by any API. */
export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  /** The id of the webhook registered in PayPal's dashboard: verification is asked for this webhook. */
  webhookId: string;
  /** PayPal's REST API root, without a trailing slash. */
  baseUrl: string;
  /** Our site's origin: a return/cancel URL given as a path is made absolute with it. */
  siteUrl?: string;
  /** Per-request timeout (default 20 s): past it the call is `ProviderUnavailableError`. */
  timeoutMs?: number;
  /** Milliseconds since the epoch (token expiry); tests move it. Defaults to `Date.now`. */
  now?: () => number;
}

const REQUIRED = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const;

/**
 * PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID (all three, or none: null, PayPal is not configured),
 * PAYPAL_API_BASE (default the sandbox), PUBLIC_SITE_URL (default http://127.0.0.1:3000).
 * Half a configuration throws at boot, naming the missing variables (never any value).
 */
export function paypalConfigFromEnv(env: NodeJS.ProcessEnv = process.env): PaypalConfig | null {
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const missing = REQUIRED.filter((name) => value(name) === undefined);
  if (missing.length === REQUIRED.length) return null;
  if (missing.length > 0) throw new Error(`PayPal is half configured: ${missing.join(', ')} missing`);
  return {
    clientId: value('PAYPAL_CLIENT_ID')!,
    clientSecret: value('PAYPAL_CLIENT_SECRET')!,
    webhookId: value('PAYPAL_WEBHOOK_ID')!,
    baseUrl: trimSlash(value('PAYPAL_API_BASE') ?? PAYPAL_SANDBOX_API_BASE),
    siteUrl: trimSlash(value('PUBLIC_SITE_URL') ?? DEFAULT_PUBLIC_SITE_URL),
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
