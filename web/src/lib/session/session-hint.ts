import { SESSION_HINT_COOKIE, SESSION_HINT_COOKIE_PATH } from '@vitrina/contracts';
import { readCookie } from '@/lib/cookies';

/**
 * The accounts service sets the readable `has_session` cookie with the httpOnly refresh cookie and clears it with
 * it (log-out, a refused refresh). Without it there is nothing to refresh: a visitor who never signed in makes no
 * `POST /api/auth/refresh` (and gets no 401) on load.
 */
export function hasSessionHint(): boolean {
  return typeof document !== 'undefined' && Boolean(readCookie(SESSION_HINT_COOKIE));
}

/** Signed out here even when the server could not be told: stop trying the refresh cookie on the next loads. */
export function clearSessionHint(): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=${SESSION_HINT_COOKIE_PATH}; SameSite=Lax`;
}
