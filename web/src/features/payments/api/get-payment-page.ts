import type { PaymentPage } from '@vitrina/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, unwrap } from '@/api/client';
import { paymentKeys } from './keys';

/** `GET /payment/{token}`: the checkout's payment page (signed-in owner only; 404 payment_not_found). */
export function getPaymentPage(token: string): Promise<PaymentPage> {
  return unwrap(api.GET('/api/payment/{token}', { params: { path: { token } } }));
}

export function paymentPageQueryOptions(token: string) {
  return queryOptions({ queryKey: paymentKeys.page(token), queryFn: () => getPaymentPage(token), staleTime: 0, retry: false });
}

/**
 * `waitForToken`: a package purchase's token reaches the payment service through an event, an instant after the
 * purchase answered it; a 404 is read again a few times (about 5 s) before the page says it does not exist.
 */
export function usePaymentPage(token: string, enabled = true, waitForToken = false) {
  return useQuery({
    ...paymentPageQueryOptions(token),
    enabled: enabled && token.length > 0,
    ...(waitForToken
      ? { retry: (count: number, err: unknown) => count < 8 && isApiError(err) && err.status === 404, retryDelay: 600 }
      : {}),
  });
}
