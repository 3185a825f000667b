import { ACTIVATION_KEY_PLACEHOLDER, type MessageResponse } from '@vitrina/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** spec 2 §7: the link in the message is protocol, host and /activate/__KEY__ of this site. */
export function activationUrl(origin = window.location.origin): string {
  return `${origin}/activate/${ACTIVATION_KEY_PLACEHOLDER}`;
}

/** spec 2 §7 activation resend: body username, activation_url. */
export function resendActivation(username: string, locale: string): Promise<MessageResponse> {
  return unwrap(
    api.POST('/api/auth/activate/resend', {
      body: { username, activation_url: activationUrl() },
      headers: { 'x-locale': locale },
    }),
  );
}

export function useResendActivation() {
  return useMutation({ mutationFn: ({ username, locale }: { username: string; locale: string }) => resendActivation(username, locale) });
}
