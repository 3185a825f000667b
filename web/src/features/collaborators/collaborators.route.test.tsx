import { screen } from '@testing-library/react';
import { SESSION_HINT_COOKIE, SESSION_HINT_COOKIE_PATH, type AuthResult } from '@vitrina/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session/session-store';
import { ME as OWNER_ID } from '@/test/account-fixtures';
import { shopJson } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { fakeGateway, resetNotices } from '@/test/render-ui';

const WAIT = { timeout: 15_000 };

/** The demo shop as its owner loads it (a feature's test builds its own: features never import each other). */
const shopFixture = () => shopJson({ owner: OWNER_ID, permissions: ['admin'], user_info: { user_level: 2, is_owner: true } });

afterEach(() => {
  sessionStore.reset();
  resetNotices();
});

function signedInAs(meID: string | null) {
  const auth: AuthResult | null = meID
    ? {
        meID,
        keychain: ['referral'],
        myKeychain: ['referral'],
        level: 2,
        account_type: 'affiliate',
        access_token: 'token-1',
        token_type: 'Bearer',
        expires_in: 900,
      }
    : null;
  if (auth) document.cookie = `${SESSION_HINT_COOKIE}=1; Path=${SESSION_HINT_COOKIE_PATH}`;
  return fakeGateway({
    'POST /api/auth/refresh': () =>
      auth ? jsonResponse(200, auth) : jsonResponse(401, { code: 'invalid_refresh_token', message: 'No session' }),
    'GET /api/store/shops/by-slug/demo': () => shopFixture(),
    [`GET /api/accounts/${meID}:${meID}/collaborators`]: () => ({ results: [], matches_estimated: 0 }),
  });
}

describe('the admin/colaboradores route (issue 16)', { timeout: 40_000 }, () => {
  it("opens for the shop's owner", async () => {
    signedInAs(OWNER_ID);
    renderApp('/tienda/demo/admin/colaboradores');
    expect(await screen.findByRole('heading', { name: 'Colaboradores' }, WAIT)).toBeTruthy();
    expect(await screen.findByText('Aún no tienes colaboradores', undefined, WAIT)).toBeTruthy();
  });

  it("is linked from the owner's toolbar on the shop", async () => {
    signedInAs(OWNER_ID);
    renderApp('/tienda/demo/');
    const link = await screen.findByTestId('owner-collaborators', {}, WAIT);
    expect(link.getAttribute('href')).toBe('/tienda/demo/admin/colaboradores');
  });

  it('shows the not-found page to a signed-in user who is not the owner', async () => {
    signedInAs('01930000-0000-7000-8000-00000000ffff');
    renderApp('/tienda/demo/admin/colaboradores');
    expect(await screen.findByRole('heading', { name: '¡Página no encontrada!' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Colaboradores' })).toBeNull();
  });
});
