import type { AdminProfile, ProfileUpdateRequest } from '@vitrina/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { ADMIN_PROFILE_KEY } from '@/lib/session/get-admin-profile';

/** spec 2 §3: only non-empty profile fields are sent (and change). */
export function profileChanges(values: ProfileUpdateRequest): ProfileUpdateRequest {
  const changes: ProfileUpdateRequest = {};
  for (const [key, value] of Object.entries(values) as Array<[keyof ProfileUpdateRequest, string | undefined]>) {
    const trimmed = typeof value === 'string' ? value.trim() : value;
    if (trimmed) (changes as Record<string, string>)[key] = trimmed;
  }
  return changes;
}

/** spec 2 §7 `PUT profile-admin /{meID}:{key}/{meID}`. */
export function updateAdminProfile(meID: string, body: ProfileUpdateRequest): Promise<AdminProfile> {
  return unwrap(
    api.PUT('/api/profile-admin/{owner}/{me}', { params: { path: { owner: ownerSegment(meID), me: meID } }, body: profileChanges(body) }),
  );
}

export function useUpdateAdminProfile(meID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) => updateAdminProfile(meID, body),
    onSuccess: (profile) => {
      queryClient.setQueryData([...ADMIN_PROFILE_KEY, meID], profile);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_PROFILE_KEY, meID] });
    },
  });
}
