import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppProvider } from '@/app/provider';
import type { Shop } from '@/features/storefront/api/get-shop-by-slug';
import { StorefrontProvider, type StorefrontSlots } from '@/features/storefront/components/shared/storefront-context';
import { ANONYMOUS_VIEWER, type Viewer } from '@/features/storefront/lib/viewer';
import { createI18n } from '@/i18n/i18n';
import { shopJson } from '@/test/fixtures';

interface Options {
  shop?: Shop;
  viewer?: Partial<Viewer>;
  slots?: StorefrontSlots;
  path?: string;
}

/** Renders storefront components inside a shop (providers, a one-route router, the storefront context). */
export function renderInShop(ui: ReactNode, { shop = shopJson(), viewer = {}, slots = {}, path = '/tienda/demo/' }: Options = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => (
      <StorefrontProvider shop={shop} viewer={{ ...ANONYMOUS_VIEWER, ...viewer }} slots={slots}>
        {ui}
      </StorefrontProvider>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(
    <AppProvider queryClient={queryClient} i18n={createI18n('es')} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}
