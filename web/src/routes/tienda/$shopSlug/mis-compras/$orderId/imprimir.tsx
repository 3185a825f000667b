import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { OrderPrintPage } from '@/features/orders/components/order-print-page';
import { shopPath } from '@/features/storefront/lib/shop-path';

/** The print preview of the customer's order inside the shop's frame (the print CSS keeps the frame off paper). */
export const Route = createFileRoute('/tienda/$shopSlug/mis-compras/$orderId/imprimir')({
  component: ShopMyOrderPrintRoute,
});

function ShopMyOrderPrintRoute() {
  const { shopSlug, orderId } = Route.useParams();
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <OrderPrintPage side="customer" orderId={orderId} back={(id) => shopPath(shopSlug, `/mis-compras/${encodeURIComponent(id)}`)} />
    </Container>
  );
}
