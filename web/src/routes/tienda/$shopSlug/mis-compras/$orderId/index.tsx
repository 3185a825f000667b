import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { customerOrderSlots } from '@/app/order-slots';
import { CustomerOrderPage } from '@/features/orders/components/order-pages';
import { shopPath } from '@/features/storefront/lib/shop-path';

/** `{shopPath}mis-compras/{order}`: the customer's order inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/mis-compras/$orderId/')({
  component: ShopMyOrderRoute,
});

function ShopMyOrderRoute() {
  const { shopSlug, orderId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <CustomerOrderPage
        slots={customerOrderSlots(shopPath(shopSlug, '/'))}
        orderId={orderId}
        links={{
          list: shopPath(shopSlug, '/mis-compras'),
          print: (id) => shopPath(shopSlug, `/mis-compras/${encodeURIComponent(id)}/imprimir`),
        }}
        onCancelled={() => void navigate({ to: '/shopping-cart/orders' })}
      />
    </Container>
  );
}
