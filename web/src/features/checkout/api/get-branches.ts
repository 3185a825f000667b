import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { checkoutKeys } from './keys';
import type { Branch } from './types';

/** `GET /checkout/{id}/correosar_branches`: the supplier's pickup branches (409 branches_not_available). */
export function getBranches(id: string): Promise<{ results: Branch[] }> {
  return unwrap(api.GET('/api/checkout/{id}/correosar_branches', { params: { path: { id } } }));
}

export function useBranches(id: string, enabled: boolean) {
  return useQuery({ queryKey: checkoutKeys.branches(id), queryFn: () => getBranches(id), enabled, retry: false });
}
