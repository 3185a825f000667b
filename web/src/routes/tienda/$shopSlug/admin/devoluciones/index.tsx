import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ReturnsListPage } from '@/features/returns/components/returns-list-page';
import { shopPath } from '@/features/storefront/lib/shop-path';
import { useShopBySlug } from '@/features/storefront/api/get-shop-by-slug';
import { actingOwner } from '@/lib/session/acting-owner';
import { useSession } from '@/lib/session/use-session';
import { CollaboratorAccess } from '@vitrina/contracts';

/** `/tienda/{shop}/admin/devoluciones`: the seller's return requests inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/admin/devoluciones/')({
  component: ShopAdminReturnsRoute,
});

function ShopAdminReturnsRoute() {
  const { shopSlug } = Route.useParams();
  const session = useSession();
  const { data: shop } = useShopBySlug(shopSlug);
  const ownerId = actingOwner(session.user, shop.owner, CollaboratorAccess.ordersRead);
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <ReturnsListPage
        side="seller"
        {...(ownerId ? { ownerId } : {})}
        links={{ detail: (id) => shopPath(shopSlug, `/admin/devoluciones/${encodeURIComponent(id)}`) }}
      />
    </Container>
  );
}
