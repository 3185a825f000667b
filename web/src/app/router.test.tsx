import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PLATFORM_ROOT_PATHS, SHOP_HOST_META } from '@/features/storefront/lib/shop-path';
import { createI18n } from '@/i18n/i18n';
import { jsonResponse, stubFetch } from '@/test/render-app';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

const demoShop = { id: '01930000-0000-7000-8000-000000000101', slug: 'demo', name: 'Tienda Demo' };

/** The whole app in memory at `path`, as served on the root of `shopHost`'s own host (or the platform's). */
function renderOnHost(path: string, shopHost?: string | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, history, ...(shopHost === undefined ? {} : { shopHost }) });
  render(
    <AppProvider queryClient={queryClient} i18n={createI18n('es')} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, history };
}

/** The store answers the demo shop by slug; every list is empty; no item exists. */
function stubShopApi() {
  return stubFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/store/shops/by-slug/demo') return jsonResponse(200, demoShop);
    if (pathname.startsWith('/api/store/shops/by-slug/') || pathname.startsWith('/api/catalogue/items/'))
      return jsonResponse(404, { code: 'shop_not_found', message: 'No such shop' });
    return jsonResponse(200, { results: [], matches_estimated: 0 });
  });
}

afterEach(() => {
  document.head.querySelectorAll(`meta[name="${SHOP_HOST_META}"]`).forEach((m) => m.remove());
});

describe("the router on a shop's own host (spec 1 §2 'Shop paths')", () => {
  it("shows the shop's home at the root, with links to the shop written from the root", async () => {
    stubShopApi();
    const { router, history } = renderOnHost('/', 'demo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Tienda Demo' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tienda/demo/');
    expect(history.location.pathname).toBe('/');
    const hrefs = within(screen.getByRole('banner'))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/');
    expect(hrefs.some((href) => href?.startsWith('/tienda/'))).toBe(false);
    expect(router.buildLocation({ to: '/tienda/$shopSlug/productos', params: { shopSlug: 'demo' } }).publicHref).toBe('/productos');
  });

  it('navigates to shop pages with root paths in the address bar', async () => {
    stubShopApi();
    const { router, history } = renderOnHost('/', 'demo');
    await screen.findByRole('heading', { level: 1, name: 'Bienvenido a Tienda Demo' });
    await router.navigate({ to: '/tienda/$shopSlug/productos', params: { shopSlug: 'demo' }, search: { page: 2 } as never });
    expect(history.location.pathname).toBe('/productos');
    expect(history.location.search).toBe('?page=2');
    expect(router.state.location.pathname).toBe('/tienda/demo/productos');
    await router.navigate({ to: '/tienda/$shopSlug/productos/$owner/$itemId', params: { shopSlug: 'demo', owner: 'o-1', itemId: 'i-9' } });
    expect(history.location.pathname).toBe('/productos/o-1/i-9');
  });

  it('reads an item address on the root as the shop item route', async () => {
    stubShopApi();
    const { router } = renderOnHost('/productos/o-1/i-9?x=1', 'demo');
    await screen.findByRole('banner');
    expect(router.state.location.pathname).toBe('/tienda/demo/productos/o-1/i-9');
    expect(router.state.matches.some((m) => m.routeId === '/tienda/$shopSlug/productos/$owner/$itemId')).toBe(true);
  });

  it("leaves the platform's own root pages and other shops' /tienda paths as they are", async () => {
    stubShopApi();
    const { router } = renderOnHost('/tienda/otra/', 'demo');
    expect(await screen.findByRole('heading', { name: 'Lo sentimos, pero la tienda no existe' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tienda/otra/');
    // Links to another shop keep their /tienda form; the platform's pages keep their root path.
    expect(router.buildLocation({ to: '/tienda/$shopSlug', params: { shopSlug: 'otra' } }).publicHref).toBe('/tienda/otra');
    expect(router.buildLocation({ to: '/logout' }).publicHref).toBe('/logout');
  });

  it('lists every root page of the platform that is not a shop page, so none is taken for one', () => {
    const router = createAppRouter({ queryClient: new QueryClient(), shopHost: null });
    const shopPages = new Set(
      Object.keys(router.routesByPath).flatMap((p) =>
        p.startsWith('/tienda/$shopSlug/') ? [firstSegment(p.slice('/tienda/$shopSlug'.length))] : [],
      ),
    );
    const platformOnly = new Set(
      Object.keys(router.routesByPath)
        .map(firstSegment)
        .filter((segment) => segment !== '/' && segment !== '/tienda' && !shopPages.has(segment)),
    );
    expect([...platformOnly].sort()).toEqual([...PLATFORM_ROOT_PATHS].sort());
  });

  it('follows the meta the gateway writes into index.html; without it the platform keeps /tienda paths', async () => {
    stubShopApi();
    const meta = document.createElement('meta');
    meta.setAttribute('name', SHOP_HOST_META);
    meta.setAttribute('content', 'demo');
    document.head.append(meta);
    const onHost = createAppRouter({ queryClient: new QueryClient() });
    expect(onHost.buildLocation({ to: '/tienda/$shopSlug', params: { shopSlug: 'demo' } }).publicHref).toBe('/');
    meta.remove();

    const { router, history } = renderOnHost('/');
    expect(await screen.findByRole('link', { name: 'Ver la tienda de demostración' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(router.buildLocation({ to: '/tienda/$shopSlug/productos', params: { shopSlug: 'demo' } }).publicHref).toBe(
      '/tienda/demo/productos',
    );
    expect(history.location.pathname).toBe('/');
  });
});

/** `/password/reset/` -> `/password`. */
function firstSegment(path: string): string {
  const segment = path.split('/')[1] ?? '';
  return `/${segment}`;
}
