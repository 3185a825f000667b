import type { RegistrationRequest, RegistrationResponse } from '@vitrina/contracts';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '@/api/client';
import { accountsApi } from './accounts-api';

/** spec 2 §7 registration call (path not shown in the spec): the payload of §3 -> code, can_skip_pin, username, message. */
export const REGISTER_PATH = '/api/auth/register';

export function registerUser(body: RegistrationRequest): Promise<RegistrationResponse> {
  return unwrap<RegistrationResponse>(accountsApi.POST(REGISTER_PATH, { body }));
}

export function useRegisterUser() {
  return useMutation({ mutationFn: registerUser });
}
