import { describe, expect, it } from 'vitest';
import { purchaseOrder, quotedOrder } from '../test/fixtures';
import { actionLabelKey, flowOf, timelineOf } from './order-states';

describe('the order timeline (spec 3 §4 purchase order flow)', () => {
  it('has the quote and pay steps only for pay-later orders, and In transit only for shipped ones', () => {
    expect(flowOf({ prepaid: true, delivery_type: 'broker' })).toEqual(['in_process', 'to_deliver', 'in_transit', 'delivered']);
    expect(flowOf({ prepaid: true, delivery_type: 'pickup' })).toEqual(['in_process', 'to_deliver', 'delivered']);
    expect(flowOf({ prepaid: false, delivery_type: 'fixed' })).toEqual([
      'sent_to_supplier',
      'awaiting_customer',
      'in_process',
      'to_deliver',
      'in_transit',
      'paid',
      'delivered',
    ]);
  });

  it('marks the steps reached with their time, the current one, and those to come', () => {
    const steps = timelineOf(purchaseOrder());
    expect(steps.map((s) => [s.state, s.status, s.at])).toEqual([
      ['in_process', 'done', '2026-11-20T15:30:00.000Z'],
      ['to_deliver', 'done', '2026-11-21T10:00:00.000Z'],
      ['in_transit', 'current', '2026-11-22T09:00:00.000Z'],
      ['delivered', 'pending', null],
    ]);
  });

  it('ends a cancelled order with its cancellation after the steps it went through', () => {
    const order = quotedOrder({
      state: 'cancelled_by_customer',
      history: [
        { from: null, to: 'sent_to_supplier', actor: 'customer', at: '2026-11-20T15:30:00.000Z' },
        { from: 'sent_to_supplier', to: 'cancelled_by_customer', actor: 'customer', at: '2026-11-20T16:00:00.000Z' },
      ],
    });
    expect(timelineOf(order).map((s) => [s.state, s.status])).toEqual([
      ['sent_to_supplier', 'done'],
      ['cancelled_by_customer', 'cancelled'],
    ]);
  });

  it('names each button by side', () => {
    expect(actionLabelKey('customer', { action: 'confirm', to: 'in_process', needs_quote: false })).toBe('actions.customer.confirm');
    expect(actionLabelKey('customer', { action: 'next', to: 'delivered', needs_quote: false })).toBe('actions.customer.next_delivered');
    expect(actionLabelKey('seller', { action: 'next', to: 'in_transit', needs_quote: false })).toBe('actions.seller.next_in_transit');
    expect(actionLabelKey('seller', { action: 'next', to: 'paid', needs_quote: false })).toBe('actions.seller.next_paid');
    expect(actionLabelKey('seller', { action: 'cancel', to: 'cancelled_by_supplier', needs_quote: false })).toBe('actions.seller.cancel');
  });
});
