import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { checkoutKeys } from './keys';
import type { Address, AddressInput } from './types';

/** `POST /checkout/addresses`: saved for the user, answered with its id. */
export function createAddress(body: AddressInput): Promise<Address> {
  return unwrap(api.POST('/api/checkout/addresses', { body }));
}

export function useCreateAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: (address) => {
      queryClient.setQueryData<{ results: Address[] }>(checkoutKeys.addresses(userId), (old) => ({
        results: [...(old?.results ?? []).filter((a) => a.id !== address.id), address],
      }));
    },
  });
}
