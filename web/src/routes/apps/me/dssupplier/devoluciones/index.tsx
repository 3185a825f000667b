import { createFileRoute } from '@tanstack/react-router';
import { ReturnsListPage } from '@/features/returns/components/returns-list-page';
import { OrderFrame } from '../../../../-order-frame';

/** `/apps/me/dssupplier/devoluciones`: the return requests of the orders the dropshipping supplier fulfils. */
export const Route = createFileRoute('/apps/me/dssupplier/devoluciones/')({
  component: DssupplierReturnsRoute,
});

function DssupplierReturnsRoute() {
  return (
    <OrderFrame>
      <ReturnsListPage side="dssupplier" links={{ detail: (id) => `/apps/me/dssupplier/devoluciones/${encodeURIComponent(id)}` }} />
    </OrderFrame>
  );
}
