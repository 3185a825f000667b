import type { AuthResult } from '@vitrina/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError, unwrap } from '@/api/client';
import { parseRetryAfter, RetryLaterApiError } from '../domain/auth-errors';
import { sessionStore } from '@/lib/session/session-store';

export interface SignInRequest {
  /** The e-mail, or the phone digits. */
  username: string;
  password: string;
  phone?: string;
  country?: string;
  country_code?: string;
  locale?: 'es' | 'en' | 'es-AR';
}

/**
 * Log-in with e-mail or phone and password: the access token in the body, the refresh and device tokens as httpOnly
 * cookies. A throttled attempt (429) rejects with RetryLaterApiError carrying the server's `Retry-After`.
 */
export async function signIn(body: SignInRequest): Promise<AuthResult> {
  const call = api.POST('/api/auth/login', { body });
  try {
    return await unwrap(call);
  } catch (error) {
    if (isApiError(error) && error.status === 429) {
      const wait = parseRetryAfter((await call).response.headers.get('retry-after'));
      if (wait !== null) throw new RetryLaterApiError(error, wait);
    }
    throw error;
  }
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: (auth) => sessionStore.signIn(auth) });
}
