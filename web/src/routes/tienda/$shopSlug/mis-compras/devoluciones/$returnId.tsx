import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ReturnDetailPage } from '@/features/returns/components/return-detail-page';
import { shopPath } from '@/features/storefront/lib/shop-path';

/** `{shopPath}mis-compras/devoluciones/{id}`: the customer's return request inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/mis-compras/devoluciones/$returnId')({
  component: ShopMyReturnRoute,
});

function ShopMyReturnRoute() {
  const { shopSlug, returnId } = Route.useParams();
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <ReturnDetailPage
        side="customer"
        returnId={returnId}
        links={{
          list: shopPath(shopSlug, '/mis-compras/devoluciones'),
          order: (id) => shopPath(shopSlug, `/mis-compras/${encodeURIComponent(id)}`),
        }}
      />
    </Container>
  );
}
