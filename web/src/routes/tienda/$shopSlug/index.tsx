import { createFileRoute } from '@tanstack/react-router';
import { ShopHomePage } from '@/features/storefront/components/home/shop-home-page';

/** spec 1 §2 'Shop home (theme page)'. */
export const Route = createFileRoute('/tienda/$shopSlug/')({
  component: ShopHomePage,
});
