import { createFileRoute } from '@tanstack/react-router';
import { sellerOrderSlots } from '@/app/order-slots';
import { SellerOrderPage } from '@/features/orders/components/order-pages';
import { OrderFrame } from '../../-order-frame';

/** spec 3 §2 `/admin/ordenes/{order}` (alert links, spec 2 §7): the seller's view of the order. */
export const Route = createFileRoute('/admin/ordenes/$order')({
  component: AdminOrderRoute,
});

function AdminOrderRoute() {
  const { order } = Route.useParams();
  return (
    <OrderFrame>
      <SellerOrderPage
        slots={sellerOrderSlots()}
        side="seller"
        orderId={order}
        links={{ list: '/admin/ordenes', print: (id) => `/apps/me/store/orders/${encodeURIComponent(id)}/imprimir` }}
      />
    </OrderFrame>
  );
}
