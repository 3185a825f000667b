import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ReturnDetailPage } from '@/features/returns/components/return-detail-page';
import { shopPath } from '@/features/storefront/lib/shop-path';

/** `/tienda/{shop}/admin/devoluciones/{id}`: the seller's view of a return request inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/admin/devoluciones/$returnId')({
  component: ShopAdminReturnRoute,
});

function ShopAdminReturnRoute() {
  const { shopSlug, returnId } = Route.useParams();
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <ReturnDetailPage
        side="seller"
        returnId={returnId}
        links={{
          list: shopPath(shopSlug, '/admin/devoluciones'),
          order: (id) => shopPath(shopSlug, `/admin/ordenes/${encodeURIComponent(id)}`),
        }}
      />
    </Container>
  );
}
