import { createFileRoute } from '@tanstack/react-router';
import { ReturnsListPage } from '@/features/returns/components/returns-list-page';
import { OrderFrame } from '../../-order-frame';

/** `/admin/devoluciones`: the return requests of the orders the user sells, open or closed. */
export const Route = createFileRoute('/admin/devoluciones/')({
  component: AdminReturnsRoute,
});

function AdminReturnsRoute() {
  return (
    <OrderFrame>
      <ReturnsListPage side="seller" links={{ detail: (id) => `/admin/devoluciones/${encodeURIComponent(id)}` }} />
    </OrderFrame>
  );
}
