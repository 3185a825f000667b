import type { PayLaterType, PurchaseOrder } from '@vitrina/contracts';
import { useState } from 'react';
import { isApiError } from '@/api/client';
import { IdempotencyKeys, isRetryable } from '@/lib/idempotency-keys';
import { useSession } from '@/lib/session/use-session';
import { placePayLaterOrder } from '../api/place-pay-later-order';
import type { PaymentsT } from '../i18n/texts';
import { paymentFailure } from '../lib/errors';
import { notifyPaymentFailure } from '../lib/notify';

/**
 * A pay-later choice (cash on delivery, deposit) places the checkout's order at once (issue 13). One key per
 * checkout and method (ARCHITECTURE §8): a retry after no answer cannot place twice.
 */
export function usePlaceOrder({ checkoutId, t, onPlaced }: { checkoutId: string; t: PaymentsT; onPlaced: (order: PurchaseOrder) => void }) {
  const session = useSession();
  const [keys] = useState(() => new IdempotencyKeys());
  const [placing, setPlacing] = useState(false);
  const place = async (paymentType: PayLaterType) => {
    const userId = session.user?.id;
    if (!userId || placing) return;
    const action = `place:${checkoutId}`;
    const key = keys.keyFor(action, { checkoutId, paymentType });
    setPlacing(true);
    try {
      const order = await placePayLaterOrder(userId, checkoutId, paymentType, key);
      keys.settle(action);
      onPlaced(order);
    } catch (error) {
      if (!isApiError(error) || !isRetryable(error.status, error.code)) keys.settle(action);
      // The checkout's own refusals (expired, method no longer enabled...) keep their texts; anything else is a placement failure.
      const failure = paymentFailure(error);
      notifyPaymentFailure(failure.kind === 'start' ? { kind: 'card', key: 'errors.place_failed' } : failure, t);
    } finally {
      setPlacing(false);
    }
  };
  return { place, placing };
}
