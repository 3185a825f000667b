import type { AuthResult } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';

/** `POST /api/auth/refresh`: the httpOnly refresh cookie (scoped to /api/auth) buys a new access token. */
export function refreshSession(): Promise<AuthResult> {
  return unwrap(api.POST('/api/auth/refresh'));
}
