import type { ActivationResponse, PinActivationRequest } from '@vitrina/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/api/client';
import { sessionStore } from '@/lib/session/session-store';

/** spec 2 §8 internal failures: the answer's actions are not what the PIN flow needs. */
export const INVALID_NOTIFICATION_ACTION = 'invalid_notification_action';
export const INVALID_SET_AUTH_ACTION = 'invalid_set_auth_action';

/**
 * spec 2 §3: the activation answer carries a notification action and an auth action (SET_AUTH). The type says so;
 * this still checks the body at run time, since a proxy or an old server could answer something else (spec 2 §8).
 */
export function checkActivationResponse(answer: unknown, status = 200): ActivationResponse {
  const value = answer as Partial<ActivationResponse> | undefined;
  if (value?.notification?.type !== 'NOTIFICATION') {
    throw new ApiError(status, INVALID_NOTIFICATION_ACTION, 'Invalid notification action');
  }
  if (value.auth?.type !== 'SET_AUTH' || typeof value.auth.payload?.access_token !== 'string') {
    throw new ApiError(status, INVALID_SET_AUTH_ACTION, 'Invalid setAuth action');
  }
  return value as ActivationResponse;
}

/**
 * spec 2 §7 `POST /activate/pin/`: pin, code, type plus the registration data, with the locale header.
 * The answer's SET_AUTH action signs the user in. The accounts service routes it without the trailing slash.
 */
export async function activateWithPin(body: PinActivationRequest, locale: string): Promise<ActivationResponse> {
  const answer = await unwrap(api.POST('/api/auth/activate/pin', { body, headers: { 'x-locale': locale } }));
  return checkActivationResponse(answer);
}

export function useActivateWithPin() {
  return useMutation({
    mutationFn: ({ body, locale }: { body: PinActivationRequest; locale: string }) => activateWithPin(body, locale),
    onSuccess: (answer) => sessionStore.signIn(answer.auth.payload),
  });
}
