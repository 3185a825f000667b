import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { SellerOrdersPage } from '@/features/orders/components/seller-orders-page';
import { ReturnsLink } from '@/features/returns/components/returns-link';
import { shopPath } from '@/features/storefront/lib/shop-path';
import { useShopActingOwner } from '@/features/storefront/lib/use-shop-acting-owner';
import { CollaboratorAccess } from '@vitrina/contracts';

/** `/tienda/{shop}/admin/ordenes`: the seller's orders inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/admin/ordenes/')({
  component: ShopAdminOrdersRoute,
});

function ShopAdminOrdersRoute() {
  const { shopSlug } = Route.useParams();
  // a collaborator of the shop's owner (dispatcher, accountant, admin) works on the owner's orders (issue 16)
  const acting = useShopActingOwner(shopSlug, CollaboratorAccess.ordersRead);
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <SellerOrdersPage
        {...acting}
        aside={<ReturnsLink to={shopPath(shopSlug, '/admin/devoluciones')} />}
        links={{ detail: (id) => shopPath(shopSlug, `/admin/ordenes/${encodeURIComponent(id)}`) }}
      />
    </Container>
  );
}
