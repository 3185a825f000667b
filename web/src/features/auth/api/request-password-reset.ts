import type { PasswordResetRequested } from '@vitrina/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export interface PasswordResetRequest {
  /** The e-mail, or the phone digits. */
  username: string;
  type: 'email' | 'phone';
  phone?: string;
  country?: string;
  country_code?: string;
}

/** Sends a reset code by e-mail or SMS; `code` identifies the request in the confirm step. */
export function requestPasswordReset(body: PasswordResetRequest, locale: string): Promise<PasswordResetRequested> {
  return unwrap(api.POST('/api/auth/password/reset', { body, headers: { 'x-locale': locale } }));
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: ({ body, locale }: { body: PasswordResetRequest; locale: string }) => requestPasswordReset(body, locale),
  });
}
