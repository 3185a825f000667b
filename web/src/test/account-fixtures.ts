import type { AdminProfile, AuthResult } from '@vitrina/contracts';
import { cleanNotifications, cleanNotificationsQueue } from '@mantine/notifications';
import * as testing from '@/test/render-app';
import { resetAuthModal } from '@/lib/auth-modal-store';
import { sessionStore } from '@/lib/session/session-store';
import { clearSessionHint } from '@/lib/session/session-hint';
import { jsonResponse } from '@/test/render-app';

export const ME = '01930000-0000-7000-8000-0000000000aa';

export function authResult(overrides: Partial<AuthResult> = {}): AuthResult {
  return {
    meID: ME,
    keychain: ['referral'],
    myKeychain: ['referral'],
    level: 0,
    account_type: 'affiliate',
    access_token: 'token-1',
    token_type: 'Bearer',
    expires_in: 900,
    ...overrides,
  };
}

export function adminProfile(overrides: Partial<AdminProfile> = {}): AdminProfile {
  return {
    id: ME,
    name: 'Ana Pérez',
    images: { url: null },
    main_type: 'referral',
    slug: 'ana-perez',
    updated_at: '2026-01-01T00:00:00.000Z',
    heartbeat: null,
    online: false,
    full_name: 'Ana Pérez',
    email: 'ana@example.com',
    phone: null,
    country: null,
    country_code: null,
    photo: null,
    bio: null,
    locale: 'es',
    store_id: null,
    store_slug: null,
    store_name: null,
    is_reseller: false,
    level: 0,
    keychain: ['referral'],
    account_type: 'affiliate',
    plan_id: null,
    plan_commission_rate: '0.500000',
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const unauthorized = () => jsonResponse(401, { code: 'invalid_refresh_token', message: 'No session' });

export function pathOf(request: Request): string {
  return new URL(request.url).pathname;
}

type Handler = (request: Request) => Response | Promise<Response>;

/** The browser kept the readable hint the server sets with the refresh cookie (a session may be there). */
export function setSessionHint(): void {
  document.cookie = 'has_session=1; Path=/';
}

/**
 * A fake gateway: `'POST /api/auth/register': (request) => jsonResponse(...)`. The refresh cookie is refused
 * unless a handler says otherwise; anything unhandled answers 404. A handler for the refresh call means the
 * browser holds the cookies of an earlier sign-in (the session hint included).
 */
export function fakeApi(handlers: Record<string, Handler>) {
  if (handlers['POST /api/auth/refresh']) setSessionHint();
  const calls: Array<{ method: string; path: string; body: unknown; request: Request }> = [];
  const { stubFetch } = testing;
  const fetchMock = stubFetch(async (request) => {
    const path = pathOf(request);
    const key = `${request.method} ${path}`;
    const text = await request.clone().text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* multipart or plain text */
    }
    calls.push({ method: request.method, path, body, request });
    const handler = handlers[key] ?? (key === 'POST /api/auth/refresh' ? unauthorized : undefined);
    return handler ? handler(request) : jsonResponse(404, { code: 'not_found', message: key });
  });
  return { fetchMock, calls, callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) };
}

/** Module state the app keeps per tab: the session, the auth modal, the notices on screen and queued. */
export function resetAccountState(): void {
  sessionStore.reset();
  clearSessionHint();
  resetAuthModal();
  cleanNotifications();
  cleanNotificationsQueue();
}
