import type { ActivationResponse } from '@vitrina/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { sessionStore } from '@/lib/session/session-store';
import { checkActivationResponse } from './activate-with-pin';

export interface PasswordResetConfirmation {
  code: string;
  pin: string;
  password: string;
}

/** The code received plus the new password: every other session ends and the user is signed in on a new one. */
export async function confirmPasswordReset(body: PasswordResetConfirmation, locale: string): Promise<ActivationResponse> {
  const answer = await unwrap(api.POST('/api/auth/password/reset/confirm', { body, headers: { 'x-locale': locale } }));
  return checkActivationResponse(answer);
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: ({ body, locale }: { body: PasswordResetConfirmation; locale: string }) => confirmPasswordReset(body, locale),
    onSuccess: (answer) => sessionStore.signIn(answer.auth.payload),
  });
}
