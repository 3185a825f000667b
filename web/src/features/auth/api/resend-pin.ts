import type { PinResendRequest, RegistrationResponse } from '@vitrina/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** A new PIN for the registration `code`: same destination, an edited one, or the other channel (spec 2 §4). */
export function resendPin(body: PinResendRequest, locale: string): Promise<RegistrationResponse> {
  return unwrap(api.POST('/api/auth/activate/pin/resend', { body, headers: { 'x-locale': locale } }));
}

export function useResendPin() {
  return useMutation({
    mutationFn: ({ body, locale }: { body: PinResendRequest; locale: string }) => resendPin(body, locale),
  });
}
