import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ReturnsListPage } from '@/features/returns/components/returns-list-page';
import { shopPath } from '@/features/storefront/lib/shop-path';
import { useShopActingOwner } from '@/features/storefront/lib/use-shop-acting-owner';
import { CollaboratorAccess } from '@vitrina/contracts';

/** `/tienda/{shop}/admin/devoluciones`: the seller's return requests inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/admin/devoluciones/')({
  component: ShopAdminReturnsRoute,
});

function ShopAdminReturnsRoute() {
  const { shopSlug } = Route.useParams();
  const acting = useShopActingOwner(shopSlug, CollaboratorAccess.ordersRead);
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <ReturnsListPage
        side="seller"
        {...acting}
        links={{ detail: (id) => shopPath(shopSlug, `/admin/devoluciones/${encodeURIComponent(id)}`) }}
      />
    </Container>
  );
}
