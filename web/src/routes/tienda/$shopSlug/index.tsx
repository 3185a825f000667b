import { createFileRoute } from '@tanstack/react-router';
import { currentViewerId } from '@/lib/session/current-viewer';
import { prefetchShopHome } from '@/features/storefront/api/home-queries';
import { ShopHomePage } from '@/features/storefront/components/home/shop-home-page';

/** spec 1 §2 'Shop home (theme page)'. */
export const Route = createFileRoute('/tienda/$shopSlug/')({
  // Once the shop route has the shop (its sections), the rows' queries start; not awaited (skeletons meanwhile).
  loader: ({ context: { queryClient }, params: { shopSlug }, parentMatchPromise }) => {
    void Promise.all([parentMatchPromise, currentViewerId()]).then(([, viewer]) => prefetchShopHome(queryClient, shopSlug, viewer));
  },
  component: ShopHomePage,
});
