import { createFileRoute } from '@tanstack/react-router';
import { ShopInfoPage } from '@/features/storefront/components/pages/shop-info-page';

export const Route = createFileRoute('/tienda/$shopSlug/privacidad')({
  component: PrivacyRoute,
});

function PrivacyRoute() {
  return <ShopInfoPage topic="privacy" />;
}
