import { createFileRoute } from '@tanstack/react-router';
import { ReturnsListPage } from '@/features/returns/components/returns-list-page';
import { OrderFrame } from '../../-order-frame';

/** `/mis-compras/devoluciones`: the customer's return requests, open or closed. */
export const Route = createFileRoute('/mis-compras/devoluciones/')({
  component: MyReturnsRoute,
});

function MyReturnsRoute() {
  return (
    <OrderFrame>
      <ReturnsListPage side="customer" links={{ detail: (id) => `/mis-compras/devoluciones/${encodeURIComponent(id)}` }} />
    </OrderFrame>
  );
}
