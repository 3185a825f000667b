import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { MyOrdersPage } from '@/features/orders/components/my-orders-page';
import { shopPath } from '@/features/storefront/lib/shop-path';

/** spec 1 §2 `{shopPath}mis-compras`: my purchases inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/mis-compras/')({
  component: ShopMyOrdersRoute,
});

function ShopMyOrdersRoute() {
  const { shopSlug } = Route.useParams();
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <MyOrdersPage
        links={{ shop: shopPath(shopSlug, '/'), detail: (id) => shopPath(shopSlug, `/mis-compras/${encodeURIComponent(id)}`) }}
      />
    </Container>
  );
}
