import { createFileRoute } from '@tanstack/react-router';
import { ShopPageNotFound } from '@/features/storefront/components/pages/shop-page-not-found';

/** Any other path inside a shop: the generic not-found page, inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/$')({
  component: ShopPageNotFound,
});
