import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { isApiError } from '@/api/client';
import { shopBySlugQueryOptions } from '@/features/shops/api/get-shop-by-slug';
import { ShopLayout } from '@/features/shops/components/shop-layout';
import { ShopLoadError } from '@/features/shops/components/shop-load-error';
import { ShopNotFound } from '@/features/shops/components/shop-not-found';
import { ShopSkeleton } from '@/features/shops/components/shop-skeleton';

/** Every page of a shop under /tienda/{shopSlug}/ (spec 1 §2 'Shop paths'). */
export const Route = createFileRoute('/tienda/$shopSlug')({
  loader: async ({ context: { queryClient }, params: { shopSlug } }) => {
    try {
      await queryClient.ensureQueryData(shopBySlugQueryOptions(shopSlug));
    } catch (error) {
      // spec 1 §7 'Load shop': a missing shop (404 shop_not_found, or any 404) shows the not-found page.
      if (isApiError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  pendingComponent: ShopSkeleton,
  pendingMs: 150,
  notFoundComponent: ShopNotFound,
  errorComponent: ShopLoadError,
  component: ShopLayoutRoute,
});

function ShopLayoutRoute() {
  const { shopSlug } = Route.useParams();
  return (
    <ShopLayout slug={shopSlug}>
      <Outlet />
    </ShopLayout>
  );
}
