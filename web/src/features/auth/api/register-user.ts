import type { RegistrationRequest, RegistrationResponse } from '@vitrina/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** spec 2 §7 registration call (path not shown in the spec): the payload of §3 -> code, can_skip_pin, username, message. */
export const REGISTER_PATH = '/api/auth/register' as const;

export function registerUser(body: RegistrationRequest): Promise<RegistrationResponse> {
  return unwrap(api.POST(REGISTER_PATH, { body }));
}

export function useRegisterUser() {
  return useMutation({ mutationFn: registerUser });
}
