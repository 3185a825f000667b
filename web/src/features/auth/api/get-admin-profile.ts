import type { AdminProfile } from '@vitrina/contracts';
import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/api/client';
import { accountsApi } from './accounts-api';

export const ADMIN_PROFILE_KEY = ['profile-admin'] as const;

/** spec 2 §4, §9: the profile load is retried 3 times, 3 s apart, then silently ignored. */
export const PROFILE_RETRIES = 3;
export const PROFILE_RETRY_DELAY_MS = 3_000;

/** spec 2 §7 `GET profile-admin /{meID}:{key}/{meID}`: the signed-in user's own profile. */
export function adminProfilePath(meID: string): string {
  const me = encodeURIComponent(meID);
  return `/api/profile-admin/${me}:${me}/${me}`;
}

export function getAdminProfile(meID: string, signal?: AbortSignal): Promise<AdminProfile> {
  // Ids are UUIDs: the `{me}:{me}` owner segment is written as is (a path parameter would encode the colon).
  return unwrap<AdminProfile>(accountsApi.GET(adminProfilePath(meID), { signal }));
}

export function adminProfileQueryOptions(meID: string) {
  return queryOptions({
    queryKey: [...ADMIN_PROFILE_KEY, meID],
    queryFn: ({ signal }) => getAdminProfile(meID, signal),
    retry: PROFILE_RETRIES,
    retryDelay: PROFILE_RETRY_DELAY_MS,
    staleTime: 5 * 60_000,
  });
}
