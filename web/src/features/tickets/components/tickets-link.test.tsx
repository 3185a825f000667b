import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { TicketsLink } from './tickets-link';

function renderLink(props: Parameters<typeof TicketsLink>[0]) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <TicketsLink {...props} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return renderUi(<RouterProvider router={router} />);
}

describe('<TicketsLink> (for the order pages)', () => {
  it("links to the order's tickets with their count, or to a shop's tickets page", async () => {
    renderLink({ orderId: 'ord 1', count: 2 });
    const link = await screen.findByTestId('tickets-link');
    expect([link.textContent, link.getAttribute('href')]).toEqual(['Mis boletos (2)', '/mis-boletos/ord%201']);
  });

  it('takes the route’s address and draws nothing for an order without tickets', async () => {
    const view = renderLink({ orderId: 'ord_1', to: '/tienda/demo/mis-boletos/ord_1' });
    expect((await screen.findByTestId('tickets-link')).getAttribute('href')).toBe('/tienda/demo/mis-boletos/ord_1');
    view.unmount();
    renderLink({ orderId: 'ord_1', count: 0 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('tickets-link')).toBeNull();
  });
});
