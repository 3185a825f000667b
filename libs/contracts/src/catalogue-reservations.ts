/**
 * Stock reservations (docs/architecture.md "Stock reservations", ARCHITECTURE §8 "Stock is the catalogue's"):
 * the one synchronous call of the money path. cart-checkout reserves a checkout's lines through the typed client
 * below (the catalogue's internal endpoints, outside every public API group); release and commit travel as events.
 */
import { SERVICES, serviceUrlVariable } from './services.js';
import { Topics } from './events.js';
import { internalJsonPost, type InternalPost, SERVICE_SECRET_HEADER } from './internal-call.js';

export { SERVICE_SECRET_HEADER };

/** Environment variables (NodeJS.ProcessEnv's shape, without needing Node's types: the web app compiles this package too). */
type Env = Record<string, string | undefined>;
const processEnv = (): Env => (globalThis as { process?: { env: Env } }).process?.env ?? {};

export interface ReserveLine {
  itemId: string;
  quantity: number;
}

export interface ReserveStockRequest {
  /** The reservation's idempotency key: a second reserve for the same checkout answers the stored outcome. */
  checkoutId: string;
  userId: string;
  /** ISO date-time, in the future and at most RESERVATION_MAX_TTL_MS ahead: the sweep releases the stock then. */
  expiresAt: string;
  lines: ReserveLine[];
}

export type ReserveRefusalCode = 'insufficient_stock' | 'out_of_stock' | 'unavailable_for_sale' | 'item_not_found';

export interface ReserveLineOutcome {
  itemId: string;
  /** Quantity asked for (lines of one item are summed). */
  requested: number;
  /** Units left for others now (available - reserved, never below 0); null when the stock is not counted (on demand, untracked). */
  available: number | null;
  /** Set on a refused line only. */
  code?: ReserveRefusalCode;
}

export type ReserveStockResult =
  { ok: true; lines: ReserveLineOutcome[] } | { ok: false; code: ReserveRefusalCode; lines: ReserveLineOutcome[] };

export interface CatalogueReservations {
  /** All lines or none. Throws CatalogueReservationsUnavailable when the catalogue cannot be reached in time (map to 503). */
  reserve(r: ReserveStockRequest): Promise<ReserveStockResult>;
  /** Gives back what the checkout holds; idempotent (a released, committed or unknown checkout is a no-op). */
  release(checkoutId: string): Promise<void>;
  /**
   * Holds the checkout's stock until `expiresAt` (never shortens it): a payment that takes longer than the checkout
   * (a cash voucher, a bank transfer) keeps its stock. `held: false` when the stock was already released or committed.
   */
  extend(checkoutId: string, expiresAt: string): Promise<{ held: boolean }>;
}

/** Path of the internal endpoints on the catalogue service (no public group: the gateway answers 404 for it). */
export const RESERVATIONS_PATH = '/internal/reservations';
/** Longest a reservation may be held (the checkout's default is 15 minutes; a cash voucher 72 hours). */
export const RESERVATION_MAX_TTL_MS = 8 * 24 * 60 * 60 * 1000;
/** Most lines (distinct items) one reservation may hold. */
export const RESERVATION_MAX_LINES = 100;
/** Client timeout per call. */
export const RESERVATIONS_TIMEOUT_MS = 2_000;

/** Secret used outside production when INTERNAL_SERVICE_SECRET is unset (embedded mode: every service on 127.0.0.1). */
export const DEVELOPMENT_SERVICE_SECRET = 'vitrina-development-internal-secret';

/**
 * The secret service-to-service calls carry (SERVICE_SECRET_HEADER): INTERNAL_SERVICE_SECRET, at least 16 characters;
 * outside production it may be unset and then is DEVELOPMENT_SERVICE_SECRET. In production a missing or short one throws.
 */
export function internalServiceSecret(env: Env = processEnv()): string {
  const value = env.INTERNAL_SERVICE_SECRET;
  if (value && value.length >= 16) return value;
  if (value) throw new Error('INTERNAL_SERVICE_SECRET: must be at least 16 characters');
  if (env.NODE_ENV === 'production') throw new Error('INTERNAL_SERVICE_SECRET: required when NODE_ENV=production');
  return DEVELOPMENT_SERVICE_SECRET;
}

/** Base URL of the catalogue service: SERVICE_URL_CATALOGUE (serviceUrlVariable('catalogue')) or http://127.0.0.1:3101. */
export function catalogueBaseUrl(env: Env = processEnv()): string {
  const configured = env[serviceUrlVariable('catalogue')];
  return (configured || `http://127.0.0.1:${SERVICES.catalogue.port}`).replace(/\/+$/, '');
}

/** The catalogue did not answer in time or could not be reached: the caller answers 503 and may retry (reserve is idempotent). */
export class CatalogueReservationsUnavailable extends Error {
  readonly code = 'catalogue_unavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CatalogueReservationsUnavailable';
  }
}

/** The catalogue refused the call itself (bad request, wrong secret): a programming or configuration error. */
export class CatalogueReservationsError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CatalogueReservationsError';
  }
}

/**
 * The typed client cart-checkout codes against, over `post` (cart-checkout passes libs/platform's keep-alive
 * `nodeHttpPost()`; fetch by default); every call gives up after RESERVATIONS_TIMEOUT_MS with
 * CatalogueReservationsUnavailable, as do network errors and 5xx.
 */
export function catalogueReservationsClient(options: {
  baseUrl: string;
  secret: string;
  fetch?: typeof fetch;
  /** The transport (default: fetch); Node services pass libs/platform's nodeHttpPost(). */
  post?: InternalPost;
  timeoutMs?: number;
}): CatalogueReservations {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? RESERVATIONS_TIMEOUT_MS;

  const call = internalJsonPost(
    { ...options, baseUrl: `${base}${RESERVATIONS_PATH}`, timeoutMs },
    (message, cause) => new CatalogueReservationsUnavailable(`catalogue reservations: ${message}`, cause ? { cause } : undefined),
    (status, code, message) => new CatalogueReservationsError(status, code, message),
  );

  return {
    async reserve(r) {
      return (await call('', r)) as ReserveStockResult;
    },
    async release(checkoutId) {
      await call(`/${encodeURIComponent(checkoutId)}/release`, {});
    },
    async extend(checkoutId, expiresAt) {
      return (await call(`/${encodeURIComponent(checkoutId)}/extend`, { expiresAt })) as { held: boolean };
    },
  };
}

/** Events of the checkout aggregate (topic `cart.checkout`, keyed by checkout id) the catalogue reacts to. */
export const CartCheckoutEvents = {
  created: 'cart.checkout.created',
  ready: 'cart.checkout.ready',
  /** A ready checkout became a pay-later order (its stock is taken for good, as on payment.succeeded). */
  placed: 'cart.checkout.placed',
  /** The checkout's time ran out: its stock is released. */
  expired: 'cart.checkout.expired',
  /** The checkout was abandoned or replaced: its stock is released. */
  cancelled: 'cart.checkout.cancelled',
} as const;
export const CART_CHECKOUT_TOPIC = Topics.cartCheckout;

export interface CartCheckoutExpired {
  checkoutId: string;
}
export type CartCheckoutCancelled = CartCheckoutExpired;

/** Payments (topic `payment`, keyed by checkout id): exactly one `payment.succeeded` per checkout commits its reserved stock. */
export const PaymentEvents = {
  succeeded: 'payment.succeeded',
  /** An attempt failed (the shopper may retry with another method: the checkout stays ready). */
  failed: 'payment.failed',
  /** A voucher or bank transfer was not paid in time: the checkout expired and its stock is released. */
  expired: 'payment.expired',
} as const;
export const PAYMENT_TOPIC = Topics.payment;

export interface PaymentSucceeded {
  checkoutId: string;
}

/**
 * What the catalogue says back about a checkout's stock (topic `catalogue.reservation`, keyed by checkout id).
 * `short`: a checkout was paid (or placed) after its hold had lapsed and the units were no longer there to take again,
 * so its order cannot be fulfilled from stock; the orders service cancels the order (reason `cannot_be_fulfilled`),
 * which refunds a prepaid one. At most one per checkout.
 */
export const ReservationEvents = {
  short: 'catalogue.reservation.short',
} as const;
export const CATALOGUE_RESERVATION_TOPIC = Topics.catalogueReservation;

export interface ReservationShortEvent {
  checkoutId: string;
  /** The lines whose units were not there: asked for, and left for others when it was decided. */
  lines: { itemId: string; quantity: number; available: number }[];
}
