import { screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { CollaboratorRole } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render-ui';
import CollaboratorBar from './collaborator-bar';

function renderBar(role: CollaboratorRole) {
  const rootRoute = createRootRoute({
    component: () => (
      <CollaboratorBar shop={{ slug: 'demo', name: 'Tienda Demo' }} role={role} shopUrl="https://vitrina.local/tienda/demo/" />
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/tienda/demo/'] }) });
  return renderUi(<RouterProvider router={router} />);
}

/** spec 2 §2 'Shop side bar' (issue 16): each role's shortcuts, as the server's CollaboratorAccess allows them. */
describe('<CollaboratorBar>', () => {
  it("gives an accountant the sales, the returns and the owner's wallet, not the door", async () => {
    renderBar('accountant');
    expect((await screen.findByTestId('collaborator-role')).textContent).toBe('Contador');
    expect(screen.getByTestId('collaborator-orders').getAttribute('href')).toBe('/tienda/demo/admin/ordenes');
    expect(screen.getByTestId('collaborator-returns').getAttribute('href')).toBe('/tienda/demo/admin/devoluciones');
    expect(screen.getByTestId('collaborator-wallet').getAttribute('href')).toBe('/tienda/demo/admin/monedero/mxn');
    expect(screen.queryByTestId('collaborator-checkin')).toBeNull();
  });

  it('gives a dispatcher the sales and returns but no wallet, and a QR reader only the door', async () => {
    const dispatcher = renderBar('dispatcher');
    await screen.findByTestId('collaborator-orders');
    expect(screen.queryByTestId('collaborator-wallet')).toBeNull();
    dispatcher.unmount();
    renderBar('qrreader');
    expect((await screen.findByTestId('collaborator-checkin')).getAttribute('href')).toBe('/checkin');
    expect(screen.queryByTestId('collaborator-orders')).toBeNull();
    expect(screen.queryByTestId('collaborator-wallet')).toBeNull();
  });
});
