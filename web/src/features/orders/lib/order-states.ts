import {
  CANCELLED_ORDER_STATES,
  type OrderAvailableAction,
  type OrderState,
  type OrderSummary,
  type PurchaseOrder,
} from '@vitrina/contracts';
import type { OrdersKey } from '../i18n/texts';

/** One colour per state (the badges of the lists and the detail): cancelled orders read red, delivered green. */
export const STATE_COLORS: Record<OrderState, string> = {
  sent_to_supplier: 'gray',
  awaiting_customer: 'yellow',
  in_process: 'blue',
  to_deliver: 'cyan',
  in_transit: 'indigo',
  paid: 'teal',
  delivered: 'green',
  cancelled_by_customer: 'red',
  cancelled_by_supplier: 'red',
};

export function isCancelled(state: OrderState): boolean {
  return CANCELLED_ORDER_STATES.includes(state);
}

/** Something is shipped (fixed delivery or a courier): the order passes through In transit. */
export function isShipped(order: Pick<OrderSummary, 'delivery_type'>): boolean {
  return order.delivery_type === 'fixed' || order.delivery_type === 'broker';
}

/**
 * The steps an order of this kind goes through (spec 3 §4 'Purchase order flow', services/orders' transition table):
 * a pay-later order is quoted, accepted, prepared, paid and delivered; a prepaid one skips the quote and pay steps;
 * In transit only when something is shipped.
 */
export function flowOf(order: Pick<OrderSummary, 'prepaid' | 'delivery_type'>): OrderState[] {
  const steps: OrderState[] = order.prepaid
    ? ['in_process', 'to_deliver']
    : ['sent_to_supplier', 'awaiting_customer', 'in_process', 'to_deliver'];
  if (isShipped(order)) steps.push('in_transit');
  if (!order.prepaid) steps.push('paid');
  steps.push('delivered');
  return steps;
}

export interface TimelineStep {
  state: OrderState;
  /** When the order reached it (from its history), or null when it has not (yet). */
  at: string | null;
  status: 'done' | 'current' | 'pending' | 'cancelled';
}

/**
 * The timeline of the detail page: the flow's steps with the time each was reached. A cancelled order shows the
 * steps it went through, then the cancellation; a step skipped on the way (a shipment the tracking saw delivered at
 * once) counts as done when a later one was reached.
 */
export function timelineOf(order: Pick<PurchaseOrder, 'state' | 'prepaid' | 'delivery_type' | 'history' | 'placed_at'>): TimelineStep[] {
  const reached = new Map<OrderState, string>();
  for (const entry of order.history) reached.set(entry.to, entry.at);
  const flow = flowOf(order);
  if (!reached.has(flow[0]!)) reached.set(flow[0]!, order.placed_at);
  if (isCancelled(order.state)) {
    const steps: TimelineStep[] = flow
      .filter((state) => reached.has(state))
      .map((state) => ({ state, at: reached.get(state) ?? null, status: 'done' }));
    steps.push({ state: order.state, at: reached.get(order.state) ?? null, status: 'cancelled' });
    return steps;
  }
  const current = flow.indexOf(order.state);
  return flow.map((state, index) => ({
    state,
    at: reached.get(state) ?? null,
    status: index < current ? 'done' : index === current ? 'current' : 'pending',
  }));
}

const SELLER_NEXT: Partial<Record<OrderState, OrdersKey>> = {
  to_deliver: 'actions.seller.next_to_deliver',
  in_transit: 'actions.seller.next_in_transit',
  paid: 'actions.seller.next_paid',
  delivered: 'actions.seller.next_delivered',
};

/** The button text of an action, by side (the customer accepts a quote, the seller marks a step). */
export function actionLabelKey(side: 'customer' | 'seller', action: OrderAvailableAction): OrdersKey {
  if (action.action === 'cancel') return `actions.${side}.cancel`;
  if (action.action === 'confirm') return `actions.${side}.confirm`;
  if (side === 'customer') {
    if (action.to === 'in_process') return 'actions.customer.next_in_process';
    if (action.to === 'delivered') return 'actions.customer.next_delivered';
    return 'actions.customer.next';
  }
  return SELLER_NEXT[action.to] ?? 'actions.seller.next';
}
