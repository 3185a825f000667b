import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { SellerOrdersPage } from '@/features/orders/components/seller-orders-page';
import { ReturnsLink } from '@/features/returns/components/returns-link';
import { shopPath } from '@/features/storefront/lib/shop-path';

/** `/tienda/{shop}/admin/ordenes`: the seller's orders inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/admin/ordenes/')({
  component: ShopAdminOrdersRoute,
});

function ShopAdminOrdersRoute() {
  const { shopSlug } = Route.useParams();
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <SellerOrdersPage
        aside={<ReturnsLink to={shopPath(shopSlug, '/admin/devoluciones')} />}
        links={{ detail: (id) => shopPath(shopSlug, `/admin/ordenes/${encodeURIComponent(id)}`) }}
      />
    </Container>
  );
}
