import type { QueryClient } from '@tanstack/react-query';
import { ADMIN_PROFILE_KEY, getAdminProfile } from '@/lib/session/get-admin-profile';
import { sessionStore } from '@/lib/session/session-store';

/** Issue 16: the accounts service gives the user their store a moment after the shop is created (an event). */
export const STORE_WAIT_TIMEOUT_MS = 10_000;
export const STORE_WAIT_INTERVAL_MS = 1_000;

export interface WaitForStoreOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads the user's profile again until it shows their store (`store_id`, user level 2), at most `timeoutMs`, then
 * refreshes the session so the access token carries the new level and keychain. True once the profile shows the
 * store; false when the time ran out (the page goes on anyway: the store follows on a later load).
 */
export async function waitForStore(
  queryClient: QueryClient,
  meID: string,
  { timeoutMs = STORE_WAIT_TIMEOUT_MS, intervalMs = STORE_WAIT_INTERVAL_MS }: WaitForStoreOptions = {},
): Promise<boolean> {
  const key = [...ADMIN_PROFILE_KEY, meID];
  const deadline = Date.now() + timeoutMs;
  let found = false;
  for (;;) {
    try {
      const profile = await getAdminProfile(meID);
      if (profile.store_id) {
        queryClient.setQueryData(key, profile);
        found = true;
        break;
      }
    } catch {
      // A failed read is one more try; the deadline still holds.
    }
    if (Date.now() + intervalMs > deadline) break;
    await sleep(intervalMs);
  }
  await sessionStore.refresh().catch(() => null);
  if (!found) await queryClient.invalidateQueries({ queryKey: key });
  return found;
}
