import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { sessionStore } from '@/lib/session/session-store';
import { ADMIN_PROFILE_KEY } from '@/lib/session/get-admin-profile';

/** Revokes the session server-side and clears the cookies. */
export function signOut(): Promise<MessageResponse> {
  return unwrap(api.POST('/api/auth/logout'));
}

/** Signs out here whatever the server answers: a failed call must not leave the user signed in on screen. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      sessionStore.signOut();
      queryClient.removeQueries({ queryKey: ADMIN_PROFILE_KEY });
    },
  });
}
