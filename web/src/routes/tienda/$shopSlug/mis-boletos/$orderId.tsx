import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { shopPath } from '@/features/storefront/lib/shop-path';
import { MyTicketsPage } from '@/features/tickets/components/my-tickets-page';

/** `{shopPath}mis-boletos/{order}`: the order's tickets inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/mis-boletos/$orderId')({
  component: ShopMyTicketsRoute,
});

function ShopMyTicketsRoute() {
  const { shopSlug, orderId } = Route.useParams();
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <MyTicketsPage orderId={orderId} links={{ order: shopPath(shopSlug, `/mis-compras/${encodeURIComponent(orderId)}`) }} />
    </Container>
  );
}
