import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/api/client';
import { sessionStore } from '../session/session-store';
import { accountsApi } from './accounts-api';
import { ADMIN_PROFILE_KEY } from './get-admin-profile';

/** Revokes the session server-side and clears the cookies. */
export function signOut(): Promise<unknown> {
  return unwrap(accountsApi.POST('/api/auth/logout', {}));
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
