import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { routeTree } from '@/routeTree.gen';

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient },
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
