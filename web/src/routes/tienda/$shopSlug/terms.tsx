import { createFileRoute } from '@tanstack/react-router';
import { ShopInfoPage } from '@/features/storefront/components/pages/shop-info-page';

export const Route = createFileRoute('/tienda/$shopSlug/terms')({
  component: TermsRoute,
});

function TermsRoute() {
  return <ShopInfoPage topic="terms" />;
}
