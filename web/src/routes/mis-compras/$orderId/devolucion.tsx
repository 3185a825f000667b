import { createFileRoute } from '@tanstack/react-router';
import { ReturnRequestPage } from '@/features/returns/components/return-request-page';
import { OrderFrame } from '../../-order-frame';

/** spec 3 §2 'Return request' from the customer's order: the order's return terms and the request form. */
export const Route = createFileRoute('/mis-compras/$orderId/devolucion')({
  component: MyOrderReturnRoute,
});

function MyOrderReturnRoute() {
  const { orderId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <OrderFrame>
      <ReturnRequestPage
        orderId={orderId}
        links={{
          order: `/mis-compras/${encodeURIComponent(orderId)}`,
          detail: (id) => `/mis-compras/devoluciones/${encodeURIComponent(id)}`,
        }}
        onStarted={(request) => void navigate({ to: '/mis-compras/devoluciones/$returnId', params: { returnId: request.id } })}
      />
    </OrderFrame>
  );
}
