import { fireEvent, screen } from '@testing-library/react';
import { SESSION_HINT_COOKIE, SESSION_HINT_COOKIE_PATH, type AuthResult } from '@vitrina/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session/session-store';
import { jsonResponse, renderApp } from '@/test/render-app';
import { fakeGateway, resetNotices } from '@/test/render-ui';
import { OWNER_ID, shopFixture } from './test/fixtures';

afterEach(() => {
  sessionStore.reset();
  resetNotices();
});

function signedInAs(meID: string | null, shop = shopFixture()) {
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
  // The readable hint the accounts service sets with the refresh cookie: without it no refresh is tried.
  if (auth) document.cookie = `${SESSION_HINT_COOKIE}=1; Path=${SESSION_HINT_COOKIE_PATH}`;
  return fakeGateway({
    'POST /api/auth/refresh': () =>
      auth ? jsonResponse(200, auth) : jsonResponse(401, { code: 'invalid_refresh_token', message: 'No session' }),
    'GET /api/store/shops/by-slug/demo': () => shop,
  });
}

// Whole-app renders: the first ones transform the route chunks, which is slow on a busy machine.
describe('the admin/configuracion route (spec 1 §2, §6)', { timeout: 30_000 }, () => {
  it("opens the settings for the shop's owner with the admin permission", async () => {
    signedInAs(OWNER_ID);
    renderApp('/tienda/demo/admin/configuracion');
    expect(await screen.findByRole('heading', { name: 'Configuración de la tienda' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Volver a la tienda/ }).getAttribute('href')).toBe('/tienda/demo/');
    // spec 1 §2: an admin path shows no breadcrumbs.
    expect(screen.queryByRole('navigation', { name: 'Ruta de navegación' })).toBeNull();
  });

  it("links the owner toolbar's settings gear to the page", async () => {
    signedInAs(OWNER_ID);
    renderApp('/tienda/demo/');
    const gear = await screen.findByTestId('owner-settings', {}, { timeout: 15_000 });
    expect(gear.getAttribute('href')).toBe('/tienda/demo/admin/configuracion');
    fireEvent.click(gear);
    expect(await screen.findByRole('heading', { name: 'Configuración de la tienda' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows the not-found page to visitors', async () => {
    signedInAs(null);
    renderApp('/tienda/demo/admin/configuracion');
    expect(await screen.findByRole('heading', { name: '¡Página no encontrada!' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Configuración de la tienda' })).toBeNull();
  });

  it('shows the not-found page to another signed-in user', async () => {
    signedInAs('01930000-0000-7000-8000-0000000000bb');
    renderApp('/tienda/demo/admin/configuracion');
    expect(await screen.findByRole('heading', { name: '¡Página no encontrada!' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows the not-found page to an owner without the admin permission', async () => {
    signedInAs(OWNER_ID, shopFixture({ permissions: [] }));
    renderApp('/tienda/demo/admin/configuracion');
    expect(await screen.findByRole('heading', { name: '¡Página no encontrada!' }, { timeout: 10_000 })).toBeTruthy();
  });
});
