import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ReturnsListPage } from '@/features/returns/components/returns-list-page';
import { shopPath } from '@/features/storefront/lib/shop-path';

/** `{shopPath}mis-compras/devoluciones`: the customer's return requests inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/mis-compras/devoluciones/')({
  component: ShopMyReturnsRoute,
});

function ShopMyReturnsRoute() {
  const { shopSlug } = Route.useParams();
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <ReturnsListPage
        side="customer"
        links={{ detail: (id) => shopPath(shopSlug, `/mis-compras/devoluciones/${encodeURIComponent(id)}`) }}
      />
    </Container>
  );
}
