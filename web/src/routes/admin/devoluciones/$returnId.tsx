import { createFileRoute } from '@tanstack/react-router';
import { ReturnDetailPage } from '@/features/returns/components/return-detail-page';
import { OrderFrame } from '../../-order-frame';

/** `/admin/devoluciones/{id}`: the seller's view of a return request: notes, refunds, closing. */
export const Route = createFileRoute('/admin/devoluciones/$returnId')({
  component: AdminReturnRoute,
});

function AdminReturnRoute() {
  const { returnId } = Route.useParams();
  return (
    <OrderFrame>
      <ReturnDetailPage
        side="seller"
        returnId={returnId}
        links={{ list: '/admin/devoluciones', order: (id) => `/admin/ordenes/${encodeURIComponent(id)}` }}
      />
    </OrderFrame>
  );
}
