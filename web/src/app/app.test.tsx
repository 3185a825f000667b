import { ErrorCodes } from '@vitrina/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, stubFetch } from '@/test/render-app';

const demoShop = { id: '01930000-0000-7000-8000-000000000101', slug: 'demo', name: 'Tienda Demo' };

describe('routes', () => {
  it('shows the landing page with a link to the demo shop', async () => {
    renderApp('/');
    const cta = await screen.findByRole('link', { name: 'Ver la tienda de demostración' });
    expect(cta.getAttribute('href')).toBe('/tienda/demo/');
  });

  it('shows the generic not-found page for an unknown path, with a link home', async () => {
    renderApp('/nope');
    expect(await screen.findByRole('heading', { level: 1, name: '¡Página no encontrada!' })).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Regresar a la principal' });
    expect(back.getAttribute('href')).toBe('/');
  });

  it('shows the shop not-found page when the API answers 404 shop_not_found', async () => {
    const fetchMock = stubFetch(() => jsonResponse(404, { code: ErrorCodes.shopNotFound, message: 'Shop not found' }));
    renderApp('/tienda/unknown/');
    expect(await screen.findByRole('heading', { name: 'Lo sentimos, pero la tienda no existe' })).toBeTruthy();
    expect(new URL((fetchMock.mock.calls[0]![0] as Request).url).pathname).toBe('/api/store/shops/by-slug/unknown');
  });

  it('treats any 404 as a missing shop, whatever the body', async () => {
    stubFetch(() => new Response('Not Found', { status: 404 }));
    renderApp('/tienda/unknown/productos');
    expect(await screen.findByRole('heading', { name: 'Lo sentimos, pero la tienda no existe' })).toBeTruthy();
  });

  it('renders the shop header with the shop name when the shop loads', async () => {
    stubFetch(() => jsonResponse(200, demoShop));
    renderApp('/tienda/demo/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Tienda Demo')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Bienvenido a Tienda Demo' })).toBeTruthy();
  });

  it('shows the generic not-found page inside a shop for an unknown shop path', async () => {
    stubFetch(() => jsonResponse(200, demoShop));
    renderApp('/tienda/demo/no-existe');
    expect(await screen.findByRole('heading', { name: '¡Página no encontrada!' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByText('Tienda Demo')).toBeTruthy();
  });

  it('shows an error state when the API cannot be reached, and loads the shop on retry', async () => {
    // React and the router log the caught loader error; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let reachable = false;
    stubFetch(() => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return jsonResponse(200, demoShop);
    });
    renderApp('/tienda/demo/');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No pudimos cargar la tienda')).toBeTruthy();

    reachable = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Tienda Demo' })).toBeTruthy();
  });
});
