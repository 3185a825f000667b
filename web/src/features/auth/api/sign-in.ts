import type { AuthResult } from '@vitrina/contracts';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '@/api/client';
import { sessionStore } from '../session/session-store';
import { accountsApi } from './accounts-api';

export interface SignInRequest {
  /** The e-mail, or the phone digits. */
  username: string;
  password: string;
  phone?: string;
  country?: string;
  country_code?: string;
  locale?: 'es' | 'en' | 'es-AR';
}

/** Log-in with e-mail or phone and password: the access token in the body, the refresh token as an httpOnly cookie. */
export function signIn(body: SignInRequest): Promise<AuthResult> {
  return unwrap<AuthResult>(accountsApi.POST('/api/auth/login', { body }));
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: (auth) => sessionStore.signIn(auth) });
}
