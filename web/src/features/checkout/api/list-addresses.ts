import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { checkoutKeys } from './keys';
import type { Address } from './types';

/** `GET /checkout/addresses`: the signed-in user's saved addresses. */
export function listAddresses(): Promise<{ results: Address[] }> {
  return unwrap(api.GET('/api/checkout/addresses'));
}

export function useAddresses(userId: string) {
  return useQuery({ queryKey: checkoutKeys.addresses(userId), queryFn: listAddresses });
}
