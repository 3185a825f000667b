import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { CollaboratorRole, ShopJson } from '@vitrina/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { requestShopEditAction } from '@/lib/shop-edit-channel';
import { jsonResponse } from '@/test/render-app';
import { fakeGateway, renderUi, resetNotices } from '@/test/render-ui';
import { OWNER_ID, shopFixture } from '../test/fixtures';
import OwnerTools from './owner-tools';

afterEach(resetNotices);

/** The owner tools inside a one-route router (the settings gear is a router link). */
function renderOwnerTools(
  shop: ShopJson = shopFixture(),
  userId: string | null = OWNER_ID,
  collaborations: Record<string, CollaboratorRole> = {},
  /** The fake gateway for the calls (made before rendering, as fakeGateway stubs fetch). */
  _gateway: ReturnType<typeof fakeGateway> = fakeGateway({}),
) {
  const rootRoute = createRootRoute({
    component: () => (
      <OwnerTools
        shop={shop}
        userId={userId}
        collaborations={collaborations}
        accountType="affiliate"
        shopBase="/tienda/demo"
        onChanged={() => {}}
      />
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/tienda/demo/'] }) });
  return renderUi(<RouterProvider router={router} />);
}

/** Asks as the storefront's menu plus buttons do; true when the owner tools took the action. */
function ask(action: Parameters<typeof requestShopEditAction>[0]): boolean {
  let taken = false;
  act(() => {
    taken = requestShopEditAction(action);
  });
  return taken;
}

describe('<OwnerTools> and the admin menu’s plus buttons', () => {
  it('opens the add-products modal on the section’s tab', async () => {
    renderOwnerTools(shopFixture({ permissions: ['admin', 'digital_products'] }));
    await screen.findByTestId('owner-tools');
    expect(ask({ kind: 'add-items', itemType: 'service' })).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: 'Agregar a mi tienda' });
    expect(within(dialog).getByRole('tab', { name: 'Servicios' }).getAttribute('aria-selected')).toBe('true');
    // Another section's plus while the modal is open starts it on that tab.
    ask({ kind: 'add-items', itemType: 'digital' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog', { name: 'Agregar a mi tienda' }))
          .getByRole('tab', { name: 'Digitales' })
          .getAttribute('aria-selected'),
      ).toBe('true'),
    );
  });

  it('opens the modal on products from the toolbar, even over another tab', async () => {
    renderOwnerTools();
    await screen.findByTestId('owner-tools');
    ask({ kind: 'add-items', itemType: 'experience' });
    const before = await screen.findByRole('dialog', { name: 'Agregar a mi tienda' });
    expect(within(before).getByRole('tab', { name: 'Experiencias' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('owner-tools-menu'));
    fireEvent.click(await screen.findByTestId('owner-tool-products'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog', { name: 'Agregar a mi tienda' }))
          .getByRole('tab', { name: 'Productos' })
          .getAttribute('aria-selected'),
      ).toBe('true'),
    );
  });

  it('opens the new-catalogue form and the franchise picker', async () => {
    renderOwnerTools();
    await screen.findByTestId('owner-tools');
    ask({ kind: 'new-catalogue' });
    expect(await screen.findByRole('dialog', { name: 'Nuevo catálogo' })).toBeTruthy();
    expect(screen.getByTestId('catalogue-name')).toBeTruthy();
    ask({ kind: 'franchises' });
    expect(await screen.findByRole('dialog', { name: 'Franquicias' })).toBeTruthy();
  });

  it('shows an admin collaborator the tools, whose saves go to the owner’s paths; other roles get none (issue 16)', async () => {
    const helper = '01930000-0000-7000-8000-0000000000bb';
    for (const role of ['dispatcher', 'accountant', 'qrreader'] as const) {
      const view = renderOwnerTools(shopFixture(), helper, { [OWNER_ID]: role });
      await act(async () => {});
      expect(screen.queryByTestId('owner-tools')).toBeNull();
      view.unmount();
    }
    // an admin of another owner's shop is nobody here
    const elsewhere = renderOwnerTools(shopFixture(), helper, { 'another-owner': 'admin' });
    await act(async () => {});
    expect(screen.queryByTestId('owner-tools')).toBeNull();
    elsewhere.unmount();

    const gateway = fakeGateway({
      [`POST /api/catalogue/${OWNER_ID}:${OWNER_ID}/affiliate/catalogues`]: () =>
        jsonResponse(201, { id: 'cat-1', name: 'Temporada', slug: 'temporada', photo: null, position: 1, products_count: 0 }),
    });
    renderOwnerTools(shopFixture(), helper, { [OWNER_ID]: 'admin' }, gateway);
    await screen.findByTestId('owner-tools');
    ask({ kind: 'new-catalogue' });
    fireEvent.change(await screen.findByTestId('catalogue-name'), { target: { value: 'Temporada' } });
    fireEvent.click(screen.getByTestId('catalogue-save'));
    await waitFor(() =>
      expect(gateway.calls.some((c) => c.key === `POST /api/catalogue/${OWNER_ID}:${OWNER_ID}/affiliate/catalogues`)).toBe(true),
    );
    expect(gateway.calls.every((c) => !c.key.includes(helper))).toBe(true);
  });

  it('takes no action outside edit mode', async () => {
    renderOwnerTools();
    fireEvent.click(await screen.findByTestId('edit-mode'));
    await waitFor(() => expect(screen.queryByTestId('owner-tools-menu')).toBeNull());
    expect(ask({ kind: 'add-items', itemType: 'product' })).toBe(false);
  });

  it('takes no action without the admin permission, on a proxy shop, or for another user', async () => {
    const cases: [ShopJson, string | null][] = [
      [shopFixture({ permissions: [] }), OWNER_ID],
      [shopFixture({ is_proxy: true }), OWNER_ID],
      [shopFixture(), 'someone-else'],
    ];
    for (const [shop, userId] of cases) {
      const view = renderOwnerTools(shop, userId);
      await act(async () => {});
      expect(ask({ kind: 'add-items', itemType: 'product' })).toBe(false);
      // spec 1 §6: no toolbar at all for them (a proxy shop's saves would all be refused).
      expect(screen.queryByTestId('owner-tools')).toBeNull();
      view.unmount();
    }
  });

  it('is a strip in the page flow whose editors sit in a menu with whole labels, and folds to one button', async () => {
    renderOwnerTools();
    const strip = await screen.findByTestId('owner-tools');
    // Not an overlay: no fixed or affixed wrapper around it.
    expect(strip.closest('.mantine-Affix-root')).toBeNull();
    fireEvent.click(screen.getByTestId('owner-tools-menu'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Nombre y logo', 'Fondo', 'Banners', 'Encabezado', 'Mis catálogos', 'Agregar productos', 'Franquicias', 'Redes sociales']);
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar las herramientas' }));
    await waitFor(() => expect(screen.queryByTestId('edit-mode')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar las herramientas de la tienda' }));
    expect(await screen.findByTestId('edit-mode')).toBeTruthy();
  });
});
