import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { detectShopHost, shopHostRewrite } from '@/features/storefront/lib/shop-path';
import { routeTree } from '@/routeTree.gen';

interface AppRouterOptions {
  queryClient: QueryClient;
  history?: RouterHistory;
  /**
   * The slug of the shop served at the root of this host (spec 1 §2 'Shop paths'), or null on the platform's
   * host. Default: what the gateway wrote into index.html (`<meta name="vitrina:shop-host">`).
   */
  shopHost?: string | null;
}

export function createAppRouter({ queryClient, history, shopHost = detectShopHost() }: AppRouterOptions) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient },
    // Routes are always /tienda/{shopSlug}/...; on a shop's own host the address bar shows them from the root
    // (`/productos`), and every link, breadcrumb and redirect is written back that way.
    ...(shopHost ? { rewrite: shopHostRewrite(shopHost) } : {}),
    // Shop URLs are written /tienda/{shopSlug}/ (spec 1 §2); keep whatever slash the URL has.
    trailingSlash: 'preserve',
    defaultPreload: 'intent',
    // TanStack Query owns freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
