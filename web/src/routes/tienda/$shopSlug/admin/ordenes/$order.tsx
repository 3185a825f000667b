import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { sellerOrderSlots } from '@/app/order-slots';
import { SellerOrderPage } from '@/features/orders/components/order-pages';
import { shopPath } from '@/features/storefront/lib/shop-path';
import { useShopActingOwner } from '@/features/storefront/lib/use-shop-acting-owner';
import { CollaboratorAccess } from '@vitrina/contracts';

/** spec 3 §2 `/tienda/{catalogueID}/admin/ordenes/{order}` (alert links): the seller's view inside the shop's frame. */
export const Route = createFileRoute('/tienda/$shopSlug/admin/ordenes/$order')({
  component: ShopAdminOrderRoute,
});

function ShopAdminOrderRoute() {
  const { shopSlug, order } = Route.useParams();
  const acting = useShopActingOwner(shopSlug, CollaboratorAccess.ordersRead);
  return (
    <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <SellerOrderPage
        {...acting}
        slots={sellerOrderSlots()}
        side="seller"
        orderId={order}
        links={{
          list: shopPath(shopSlug, '/admin/ordenes'),
          print: (id) => `/apps/me/store/orders/${encodeURIComponent(id)}/imprimir`,
        }}
      />
    </Container>
  );
}
