import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, unwrap } from '@/api/client';
import { jsonResponse, stubFetch } from '@/test/render-app';
import { authResult, pathOf, setSessionHint, unauthorized } from '@/test/account-fixtures';
import { clearSessionHint, hasSessionHint } from './session-hint';
import { REFRESH_PATH, SessionStore } from './session-store';

const store = new SessionStore();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const loose = api as any;
const getThing = () => unwrap(loose.GET('/api/store/things'));

// Most cases start in a browser that signed in before: the server's session hint cookie is there.
beforeEach(setSessionHint);
afterEach(() => {
  store.reset();
  clearSessionHint();
  vi.useRealTimers();
});

describe('session store', () => {
  it('makes no refresh call for a visitor who never signed in (no session hint): anonymous at once', async () => {
    clearSessionHint();
    const fetchMock = stubFetch(() => jsonResponse(200, { ok: true }));
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().status));
    store.start();
    await store.ready();
    expect(store.getSnapshot()).toEqual({ status: 'anonymous', auth: null });
    expect(seen).toEqual(['anonymous']);
    // Other calls go out at once, without a token, and nothing ever asks for a refresh.
    await getThing();
    await store.refresh();
    expect(fetchMock.mock.calls.map(([request]) => pathOf(request as Request))).toEqual(['/api/store/things']);
  });

  it('clears the session hint on sign-out, so the next load makes no refresh call', async () => {
    stubFetch(() => jsonResponse(200, authResult()));
    store.start();
    await store.ready();
    expect(hasSessionHint()).toBe(true);
    store.signOut();
    expect(hasSessionHint()).toBe(false);
  });

  it('asks for a session with the refresh cookie on start, once', async () => {
    const fetchMock = stubFetch((request) => (pathOf(request) === REFRESH_PATH ? jsonResponse(200, authResult()) : jsonResponse(200, {})));
    store.start();
    store.start();
    await store.ready();
    expect(fetchMock.mock.calls.filter(([request]) => pathOf(request as Request) === REFRESH_PATH)).toHaveLength(1);
    expect(store.getSnapshot()).toMatchObject({ status: 'authenticated', auth: { meID: authResult().meID } });
  });

  it('is anonymous when the refresh cookie is refused', async () => {
    stubFetch(() => unauthorized());
    store.start();
    await store.ready();
    expect(store.getSnapshot()).toEqual({ status: 'anonymous', auth: null });
  });

  it('sends Authorization: Bearer once signed in, and nothing when anonymous', async () => {
    const seen: Array<string | null> = [];
    stubFetch((request) => {
      if (pathOf(request) === REFRESH_PATH) return unauthorized();
      seen.push(request.headers.get('authorization'));
      return jsonResponse(200, { ok: true });
    });
    store.start();
    await getThing();
    store.signIn(authResult({ access_token: 'abc' }));
    await getThing();
    expect(seen).toEqual([null, 'Bearer abc']);
  });

  it('makes calls issued while the page loads wait for the first refresh', async () => {
    let answer: (response: Response) => void = () => {};
    const seen: Array<string | null> = [];
    stubFetch((request) => {
      if (pathOf(request) === REFRESH_PATH) return new Promise<Response>((resolve) => (answer = resolve));
      seen.push(request.headers.get('authorization'));
      return jsonResponse(200, {});
    });
    store.start();
    const call = getThing();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([]);
    answer(jsonResponse(200, authResult({ access_token: 'first' })));
    await call;
    expect(seen).toEqual(['Bearer first']);
  });

  it('refreshes and repeats a call once when the access token is refused', async () => {
    let refreshes = 0;
    const seen: Array<string | null> = [];
    stubFetch((request) => {
      if (pathOf(request) === REFRESH_PATH) {
        refreshes += 1;
        return jsonResponse(200, authResult({ access_token: `t${refreshes}` }));
      }
      seen.push(request.headers.get('authorization'));
      return request.headers.get('authorization') === 'Bearer t2'
        ? jsonResponse(200, { ok: true })
        : jsonResponse(401, { code: 'unauthorized', message: 'expired' });
    });
    store.start();
    await store.ready();
    await expect(getThing()).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['Bearer t1', 'Bearer t2']);
  });

  it('never runs two refreshes at once (a rotated refresh token must not be presented twice)', async () => {
    let refreshes = 0;
    stubFetch(async () => {
      refreshes += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return jsonResponse(200, authResult());
    });
    store.start();
    await Promise.all([store.refresh(), store.refresh(), store.refresh()]);
    expect(refreshes).toBe(1);
  });

  it('refreshes a minute before the access token expires', async () => {
    vi.useFakeTimers();
    let refreshes = 0;
    stubFetch(() => {
      refreshes += 1;
      return jsonResponse(200, authResult({ expires_in: 900 }));
    });
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes).toBe(1);
    await vi.advanceTimersByTimeAsync(839_000);
    expect(refreshes).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshes).toBe(2);
  });

  it('forgets the token on sign-out', async () => {
    stubFetch(() => jsonResponse(200, authResult()));
    store.start();
    await store.ready();
    store.signOut();
    expect(store.getSnapshot()).toEqual({ status: 'anonymous', auth: null });
    expect(store.accessToken()).toBeNull();
  });
});
