import type { PaymentAttempt, RedirectMethod } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';

export interface RedirectPaymentBody {
  /** The server appends `payment_attempt=<id>` (and `&payment_canceled=1` to the cancel path). */
  return_path: string;
  cancel_path: string;
  /** aplazo: the plan's number of payments. */
  instalments?: number;
}

/**
 * `POST /payment/{token}/order/paypal | mobbex | aplazo` (Idempotency-Key) → 201 PaymentAttempt with the
 * `approval_url` the browser is sent to (spec 3 §4 step 3).
 */
export function startRedirectPayment(
  token: string,
  method: RedirectMethod,
  body: RedirectPaymentBody,
  key: string,
): Promise<PaymentAttempt> {
  const params = { path: { token }, header: { 'Idempotency-Key': key } };
  return unwrap(api.POST(`/api/payment/{token}/order/${method}`, { params, body }));
}
