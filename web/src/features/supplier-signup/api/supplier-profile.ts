import type { SupplierProfile } from '@vitrina/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';

export const supplierProfileKey = (userId: string) => ['supplier-profile', userId] as const;

/** `GET /accounts/{me}/supplier` (issue 16): the user's supplier profile (is_supplier false before they open one). */
export function getSupplierProfile(userId: string): Promise<SupplierProfile> {
  return unwrap(api.GET('/api/accounts/{me}/supplier', { params: { path: { me: ownerSegment(userId) } } }));
}

export function useSupplierProfile(userId: string | null) {
  return useQuery({
    ...queryOptions({ queryKey: supplierProfileKey(userId ?? ''), queryFn: () => getSupplierProfile(userId!) }),
    enabled: userId !== null,
  });
}

/** `PUT /accounts/{me}/supplier`: opens (or renames) it; the next token carries the supplier keychain. */
export function openSupplierProfile(userId: string, body: { name: string; image: string | null }): Promise<SupplierProfile> {
  return unwrap(api.PUT('/api/accounts/{me}/supplier', { params: { path: { me: ownerSegment(userId) } }, body }));
}
