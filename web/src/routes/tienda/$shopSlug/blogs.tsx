import { createFileRoute } from '@tanstack/react-router';
import { ShopInfoPage } from '@/features/storefront/components/pages/shop-info-page';

export const Route = createFileRoute('/tienda/$shopSlug/blogs')({
  component: BlogsRoute,
});

function BlogsRoute() {
  return <ShopInfoPage topic="blogs" />;
}
