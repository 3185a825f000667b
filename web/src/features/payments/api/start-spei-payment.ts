import type { PaymentAttempt } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';

/** `POST /payment/{token}/order/spei` (Idempotency-Key) → 201 PaymentAttempt with the bank transfer (1 hour). */
export function startSpeiPayment(token: string, key: string): Promise<PaymentAttempt> {
  return unwrap(api.POST('/api/payment/{token}/order/spei', { params: { path: { token }, header: { 'Idempotency-Key': key } }, body: {} }));
}
