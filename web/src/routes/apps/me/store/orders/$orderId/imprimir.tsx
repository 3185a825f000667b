import { createFileRoute } from '@tanstack/react-router';
import { OrderPrintPage } from '@/features/orders/components/order-print-page';
import { OrderFrame } from '../../../../../-order-frame';

/** spec 3 §2 'print preview' of an order the user sells. */
export const Route = createFileRoute('/apps/me/store/orders/$orderId/imprimir')({
  component: StoreOrderPrintRoute,
});

function StoreOrderPrintRoute() {
  const { orderId } = Route.useParams();
  return (
    <OrderFrame>
      <OrderPrintPage side="seller" orderId={orderId} back={(id) => `/apps/me/store/orders/${encodeURIComponent(id)}`} />
    </OrderFrame>
  );
}
