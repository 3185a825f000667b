import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { checkoutKeys } from './keys';
import type { ShippingRate } from './types';

/** `GET /checkout/{id}/rates?address_id=`: the couriers' rates to that address (409 when there are none). */
export function getRates(id: string, addressId: string): Promise<{ results: ShippingRate[] }> {
  return unwrap(api.GET('/api/checkout/{id}/rates', { params: { path: { id }, query: { address_id: addressId } } }));
}

export function useRates(id: string, addressId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.rates(id, addressId ?? ''),
    queryFn: () => getRates(id, addressId ?? ''),
    enabled: enabled && addressId !== null,
    retry: false,
  });
}
