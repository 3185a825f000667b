import { createFileRoute, redirect } from '@tanstack/react-router';
import { ShopPageNotFound } from '@/features/storefront/components/pages/shop-page-not-found';

/**
 * Any other path inside a shop: the generic not-found page, inside the shop's frame. spec 3 §2: a path containing
 * `comprar-articulo` also identifies the checkout, so it lands there with its query.
 */
export const Route = createFileRoute('/tienda/$shopSlug/$')({
  beforeLoad: ({ params, location }) => {
    if (params._splat?.includes('comprar-articulo')) {
      throw redirect({
        to: '/tienda/$shopSlug/comprar',
        params: { shopSlug: params.shopSlug },
        search: location.search as Record<string, unknown>,
        replace: true,
      });
    }
  },
  component: ShopPageNotFound,
});
