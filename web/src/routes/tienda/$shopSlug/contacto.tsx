import { createFileRoute } from '@tanstack/react-router';
import { ShopInfoPage } from '@/features/storefront/components/pages/shop-info-page';

export const Route = createFileRoute('/tienda/$shopSlug/contacto')({
  component: ContactRoute,
});

function ContactRoute() {
  return <ShopInfoPage topic="contact" />;
}
