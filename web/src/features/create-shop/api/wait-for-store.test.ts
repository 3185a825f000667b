import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PROFILE_KEY } from '@/lib/session/get-admin-profile';
import { sessionStore } from '@/lib/session/session-store';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { waitForStore } from './wait-for-store';

const PROFILE = `GET /api/profile-admin/${ME}:${ME}/${ME}`;
const REFRESH = 'POST /api/auth/refresh';

beforeEach(resetAccountState);
afterEach(resetAccountState);

describe('waiting for the account to show the new store (issue 16)', () => {
  it('reads the profile until it has the store, keeps it, and refreshes the session once', async () => {
    let reads = 0;
    const api = fakeApi({
      [REFRESH]: () => jsonResponse(200, authResult({ level: 2 })),
      [PROFILE]: () => {
        reads += 1;
        return jsonResponse(200, adminProfile(reads >= 3 ? { store_id: 'shop-1', store_slug: 'cafe', level: 2 } : {}));
      },
    });
    sessionStore.start();
    await sessionStore.ready();
    const queryClient = new QueryClient();
    await expect(waitForStore(queryClient, ME, { timeoutMs: 2_000, intervalMs: 10 })).resolves.toBe(true);
    expect(reads).toBe(3);
    expect(queryClient.getQueryData<{ store_slug: string }>([...ADMIN_PROFILE_KEY, ME])?.store_slug).toBe('cafe');
    // one on start, one once the store showed
    expect(api.callsTo(REFRESH)).toHaveLength(2);
    expect(sessionStore.getSnapshot().auth?.level).toBe(2);
  });

  it('goes on when the time runs out (the store follows on a later load), failed reads included', async () => {
    let reads = 0;
    fakeApi({
      [REFRESH]: () => jsonResponse(200, authResult()),
      [PROFILE]: () => {
        reads += 1;
        return reads % 2 ? jsonResponse(503, { code: 'service_unavailable', message: 'down' }) : jsonResponse(200, adminProfile());
      },
    });
    sessionStore.start();
    await sessionStore.ready();
    const started = Date.now();
    await expect(waitForStore(new QueryClient(), ME, { timeoutMs: 200, intervalMs: 20 })).resolves.toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(reads).toBeGreaterThan(2);
  });
});
