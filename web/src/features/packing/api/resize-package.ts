import type { OrderPackage } from '@vitrina/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { packingKeys } from './keys';

export interface PackageSize {
  length_cm: number;
  width_cm: number;
  height_cm: number;
  weight_g: number;
}

/** `PATCH .../binpacked/{x}`: the package's real measures. */
export function resizePackage(owner: string, orderId: string, index: number, size: PackageSize): Promise<OrderPackage> {
  return unwrap(
    api.PATCH('/api/orders/{owner}/franchise/orders/{id}/binpacked/{x}', {
      params: { path: { owner: ownerSegment(owner), id: orderId, x: String(index) } },
      body: size,
    }),
  );
}

export function useResizePackage(owner: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ index, size }: { index: number; size: PackageSize }) => resizePackage(owner, orderId, index, size),
    // the first change stores the proposal: read the whole packing again
    onSettled: () => queryClient.invalidateQueries({ queryKey: packingKeys.order(owner, orderId) }),
  });
}
