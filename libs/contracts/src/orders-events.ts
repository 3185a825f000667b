import type { CheckoutAddress } from './api/cart-checkout/delivery.js';
import type { CheckoutAttendee, CheckoutContact, CheckoutDelivery } from './api/cart-checkout/checkout.js';
import type { CancellationReason, OrderActor, OrderPaymentType, OrderState, RefundStatus } from './api/orders/orders.js';
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

interface OrderEventBase {
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
  status: RefundStatus;
  amountMinor: number;
  currency: string;
}
