import { createFileRoute } from '@tanstack/react-router';
import { ReturnDetailPage } from '@/features/returns/components/return-detail-page';
import { OrderFrame } from '../../-order-frame';

/** `/mis-compras/devoluciones/{id}`: the customer's return request (Solicitud, Historial, Reembolsos, Comentarios). */
export const Route = createFileRoute('/mis-compras/devoluciones/$returnId')({
  component: MyReturnRoute,
});

function MyReturnRoute() {
  const { returnId } = Route.useParams();
  return (
    <OrderFrame>
      <ReturnDetailPage
        side="customer"
        returnId={returnId}
        links={{ list: '/mis-compras/devoluciones', order: (id) => `/mis-compras/${encodeURIComponent(id)}` }}
      />
    </OrderFrame>
  );
}
