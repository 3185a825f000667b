import { PAYMENT_METHODS, PAYMENT_PROVIDERS, PaymentLimits, type PaymentMethod, type PaymentProviderName } from '@vitrina/contracts';
import { parseRateTable, type RateTable } from './domain/instalments.js';

/**
 * Payment configuration (issue 12). Which provider takes a method is configuration, per method and optionally per
 * supplier; every method defaults to the sandbox, so the demo pays end to end with no account anywhere.
 *
 * - PAYMENT_PROVIDERS: `card=stripe,cash=stripe,spei=stripe,paypal=paypal` (method=provider, default sandbox for all)
 * - PAYMENT_PROVIDERS_BY_SUPPLIER: `<supplierId>:card=stripe;<supplierId>:paypal=paypal` (overrides per supplier)
 * - PAYMENT_MSI: card MSI months and financing rate in basis points, `3:0,6:0,9:500,12:800`; PAYMENT_MSI_MINIMUM_MINOR 30000
 * - PAYMENT_DEFERRED: aplazo's plans, `3:450,6:900,9:1350,12:1800`
 * - PAYMENT_SPEI_SECONDS (3600), PAYMENT_VOUCHER_SECONDS (259200), PAYMENT_ACTION_SECONDS (600: the least time a
 *   3-D Secure challenge or an approval page is given; a card or redirect otherwise ends with the checkout's time)
 * - PAYMENT_REFUND_MAX_TRIES (8): tries at the provider before a return's refund is given up as failed;
 * - PAYMENT_RECONCILE_MS (15000) / PAYMENT_RECONCILE_AFTER_SECONDS (60): how often, and after how long without news,
 *   live attempts are looked up at the provider (well within the 15 minutes after which an orphan charge must be
 *   completed or refunded); PAYMENT_WEBHOOK_RETRY_MS (2000): parked webhooks retried; PAYMENT_JOBS=0 turns the jobs off.
 * - PUBLIC_SITE_URL: the site's origin, for the absolute return URLs providers need (default: the origin of the request,
 *   as the gateway forwards it in x-forwarded-proto / x-forwarded-host).
 */
export interface PaymentsConfig {
  defaultProviders: ReadonlyMap<PaymentMethod, PaymentProviderName>;
  supplierProviders: ReadonlyMap<string, PaymentProviderName>;
  msiRates: RateTable;
  msiMinimumMinor: number;
  deferredRates: RateTable;
  speiSeconds: number;
  voucherSeconds: number;
  actionSeconds: number;
  reconcileEveryMs: number;
  /** A return's refund the provider keeps refusing to answer is given up as failed after this many tries. */
  refundMaxTries: number;
  reconcileAfterSeconds: number;
  webhookRetryMs: number;
  jobs: boolean;
  /** PUBLIC_SITE_URL, or null: then the request's own origin (as the gateway forwards it) is used. */
  siteUrl: string | null;
  /** Test-only crash points (never honoured in production): 'after_provider' | 'after_commit'. */
  fault: string | null;
}

export const PAYMENTS_CONFIG = Symbol.for('cart-checkout.payments.config');

function int(value: string | undefined, fallback: number, min = 1): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= min ? n : fallback;
}

function providerOf(text: string): PaymentProviderName | null {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(text) ? (text as PaymentProviderName) : null;
}

function parseRoutes(text: string | undefined): Map<PaymentMethod, PaymentProviderName> {
  const routes = new Map<PaymentMethod, PaymentProviderName>();
  for (const part of (text ?? '').split(',')) {
    const [method, provider] = part.split('=').map((s) => s.trim());
    const p = providerOf(provider ?? '');
    if (method && p && (PAYMENT_METHODS as readonly string[]).includes(method)) routes.set(method as PaymentMethod, p);
  }
  return routes;
}

export function loadPaymentsConfig(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const supplierProviders = new Map<string, PaymentProviderName>();
  for (const part of (env.PAYMENT_PROVIDERS_BY_SUPPLIER ?? '').split(';')) {
    const m = /^\s*([^:\s]+):(\w+)=(\w+)\s*$/.exec(part);
    const p = m ? providerOf(m[3]) : null;
    if (m && p && (PAYMENT_METHODS as readonly string[]).includes(m[2])) supplierProviders.set(`${m[1]}:${m[2]}`, p);
  }
  return {
    defaultProviders: parseRoutes(env.PAYMENT_PROVIDERS),
    supplierProviders,
    msiRates: parseRateTable(env.PAYMENT_MSI, '3:0,6:0,9:500,12:800'),
    msiMinimumMinor: int(env.PAYMENT_MSI_MINIMUM_MINOR, 30_000, 0),
    deferredRates: parseRateTable(env.PAYMENT_DEFERRED, '3:450,6:900,9:1350,12:1800'),
    speiSeconds: int(env.PAYMENT_SPEI_SECONDS, PaymentLimits.bankTransferWindowSeconds),
    voucherSeconds: int(env.PAYMENT_VOUCHER_SECONDS, PaymentLimits.voucherWindowSeconds),
    actionSeconds: int(env.PAYMENT_ACTION_SECONDS, 10 * 60),
    reconcileEveryMs: int(env.PAYMENT_RECONCILE_MS, 15_000, 50),
    reconcileAfterSeconds: int(env.PAYMENT_RECONCILE_AFTER_SECONDS, 60, 0),
    webhookRetryMs: int(env.PAYMENT_WEBHOOK_RETRY_MS, 2_000, 20),
    refundMaxTries: int(env.PAYMENT_REFUND_MAX_TRIES, 8, 1),
    jobs: env.PAYMENT_JOBS !== '0',
    siteUrl: env.PUBLIC_SITE_URL ? env.PUBLIC_SITE_URL.replace(/\/+$/, '') : null,
    fault: env.NODE_ENV === 'production' ? null : env.PAYMENTS_FAULT || null,
  };
}

/** The provider that takes `method` for `supplierId`. */
export function providerFor(config: PaymentsConfig, supplierId: string, method: PaymentMethod): PaymentProviderName {
  return config.supplierProviders.get(`${supplierId}:${method}`) ?? config.defaultProviders.get(method) ?? 'sandbox';
}
