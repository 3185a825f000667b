import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ReturnRequestPage } from '@/features/returns/components/return-request-page';
import { shopPath } from '@/features/storefront/lib/shop-path';

/** `{shopPath}mis-compras/{order}/devolucion`: the return request form inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/mis-compras/$orderId/devolucion')({
  component: ShopMyOrderReturnRoute,
});

function ShopMyOrderReturnRoute() {
  const { shopSlug, orderId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <ReturnRequestPage
        orderId={orderId}
        links={{
          order: shopPath(shopSlug, `/mis-compras/${encodeURIComponent(orderId)}`),
          detail: (id) => shopPath(shopSlug, `/mis-compras/devoluciones/${encodeURIComponent(id)}`),
        }}
        onStarted={(request) =>
          void navigate({ to: '/tienda/$shopSlug/mis-compras/devoluciones/$returnId', params: { shopSlug, returnId: request.id } })
        }
      />
    </Container>
  );
}
