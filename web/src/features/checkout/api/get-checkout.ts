import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { checkoutKeys } from './keys';
import type { Checkout } from './types';

/** `GET /checkout/{id}`: reads still work once expired (status 'expired'). */
export function getCheckout(id: string): Promise<Checkout> {
  return unwrap(api.GET('/api/checkout/{id}', { params: { path: { id } } }));
}

export function checkoutQueryOptions(id: string) {
  return queryOptions({ queryKey: checkoutKeys.checkout(id), queryFn: () => getCheckout(id), staleTime: 0 });
}

export function useCheckout(id: string | undefined, enabled: boolean) {
  return useQuery({ ...checkoutQueryOptions(id ?? ''), enabled: enabled && Boolean(id) });
}
