import { createFileRoute } from '@tanstack/react-router';
import { ReturnDetailPage } from '@/features/returns/components/return-detail-page';
import { OrderFrame } from '../../../../-order-frame';

/** `/apps/me/dssupplier/devoluciones/{id}`: the dropshipping supplier reads a return request and writes notes. */
export const Route = createFileRoute('/apps/me/dssupplier/devoluciones/$returnId')({
  component: DssupplierReturnRoute,
});

function DssupplierReturnRoute() {
  const { returnId } = Route.useParams();
  return (
    <OrderFrame>
      <ReturnDetailPage
        side="dssupplier"
        returnId={returnId}
        links={{ list: '/apps/me/dssupplier/devoluciones', order: (id) => `/apps/me/dssupplier/orders/${encodeURIComponent(id)}` }}
      />
    </OrderFrame>
  );
}
