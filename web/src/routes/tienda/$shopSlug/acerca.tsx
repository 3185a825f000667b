import { createFileRoute } from '@tanstack/react-router';
import { ShopInfoPage } from '@/features/storefront/components/pages/shop-info-page';

export const Route = createFileRoute('/tienda/$shopSlug/acerca')({
  component: AboutRoute,
});

function AboutRoute() {
  return <ShopInfoPage topic="about" />;
}
