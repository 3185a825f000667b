import type { UserExistsResponse } from '@vitrina/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export interface UserExistsRequest {
  username: string;
  phone?: string;
  country?: string;
  country_code?: string;
}

/** spec 2 §7 `POST auth /users/exist`: { username } -> { exist }. */
export function checkUserExists(body: UserExistsRequest): Promise<UserExistsResponse> {
  return unwrap(api.POST('/api/auth/users/exist', { body }));
}

/** The availability check on blur; a failed check says nothing (the registration answers existing_user anyway). */
export function useCheckUserExists() {
  return useMutation({ mutationFn: checkUserExists });
}
