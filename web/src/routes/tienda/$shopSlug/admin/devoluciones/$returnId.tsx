import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ReturnDetailPage } from '@/features/returns/components/return-detail-page';
import { shopPath } from '@/features/storefront/lib/shop-path';
import { useShopBySlug } from '@/features/storefront/api/get-shop-by-slug';
import { actingOwner } from '@/lib/session/acting-owner';
import { useSession } from '@/lib/session/use-session';
import { CollaboratorAccess } from '@vitrina/contracts';

/** `/tienda/{shop}/admin/devoluciones/{id}`: the seller's view of a return request inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/admin/devoluciones/$returnId')({
  component: ShopAdminReturnRoute,
});

function ShopAdminReturnRoute() {
  const { shopSlug, returnId } = Route.useParams();
  const session = useSession();
  const { data: shop } = useShopBySlug(shopSlug);
  const ownerId = actingOwner(session.user, shop.owner, CollaboratorAccess.ordersRead);
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <ReturnDetailPage
        side="seller"
        {...(ownerId ? { ownerId } : {})}
        returnId={returnId}
        links={{
          list: shopPath(shopSlug, '/admin/devoluciones'),
          order: (id) => shopPath(shopSlug, `/admin/ordenes/${encodeURIComponent(id)}`),
        }}
      />
    </Container>
  );
}
