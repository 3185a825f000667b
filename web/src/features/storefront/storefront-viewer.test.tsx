import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminProfile, authResult, fakeApi, resetAccountState } from '@/features/auth/test/fixtures';
import { list, shopJson } from '@/test/fixtures';
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
      [`GET /api/profile-admin/${authResult().meID}:${authResult().meID}/${authResult().meID}`]: () => jsonResponse(200, adminProfile({ level: 2 })),
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
});
