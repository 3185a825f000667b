import { createFileRoute } from '@tanstack/react-router';
import { customerOrderSlots } from '@/app/order-slots';
import { CustomerOrderPage } from '@/features/orders/components/order-pages';
import { OrderFrame } from '../../-order-frame';

/** spec 3 §2 `/shopping-cart/orders/{orderid}`: the buyer's view of an order (the same as /mis-compras/{order}). */
export const Route = createFileRoute('/shopping-cart/orders/$orderId')({
  component: CartOrderRoute,
});

function CartOrderRoute() {
  const { orderId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <OrderFrame>
      <CustomerOrderPage
        slots={customerOrderSlots('/')}
        orderId={orderId}
        links={{ list: '/shopping-cart/orders', print: (id) => `/mis-compras/${encodeURIComponent(id)}/imprimir` }}
        onCancelled={() => void navigate({ to: '/shopping-cart/orders' })}
      />
    </OrderFrame>
  );
}
