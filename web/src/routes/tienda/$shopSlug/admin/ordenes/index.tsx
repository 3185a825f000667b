import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { SellerOrdersPage } from '@/features/orders/components/seller-orders-page';
import { ReturnsLink } from '@/features/returns/components/returns-link';
import { shopPath } from '@/features/storefront/lib/shop-path';
import { useShopBySlug } from '@/features/storefront/api/get-shop-by-slug';
import { actingOwner } from '@/lib/session/acting-owner';
import { useSession } from '@/lib/session/use-session';
import { CollaboratorAccess } from '@vitrina/contracts';

/** `/tienda/{shop}/admin/ordenes`: the seller's orders inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/admin/ordenes/')({
  component: ShopAdminOrdersRoute,
});

function ShopAdminOrdersRoute() {
  const { shopSlug } = Route.useParams();
  const session = useSession();
  const { data: shop } = useShopBySlug(shopSlug);
  // a collaborator of the shop's owner (dispatcher, accountant, admin) works on the owner's orders (issue 16)
  const ownerId = actingOwner(session.user, shop.owner, CollaboratorAccess.ordersRead);
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <SellerOrdersPage
        {...(ownerId ? { ownerId } : {})}
        aside={<ReturnsLink to={shopPath(shopSlug, '/admin/devoluciones')} />}
        links={{ detail: (id) => shopPath(shopSlug, `/admin/ordenes/${encodeURIComponent(id)}`) }}
      />
    </Container>
  );
}
