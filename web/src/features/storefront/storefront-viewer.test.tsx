import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminProfile, authResult, fakeApi, resetAccountState } from '@/test/account-fixtures';
import { catalogueJson, list, shopJson } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { banner } from './test/fixtures';

afterEach(resetAccountState);

/** The gateway answers the shop for whoever the bearer says: the anonymous-only banner, or the level's. */
function shopFor(request: Request): Response {
  const signedIn = request.headers.get('authorization') === 'Bearer token-1';
  const slide = signedIn
    ? banner(2, { hzt_image: '/img/level-2.png', target: 'ul2' })
    : banner(1, { hzt_image: '/img/anonymous.png', target: 'anon' });
  return jsonResponse(200, shopJson({ store_theme_info: { ...shopJson().store_theme_info, slider_info: [slide], header_info: [] } }));
}

const imageSources = () => [...document.querySelectorAll('section img')].map((img) => img.getAttribute('src'));

describe('the shop follows the viewer (issue 10 §3)', { timeout: 30_000 }, () => {
  it('after signing in through the modal, the anonymous-only banner goes and the level banner shows, without a reload', async () => {
    const api = fakeApi({
      'GET /api/store/shops/by-slug/demo': shopFor,
      'GET /api/catalogue/shops/demo/items': () => jsonResponse(200, list([])),
      'POST /api/auth/login': () => jsonResponse(200, authResult({ level: 2 })),
      [`GET /api/profile-admin/${authResult().meID}:${authResult().meID}/${authResult().meID}`]: () =>
        jsonResponse(200, adminProfile({ level: 2 })),
    });
    renderApp('/tienda/demo/');
    await screen.findByRole('region', { name: 'Promociones' });
    expect(imageSources()).toEqual(['/img/anonymous.png']);

    const header = screen.getAllByRole('banner')[0]!;
    fireEvent.click(await within(header).findByRole('button', { name: 'Iniciar sesión' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inicia sesión' });
    fireEvent.change(within(dialog).getByLabelText(/Correo electrónico/), { target: { value: 'ana@example.com' } });
    fireEvent.change(within(dialog).getByLabelText(/^Contraseña/), { target: { value: 'secreto123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Iniciar sesión' }));

    await expect.poll(imageSources, { timeout: 10_000 }).toEqual(['/img/level-2.png']);
    // The page never fell back to the skeleton: the shop stayed on screen while the viewer's answer loaded.
    expect(screen.getByRole('region', { name: 'Promociones' })).toBeTruthy();
    const shopCalls = api.callsTo('GET /api/store/shops/by-slug/demo');
    expect(shopCalls.map((call) => call.request.headers.get('authorization'))).toEqual([null, 'Bearer token-1']);
  });

  it('shows share and copy on a catalogue to a signed-in viewer only, after 3 s (spec 1 §2, §9)', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const me = authResult().meID;
    fakeApi({
      'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
      [`GET /api/profile-admin/${me}:${me}/${me}`]: () => jsonResponse(200, adminProfile()),
      'GET /api/store/shops/by-slug/demo': () => jsonResponse(200, shopJson()),
      'GET /api/catalogue/public/referral/01930000-0000-7000-8000-000000000001/catalogues': () =>
        jsonResponse(200, list([catalogueJson(1)])),
      'GET /api/catalogue/public/referral/01930000-0000-7000-8000-000000000001/catalogues/catalogo-1': () =>
        jsonResponse(200, catalogueJson(1)),
      'GET /api/catalogue/public/referral/01930000-0000-7000-8000-000000000001/catalogues/catalogo-1/products': () =>
        jsonResponse(200, list([])),
    });
    renderApp('/tienda/demo/catalogos/catalogo-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Catálogo 1' })).toBeTruthy();
    const shownAt = Date.now();
    const copy = await screen.findByTestId('copy-catalogue-link', {}, { timeout: 10_000 });
    // Not before the 3 s (a lower bound only: a slow machine makes it later, never earlier).
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_500);
    expect(screen.getByRole('button', { name: 'Compartir' })).toBeTruthy();
    fireEvent.click(copy);
    await expect.poll(() => writeText.mock.calls.length).toBe(1);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/tienda/demo/catalogos/catalogo-1`);
  });
});
