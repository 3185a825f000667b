import { createFileRoute } from '@tanstack/react-router';
import { OrderPrintPage } from '@/features/orders/components/order-print-page';
import { OrderFrame } from '../../-order-frame';

/** spec 3 §2 'print preview' of the customer's order; the print CSS keeps the frame off paper. */
export const Route = createFileRoute('/mis-compras/$orderId/imprimir')({
  component: MyOrderPrintRoute,
});

function MyOrderPrintRoute() {
  const { orderId } = Route.useParams();
  return (
    <OrderFrame>
      <OrderPrintPage side="customer" orderId={orderId} back={(id) => `/mis-compras/${encodeURIComponent(id)}`} />
    </OrderFrame>
  );
}
