import { createFileRoute } from '@tanstack/react-router';
import { ShopInfoPage } from '@/features/storefront/components/pages/shop-info-page';

export const Route = createFileRoute('/tienda/$shopSlug/info')({
  component: InfoRoute,
});

function InfoRoute() {
  return <ShopInfoPage topic="info" />;
}
