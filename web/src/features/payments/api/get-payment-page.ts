import type { PaymentPage } from '@vitrina/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { paymentKeys } from './keys';

/** `GET /payment/{token}`: the checkout's payment page (signed-in owner only; 404 payment_not_found). */
export function getPaymentPage(token: string): Promise<PaymentPage> {
  return unwrap(api.GET('/api/payment/{token}', { params: { path: { token } } }));
}

export function paymentPageQueryOptions(token: string) {
  return queryOptions({ queryKey: paymentKeys.page(token), queryFn: () => getPaymentPage(token), staleTime: 0, retry: false });
}

export function usePaymentPage(token: string, enabled = true) {
  return useQuery({ ...paymentPageQueryOptions(token), enabled: enabled && token.length > 0 });
}
