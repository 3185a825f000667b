import type { PackageList } from '@vitrina/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { plansKeys } from './keys';

/** `GET /accounts/packages` (public, spec 2 §3 'Package'): the packages a user can buy, lightest first. */
export function listPackages(): Promise<PackageList> {
  return unwrap(api.GET('/api/accounts/packages'));
}

export function packagesQueryOptions() {
  // The list is the platform's catalogue of packages: it changes with a deploy, not while the page is open.
  return queryOptions({ queryKey: plansKeys.packages(), queryFn: listPackages, staleTime: 10 * 60_000 });
}

export function usePackages() {
  return useQuery(packagesQueryOptions());
}
