import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupplierJson } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';

/** A supplier (dssupplier: id, name, image) for the item page: GET /api/catalogue/dssuppliers/{id}. */
export function getSupplier(id: string, signal?: AbortSignal): Promise<SupplierJson> {
  return unwrap(api.GET('/api/catalogue/dssuppliers/{id}', { params: { path: { id } }, signal }));
}

export function supplierQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['storefront', 'supplier', id],
    queryFn: ({ signal }) => getSupplier(id, signal),
    staleTime: 5 * 60_000,
  });
}

/** Not suspending: the item page shows the owner's name from the item while the supplier loads (or fails). */
export function useSupplier(id: string) {
  return useQuery(supplierQueryOptions(id));
}
