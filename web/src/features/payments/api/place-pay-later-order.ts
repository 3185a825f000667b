import type { PayLaterType, PurchaseOrder } from '@vitrina/contracts';
import { api, ownerSegment, unwrap } from '@/api/client';

/**
 * `POST /orders/{me}:{me}/orders {checkout_id, payment_type}` (Idempotency-Key) → 201 PurchaseOrder: a pay-later
 * method (cash on delivery, deposit) places the ready checkout's order at once; it is paid after the seller's quote.
 */
export function placePayLaterOrder(userId: string, checkoutId: string, paymentType: PayLaterType, key: string): Promise<PurchaseOrder> {
  return unwrap(
    api.POST('/api/orders/{me}/orders', {
      params: { path: { me: ownerSegment(userId) }, header: { 'Idempotency-Key': key } },
      body: { checkout_id: checkoutId, payment_type: paymentType },
    }),
  );
}
