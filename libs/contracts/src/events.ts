/**
 * Event envelope and topics (docs/architecture.md §3, §5). One topic per aggregate, keyed by the aggregate id.
 * `type` is `<topic>.<past-tense fact>`, e.g. `accounts.user.registered`.
 */
export interface EventEnvelope<TData = unknown> {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  key: string;
  shopId?: string;
  actorId?: string;
  traceId: string;
  /** W3C trace context of the span that wrote the event (OpenTelemetry): the consumer's span continues that trace. */
  traceparent?: string;
  data: TData;
}

export const Topics = {
  accountsUser: 'accounts.user',
  /** Memberships (plans and packages), keyed by user id (api/accounts/memberships.ts). */
  accountsMembership: 'accounts.membership',
  /** Suppliers (dssuppliers) opened, renamed, enabled or disabled, keyed by user id (api/accounts/suppliers.ts). */
  accountsSupplier: 'accounts.supplier',
  catalogueItem: 'catalogue.item',
  catalogueCatalogue: 'catalogue.catalogue',
  /** Stock reservations, keyed by checkout id (`catalogue.reservation.short`: catalogue-reservations.ts). */
  catalogueReservation: 'catalogue.reservation',
  storeShop: 'store.shop',
  storeItems: 'store.items',
  cartCheckout: 'cart.checkout',
  /** Payments, keyed by checkout id (`payment.succeeded`: catalogue-reservations.ts). */
  payment: 'payment',
  ordersOrder: 'orders.order',
  walletsDispersion: 'wallets.dispersion',
  marketingReferral: 'marketing.referral',
  /** Used by the platform's own end-to-end checks (cluster smoke test). */
  platformPing: 'platform.ping',
} as const;
export type Topic = (typeof Topics)[keyof typeof Topics];

/** Every topic, for operators creating Kafka topics ahead of time. */
export const ALL_TOPICS: readonly Topic[] = Object.values(Topics);

/** Payload of `platform.ping.sent`: proves outbox -> bus -> inbox between two services. */
export interface PlatformPingSent {
  pingId: string;
  from: string;
}
