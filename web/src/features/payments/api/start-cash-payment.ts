import type { PaymentAttempt } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';

/** `POST /payment/{token}/order/cash` (Idempotency-Key) → 201 PaymentAttempt with the store voucher. */
export function startCashPayment(token: string, key: string): Promise<PaymentAttempt> {
  return unwrap(api.POST('/api/payment/{token}/order/cash', { params: { path: { token }, header: { 'Idempotency-Key': key } }, body: {} }));
}
