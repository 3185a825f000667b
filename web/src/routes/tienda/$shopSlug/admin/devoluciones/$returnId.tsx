import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ReturnDetailPage } from '@/features/returns/components/return-detail-page';
import { shopPath } from '@/features/storefront/lib/shop-path';
import { useShopActingOwner } from '@/features/storefront/lib/use-shop-acting-owner';
import { CollaboratorAccess } from '@vitrina/contracts';

/** `/tienda/{shop}/admin/devoluciones/{id}`: the seller's view of a return request inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/admin/devoluciones/$returnId')({
  component: ShopAdminReturnRoute,
});

function ShopAdminReturnRoute() {
  const { shopSlug, returnId } = Route.useParams();
  const acting = useShopActingOwner(shopSlug, CollaboratorAccess.ordersRead);
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <ReturnDetailPage
        side="seller"
        {...acting}
        returnId={returnId}
        links={{
          list: shopPath(shopSlug, '/admin/devoluciones'),
          order: (id) => shopPath(shopSlug, `/admin/ordenes/${encodeURIComponent(id)}`),
        }}
      />
    </Container>
  );
}
