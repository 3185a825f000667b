import type { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MenuJson, MenuOptionJson, ShopJson } from '@vitrina/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/features/storefront/test/fake-api';
import { renderInShop } from '@/features/storefront/test/render-in-shop';
import type { MenuKey } from '@/features/storefront/lib/shop-menu';
import { handleShopEditActions } from '@/lib/shop-edit-channel';
import { SHOP_OWNER_ID, shopJson } from '@/test/fixtures';
import MobileMenu from './mobile-menu';
import { ShopMenuLinks } from './shop-menu';

const PATHS: Record<MenuKey, string> = {
  products: '/productos',
  services: '/servicios',
  experiences: '/experiencias',
  digital: '/digitales',
  catalogues: '/catalogos',
  blogs: '/blogs',
  franchises: '/franquicias',
  retail: '/admin/configuracion',
  info: '/info',
};

function option(key: MenuKey, canAdd: boolean): MenuOptionJson {
  return {
    key,
    label: { es: key, en: key, 'es-AR': key },
    icon: key,
    icon_color: '#000',
    path: PATHS[key],
    submenu: [],
    app_module: key,
    can_add: canAdd,
  };
}

/** The store service's menu as it answers it (spec 1 §2): admin entries carry can_add, info never. */
function menu(mode: MenuJson['mode'], keys: MenuKey[]): MenuJson {
  const results = keys.map((key) => option(key, mode === 'admin' && key !== 'info'));
  return { mode, results, matches_estimated: results.length };
}

const ADMIN_MENU: MenuKey[] = ['products', 'services', 'experiences', 'catalogues', 'blogs', 'franchises', 'info'];
const ADMIN_SHOP = shopJson({ permissions: ['admin'] });
const OWNER = { userId: SHOP_OWNER_ID, level: 2 as const };

/** Stands in for the loaded owner tools (in edit mode): records what the plus buttons ask for. */
function ownerToolsLoaded() {
  const handler = vi.fn();
  const release = handleShopEditActions(handler);
  releases.push(release);
  return handler;
}
const releases: (() => void)[] = [];
afterEach(() => {
  for (const release of releases.splice(0)) release();
});

function renderMenu(
  answer: MenuJson,
  { shop = ADMIN_SHOP, viewer = OWNER }: { shop?: ShopJson; viewer?: { userId: string | null; level: 0 | 2 } } = {},
) {
  const fetchMock = fakeApi({ '/api/store/shops/:shop/menu': answer });
  const view = renderInShop(<ShopMenuLinks />, { shop, viewer });
  return { ...view, fetchMock };
}

const plusButtons = () => screen.queryAllByTestId(/^menu-add-/);

/** Waits for the store service's answer to be in (so a missing plus is not just the fallback menu). */
async function menuAnswered(queryClient: QueryClient, userId: string) {
  await waitFor(() => expect(queryClient.getQueryState(['storefront', 'menu', 'demo', userId])?.status).toBe('success'));
}

describe('<ShopMenuLinks> admin menu', () => {
  it('shows a plus beside each section the server lets the admin add to, and no digital without the setting', async () => {
    ownerToolsLoaded();
    renderMenu(menu('admin', ADMIN_MENU));
    expect(await screen.findByRole('button', { name: 'Agregar productos' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Agregar servicios' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Agregar experiencias' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crear catálogo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Agregar franquicias' })).toBeTruthy();
    // Blogs has no editor page yet: the plus goes to the path the server gives.
    expect(screen.getByRole('link', { name: 'Crear blog' }).getAttribute('href')).toBe('/tienda/demo/blogs');
    expect(screen.queryByRole('button', { name: 'Agregar productos digitales' })).toBeNull();
    expect(plusButtons()).toHaveLength(6);
    // Info is a link without a plus.
    expect(screen.getByRole('link', { name: 'Información' })).toBeTruthy();
  });

  it('shows the digital plus when the server sends it, and retail (franchise stores) goes to the settings page', async () => {
    ownerToolsLoaded();
    renderMenu(menu('admin', ['products', 'services', 'experiences', 'digital', 'catalogues', 'blogs', 'franchises', 'retail', 'info']));
    expect(await screen.findByRole('button', { name: 'Agregar productos digitales' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editar datos de contacto' }).getAttribute('href')).toBe('/tienda/demo/admin/configuracion');
    expect(plusButtons()).toHaveLength(8);
  });

  it('asks the owner tools for the matching editor', async () => {
    const handler = ownerToolsLoaded();
    renderMenu(menu('admin', ['products', 'services', 'experiences', 'digital', 'catalogues', 'blogs', 'franchises', 'info']));
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar servicios' }));
    expect(handler).toHaveBeenLastCalledWith({ kind: 'add-items', itemType: 'service' });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar productos digitales' }));
    expect(handler).toHaveBeenLastCalledWith({ kind: 'add-items', itemType: 'digital' });
    fireEvent.click(screen.getByRole('button', { name: 'Crear catálogo' }));
    expect(handler).toHaveBeenLastCalledWith({ kind: 'new-catalogue' });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar franquicias' }));
    expect(handler).toHaveBeenLastCalledWith({ kind: 'franchises' });
    expect(handler).toHaveBeenCalledTimes(4);
  });

  it('shows no plus until the owner tools are loaded (and hides them when they let go, e.g. edit mode off)', async () => {
    renderMenu(menu('admin', ADMIN_MENU));
    expect(await screen.findByRole('link', { name: 'Franquicias' })).toBeTruthy();
    expect(plusButtons()).toHaveLength(0);
    const release = handleShopEditActions(vi.fn());
    expect(await screen.findAllByTestId(/^menu-add-/)).toHaveLength(6);
    release();
    await waitFor(() => expect(plusButtons()).toHaveLength(0));
  });

  it('shows no plus to signed-in visitors (public menu)', async () => {
    ownerToolsLoaded();
    const { queryClient } = renderMenu(menu('public', ['products', 'services', 'info']), { viewer: { userId: 'someone-else', level: 2 } });
    await menuAnswered(queryClient, 'someone-else');
    expect(await screen.findByRole('link', { name: 'Servicios' })).toBeTruthy();
    expect(plusButtons()).toHaveLength(0);
  });

  it('shows no plus on a proxy shop, even to its owner', async () => {
    ownerToolsLoaded();
    const proxy = shopJson({
      permissions: ['admin'],
      is_proxy: true,
      store_theme_info: { ...ADMIN_SHOP.store_theme_info, sections_info: ['products'] },
    });
    const { queryClient } = renderMenu(menu('proxy', ['products', 'info']), { shop: proxy });
    await menuAnswered(queryClient, SHOP_OWNER_ID);
    expect(await screen.findByRole('link', { name: 'Información' })).toBeTruthy();
    expect(plusButtons()).toHaveLength(0);
  });

  it('shows no plus to an owner without the admin permission', async () => {
    ownerToolsLoaded();
    const { queryClient } = renderMenu(menu('admin', ADMIN_MENU), { shop: shopJson({ permissions: [] }) });
    await menuAnswered(queryClient, SHOP_OWNER_ID);
    expect(await screen.findByRole('link', { name: 'Productos' })).toBeTruthy();
    expect(plusButtons()).toHaveLength(0);
  });

  it('fetches no menu and shows no plus for anonymous visitors', async () => {
    ownerToolsLoaded();
    const { fetchMock } = renderMenu(menu('admin', ADMIN_MENU), { viewer: { userId: null, level: 0 } });
    expect(await screen.findByRole('link', { name: 'Productos' })).toBeTruthy();
    expect(plusButtons()).toHaveLength(0);
    expect(fetchMock.mock.calls.filter(([input]) => new URL((input as Request).url).pathname.endsWith('/menu'))).toHaveLength(0);
  });
});

describe('<MobileMenu> admin menu', () => {
  it('shows the plus buttons in the drawer; one opens the editor and closes the drawer', async () => {
    const handler = ownerToolsLoaded();
    const onClose = vi.fn();
    fakeApi({ '/api/store/shops/:shop/menu': menu('admin', ADMIN_MENU) });
    renderInShop(<MobileMenu opened onClose={onClose} />, { shop: ADMIN_SHOP, viewer: OWNER });
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar experiencias' }));
    expect(handler).toHaveBeenCalledWith({ kind: 'add-items', itemType: 'experience' });
    expect(onClose).toHaveBeenCalled();
    expect(plusButtons()).toHaveLength(6);
  });

  it('shows no plus in the drawer for a public menu', async () => {
    ownerToolsLoaded();
    fakeApi({ '/api/store/shops/:shop/menu': menu('public', ['products', 'info']) });
    const { queryClient } = renderInShop(<MobileMenu opened onClose={vi.fn()} />, {
      shop: ADMIN_SHOP,
      viewer: { userId: 'someone-else', level: 2 },
    });
    await menuAnswered(queryClient, 'someone-else');
    expect(await screen.findByRole('link', { name: 'Información' })).toBeTruthy();
    expect(plusButtons()).toHaveLength(0);
  });
});
