import {
  ReturnEvents,
  type OrderRefundedEvent,
  type CheckoutContact,
  type RefundRequestedEvent,
  type ReturnLabelIssuedEvent,
  type ReturnClosedEvent,
  type ReturnOpenedEvent,
} from '@vitrina/contracts';
import type { NewEvent as OutboxEvent } from '@vitrina/platform';
import type { ReturnLabelDoc } from '../../db/schema.js';
import { eventBase, type OrderRow } from '../../orders/order-access.js';

/** Return events go on the order's topic, keyed by the order id (one order's events stay in order). */
function event<T>(type: string, order: OrderRow, actorId: string | null, data: T): OutboxEvent {
  return { type, key: order.id, shopId: order.shopId, ...(actorId ? { actorId } : {}), data };
}

export const returnOpened = (order: OrderRow, returnId: string, at: Date): OutboxEvent =>
  event(ReturnEvents.opened, order, order.userId, {
    ...eventBase(order),
    returnId,
    openedAt: at.toISOString(),
  } satisfies ReturnOpenedEvent);

export const returnClosedEvent = (order: OrderRow, returnId: string, at: Date, actorId: string): OutboxEvent =>
  event(ReturnEvents.closed, order, actorId, { ...eventBase(order), returnId, closedAt: at.toISOString() } satisfies ReturnClosedEvent);

export const refundRequested = (
  order: OrderRow,
  refund: { id: string; returnId: string; amountMinor: number; currency: string },
  actorId: string,
): OutboxEvent =>
  event(ReturnEvents.refundRequested, order, actorId, {
    ...eventBase(order),
    refundId: refund.id,
    returnId: refund.returnId,
    amountMinor: refund.amountMinor,
    currency: refund.currency,
  } satisfies RefundRequestedEvent);

export const orderRefunded = (
  order: OrderRow,
  refund: { id: string; returnId: string; amountMinor: number; currency: string; destination: string },
  at: Date,
  actorId: string | null,
): OutboxEvent =>
  event(ReturnEvents.refunded, order, actorId, {
    ...eventBase(order),
    refundId: refund.id,
    returnId: refund.returnId,
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    destination: refund.destination === 'wallet' ? 'wallet' : 'original',
    refundedAt: at.toISOString(),
  } satisfies OrderRefundedEvent);

export const returnLabelIssued = (
  order: OrderRow,
  returnId: string,
  label: ReturnLabelDoc,
  policy: 'inbox' | 'download',
  actorId: string,
): OutboxEvent => {
  const contact = order.contact as CheckoutContact | null;
  return event(ReturnEvents.labelIssued, order, actorId, {
    ...eventBase(order),
    returnId,
    policy,
    email: contact?.email?.trim() || null,
    customerName: contact?.name?.trim() ?? '',
    shopName: order.shopName,
    shopSlug: order.shopSlug,
    shipTo: label.shipTo,
    carrier: label.carrier,
    trackingNumber: label.trackingNumber,
    issuedAt: label.issuedAt,
  } satisfies ReturnLabelIssuedEvent);
};
