import type { CheckoutAddress } from './api/cart-checkout/delivery.js';
import type { CheckoutAttendee, CheckoutContact, CheckoutDelivery } from './api/cart-checkout/checkout.js';
import type { CancellationReason, OrderActor, OrderPaymentType, OrderState } from './api/orders/orders.js';
import type { RefundStatus } from './api/orders/returns.js';
import type { ItemType } from './catalogue-items.js';
import { Topics } from './events.js';

/**
 * What a purchase order is made of: the checkout as it was paid or placed. It travels in `payment.succeeded` and
 * `cart.checkout.placed` (and answers the internal place call), so the orders service creates the order from the
 * event alone and a later catalogue edit never changes an order.
 */
export interface CheckoutOrderSnapshot {
  checkoutId: string;
  userId: string;
  shopId: string;
  shopSlug: string;
  shopName: string;
  shopOwnerId: string;
  supplierId: string;
  supplierName: string;
  dssupplierId: string | null;
  dssupplierName: string | null;
  currency: string;
  subtotalMinor: number;
  shippingMinor: number;
  /** Instalments or the deferred plan (0 otherwise). */
  financingCostMinor: number;
  paymentType: OrderPaymentType;
  prepaid: boolean;
  chargeId: string | null;
  contact: CheckoutContact | null;
  address: CheckoutAddress | null;
  delivery: CheckoutDelivery | null;
  attendees: CheckoutAttendee[];
  referral: string | null;
  campaign: string | null;
  clickId: string | null;
  /** When it was paid (prepaid) or placed (pay later). */
  placedAt: string;
  lines: CheckoutOrderLineSnapshot[];
}

export interface CheckoutOrderLineSnapshot {
  itemId: string;
  variantKey: string;
  variant: Record<string, string>;
  name: string;
  photo: string | null;
  type: ItemType;
  slug: string;
  ownerId: string;
  quantity: number;
  unitPriceMinor: number;
  /** The item's contribution margin per unit (what a reseller's commission is a share of); 0 when unknown. */
  contributionMarginMinor: number;
  experienceDate: string | null;
}

/** `orders.order` events (keyed by order id). */
export const OrderEvents = {
  placed: 'orders.order.placed',
  advanced: 'orders.order.advanced',
  cancelled: 'orders.order.cancelled',
  delivered: 'orders.order.delivered',
  reviewed: 'orders.order.reviewed',
} as const;
export const ORDERS_TOPIC = Topics.ordersOrder;

export interface OrderEventBase {
  orderId: string;
  checkoutId: string;
  userId: string;
  shopId: string;
  supplierId: string;
  dssupplierId: string | null;
}
export interface OrderPlacedEvent extends OrderEventBase {
  state: OrderState;
  paymentType: OrderPaymentType;
  prepaid: boolean;
  totalMinor: number;
  currency: string;
  lines: { lineId: string; itemId: string; quantity: number; unitPriceMinor: number }[];
}
export interface OrderAdvancedEvent extends OrderEventBase {
  from: OrderState;
  to: OrderState;
  actor: OrderActor;
}
export interface OrderCancelledEvent extends OrderEventBase {
  from: OrderState;
  to: OrderState;
  actor: OrderActor;
  reason: CancellationReason;
  /** A prepaid order is refunded (by cart-checkout, which took the payment): what goes back. */
  refundMinor: number;
  currency: string;
  prepaid: boolean;
  /** The stock the order held goes back to the catalogue. */
  lines: { itemId: string; variantKey: string; quantity: number }[];
}
export interface OrderDeliveredEvent extends OrderEventBase {
  deliveredAt: string;
  returnDeadline: string;
  totalMinor: number;
  currency: string;
  /** Issue 14: what the wallets settle when the return window closes. */
  settlement: OrderSettlementTerms;
}
export interface OrderReviewedEvent extends OrderEventBase {
  reviewId: string;
  itemId: string;
  rating: number;
  /** The rating this review had before an edit (null on creation): the catalogue adjusts its average. */
  previousRating: number | null;
}

/** A refund's outcome (topic `payment`, keyed by checkout id): the order shows it. */
export const RefundEvents = { updated: 'payment.refund_updated' } as const;
export interface RefundUpdatedEvent {
  checkoutId: string;
  /** A return's refund (issue 14); absent for the refund of a cancelled order. */
  refundId?: string;
  orderId?: string;
  status: RefundStatus;
  amountMinor: number;
  currency: string;
}

/**
 * Issue 14: what the wallets need to settle an order, carried by `orders.order.delivered`. The accounts service keeps
 * it and splits it when the return window closes (or the order's return request closes). Pay-later orders captured
 * nothing through the platform (`capturedMinor` 0): they settle with no entries.
 */
export interface OrderSettlementTerms {
  currency: string;
  /** What the platform captured: goods + shipping + financing (0 for pay later). */
  capturedMinor: number;
  goodsMinor: number;
  shippingMinor: number;
  financingMinor: number;
  /** Σ contribution margin × quantity of the lines the reseller resold (0 when there is no reseller). */
  marginMinor: number;
  /** Who sold the goods (the shop owner on a resale: then the reseller). */
  supplierId: string;
  /** The dropshipping supplier who owns and ships the goods of a resale, or null. */
  dssupplierId: string | null;
  /** The reseller earning the commission (the supplier of a dropshipped order), or null. */
  resellerId: string | null;
  /** Who shipped: the dropshipping supplier on a resale, otherwise the supplier. */
  shipperId: string;
}

/** Return events on the `orders.order` topic (keyed by order id), consumed by the wallets and messaging. */
export const ReturnEvents = {
  opened: 'orders.order.return_opened',
  closed: 'orders.order.return_closed',
  /** A refund was asked of the payment provider (cart-checkout takes it from here). */
  refundRequested: 'orders.order.refund_requested',
  /** A refund is final and succeeded: through the provider, or as wallet credit. */
  refunded: 'orders.order.refunded',
  /** The seller issued (or reissued) the return label; messaging e-mails it when the policy is 'inbox'. */
  labelIssued: 'orders.order.return_label_issued',
} as const;

export interface ReturnOpenedEvent extends OrderEventBase {
  returnId: string;
  openedAt: string;
}
export interface ReturnLabelIssuedEvent extends OrderEventBase {
  returnId: string;
  /** The items' return_shipping_label: 'inbox' sends it to the customer, 'download' leaves it on the request. */
  policy: 'inbox' | 'download';
  /** Where the customer is told (the order's contact); null when the order has no e-mail. */
  email: string | null;
  customerName: string;
  shopName: string;
  shopSlug: string;
  shipTo: string;
  carrier: string | null;
  trackingNumber: string | null;
  issuedAt: string;
}
export interface ReturnClosedEvent extends OrderEventBase {
  returnId: string;
  closedAt: string;
}
export interface RefundRequestedEvent extends OrderEventBase {
  refundId: string;
  returnId: string;
  amountMinor: number;
  currency: string;
}
export interface OrderRefundedEvent extends OrderEventBase {
  refundId: string;
  returnId: string;
  amountMinor: number;
  currency: string;
  /** 'wallet': the customer (userId) is credited in the ledger instead of the provider paying back. */
  destination: 'original' | 'wallet';
  refundedAt: string;
}

/** `wallets.dispersion` events (keyed by order id; a cash-out by user id), for messaging's alerts. */
export const WalletEvents = {
  dispersed: 'wallets.dispersion.created',
  /** One per user credited by a ledger transaction (dispersion, refund credit, cash-out reversal), keyed by user id; on the `wallets.dispersion` topic (the one infra creates). */
  credited: 'wallets.dispersion.credited',
} as const;
export const WALLETS_TOPIC = Topics.walletsDispersion;

export interface DispersionCreatedEvent {
  orderId: string;
  transactionId: string;
  currency: string;
  totalMinor: number;
  entries: { userId: string | null; account: string; part: string; amountMinor: number }[];
}
export interface WalletCreditedEvent {
  userId: string;
  walletTypeId: string;
  currency: string;
  amountMinor: number;
  kind: string;
  orderId: string | null;
  transactionId: string;
}
