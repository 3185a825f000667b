import { createFileRoute } from '@tanstack/react-router';
import { customerOrderSlots } from '@/app/order-slots';
import { CustomerOrderPage } from '@/features/orders/components/order-pages';
import { OrderFrame } from '../../-order-frame';

/**
 * spec 3 §2 `/mis-compras/{order or checkout_aggregation}`: the customer's order (by its id, or by the checkout's).
 * A cancellation lands on `/shopping-cart/orders`. Slots for the tickets, reviews, invoicing and receipt features
 * are left empty until those features exist (OrderViewSlots).
 */
export const Route = createFileRoute('/mis-compras/$orderId/')({
  component: MyOrderRoute,
});

function MyOrderRoute() {
  const { orderId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <OrderFrame>
      <CustomerOrderPage
        slots={customerOrderSlots('/')}
        orderId={orderId}
        links={{ list: '/mis-compras', print: (id) => `/mis-compras/${encodeURIComponent(id)}/imprimir` }}
        onCancelled={() => void navigate({ to: '/shopping-cart/orders' })}
      />
    </OrderFrame>
  );
}
