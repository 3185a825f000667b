import type { PaymentAttempt } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';

/**
 * `POST /payment/{token}/attempts/{attempt_id}/return`: the browser is back from 3-D Secure or an approval page; the
 * server asks the provider and completes the attempt (succeeded, failed or canceled).
 */
export function returnFromProvider(token: string, attemptId: string): Promise<PaymentAttempt> {
  return unwrap(
    api.POST('/api/payment/{token}/attempts/{attempt_id}/return', {
      params: { path: { token, attempt_id: attemptId } },
    }),
  );
}
