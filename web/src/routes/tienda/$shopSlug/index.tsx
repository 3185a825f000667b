import { createFileRoute } from '@tanstack/react-router';
import { ShopHome } from '@/features/shops/components/shop-home';

export const Route = createFileRoute('/tienda/$shopSlug/')({
  component: ShopHomeRoute,
});

function ShopHomeRoute() {
  const { shopSlug } = Route.useParams();
  return <ShopHome slug={shopSlug} />;
}
