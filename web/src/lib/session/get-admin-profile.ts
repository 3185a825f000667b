import type { AdminProfile } from '@vitrina/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';

export const ADMIN_PROFILE_KEY = ['profile-admin'] as const;

/** spec 2 §4, §9: the profile load is retried 3 times, 3 s apart, then silently ignored. */
export const PROFILE_RETRIES = 3;
export const PROFILE_RETRY_DELAY_MS = 3_000;

/** spec 2 §7 `GET profile-admin /{meID}:{key}/{meID}`: the signed-in user's own profile. */
export function getAdminProfile(meID: string, signal?: AbortSignal): Promise<AdminProfile> {
  return unwrap(api.GET('/api/profile-admin/{owner}/{me}', { params: { path: { owner: ownerSegment(meID), me: meID } }, signal }));
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
