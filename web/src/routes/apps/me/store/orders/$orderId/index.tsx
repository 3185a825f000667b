import { createFileRoute } from '@tanstack/react-router';
import { sellerOrderSlots } from '@/app/order-slots';
import { SellerOrderPage } from '@/features/orders/components/order-pages';
import { OrderFrame } from '../../../../../-order-frame';

/** spec 3 §2 `/apps/me/store/orders/{orderid}`: the seller's view, its actions and the quote form. */
export const Route = createFileRoute('/apps/me/store/orders/$orderId/')({
  component: StoreOrderRoute,
});

function StoreOrderRoute() {
  const { orderId } = Route.useParams();
  return (
    <OrderFrame>
      <SellerOrderPage
        slots={sellerOrderSlots()}
        side="seller"
        orderId={orderId}
        links={{ list: '/admin/ordenes', print: (id) => `/apps/me/store/orders/${encodeURIComponent(id)}/imprimir` }}
      />
    </OrderFrame>
  );
}
