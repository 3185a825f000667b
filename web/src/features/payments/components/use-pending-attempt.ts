import type { PaymentAttempt } from '@vitrina/contracts';
import { useEffect, useEffectEvent } from 'react';
import { useAttemptPolling } from '../api/get-attempt';
import { clearAffiliateCookies } from '../lib/affiliate-cookies';

/**
 * A voucher or transfer waiting to be paid: the attempt is asked about every ~5 s; once it succeeded the page moves
 * on (the affiliate cookies go: spec 3 §4 step 4). Answers the attempt as last known.
 */
export function usePendingAttempt(token: string, attempt: PaymentAttempt, onPaid: (attempt: PaymentAttempt) => void, intervalMs?: number) {
  const query = useAttemptPolling(token, attempt, intervalMs);
  const current = query.data ?? attempt;
  const paid = useEffectEvent((settled: PaymentAttempt) => {
    clearAffiliateCookies();
    onPaid(settled);
  });
  useEffect(() => {
    if (current.status === 'succeeded') paid(current);
  }, [current]);
  return current;
}
