import type { PaymentAttempt } from '@vitrina/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { paymentKeys } from './keys';

/** How often a pending voucher, transfer or confirmation is asked about. */
export const ATTEMPT_POLL_MS = 5_000;

/** `GET /payment/{token}/attempts/{attempt_id}`. */
export function getAttempt(token: string, attemptId: string): Promise<PaymentAttempt> {
  return unwrap(api.GET('/api/payment/{token}/attempts/{attempt_id}', { params: { path: { token, attempt_id: attemptId } } }));
}

/** Polls the attempt while it is pending (a voucher or SPEI waiting to be paid); stops once it is settled. */
export function useAttemptPolling(token: string, attempt: PaymentAttempt, intervalMs = ATTEMPT_POLL_MS) {
  return useQuery({
    queryKey: paymentKeys.attempt(token, attempt.id),
    queryFn: () => getAttempt(token, attempt.id),
    // The first answer is the one the start gave (fresh for one interval); the next ones come from the server.
    initialData: attempt,
    staleTime: intervalMs,
    refetchInterval: (query) => (isPending(query.state.data) ? intervalMs : false),
    refetchIntervalInBackground: true,
    retry: false,
  });
}

export function isPending(attempt: PaymentAttempt | undefined): boolean {
  return attempt !== undefined && ['created', 'requires_action', 'processing'].includes(attempt.status);
}
