import { createFileRoute, notFound } from '@tanstack/react-router';
import { isApiError } from '@/api/client';
import { currentViewerId } from '@/lib/session/current-viewer';
import { itemQueryOptions } from '@/features/storefront/api/get-item';
import { ItemPage } from '@/features/storefront/components/item/item-page';
import { ItemBelow } from '@/app/item-slots';
import { ItemPageSkeleton } from '@/features/storefront/components/item/item-page-skeleton';
import { ShopPageError } from '@/features/storefront/components/pages/shop-page-error';
import { ShopPageNotFound } from '@/features/storefront/components/pages/shop-page-not-found';

/** spec 1 §2: the item detail page /productos/{owner}/{id}. */
export const Route = createFileRoute('/tienda/$shopSlug/productos/$owner/$itemId')({
  loader: async ({ context: { queryClient }, params: { shopSlug, owner, itemId } }) => {
    try {
      await queryClient.ensureQueryData(itemQueryOptions({ owner, item: itemId, shop: shopSlug }, await currentViewerId()));
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  pendingComponent: ItemPageSkeleton,
  notFoundComponent: ShopPageNotFound,
  errorComponent: ShopPageError,
  component: ProductsItemRoute,
});

function ProductsItemRoute() {
  const { owner, itemId } = Route.useParams();
  return <ItemPage owner={owner} itemId={itemId} below={(item) => <ItemBelow item={item} />} />;
}
