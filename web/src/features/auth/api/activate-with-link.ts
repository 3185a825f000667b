import type { ActivationResponse } from '@vitrina/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { sessionStore } from '@/lib/session/session-store';
import { checkActivationResponse } from './activate-with-pin';

/** spec 2 §2 `/activate/{key}`: the key from the e-mail or SMS link activates the account and signs the user in. */
export async function activateWithLink(key: string, locale: string): Promise<ActivationResponse> {
  const answer = await unwrap(api.POST('/api/auth/activate/{key}', { params: { path: { key } }, headers: { 'x-locale': locale } }));
  return checkActivationResponse(answer);
}

/** A key works once: a page opened twice (React's StrictMode, a double render) must not spend it twice. */
const attempts = new Map<string, Promise<ActivationResponse>>();

export function activateWithLinkOnce(key: string, locale: string): Promise<ActivationResponse> {
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = activateWithLink(key, locale);
    attempts.set(key, attempt);
    // A failure may be retried (a network error); a success stays cached for the tab.
    attempt.catch(() => attempts.delete(key));
  }
  return attempt;
}

export function useActivateWithLink() {
  return useMutation({
    mutationFn: ({ key, locale }: { key: string; locale: string }) => activateWithLinkOnce(key, locale),
    onSuccess: (answer) => sessionStore.signIn(answer.auth.payload),
  });
}
