import { createFileRoute } from '@tanstack/react-router';
import { MyOrdersPage } from '@/features/orders/components/my-orders-page';
import { OrderFrame } from '../../-order-frame';

/** spec 3 §2 `/shopping-cart/orders`: the order list, where a cancelled order's buyer lands. */
export const Route = createFileRoute('/shopping-cart/orders/')({
  component: CartOrdersRoute,
});

function CartOrdersRoute() {
  return (
    <OrderFrame>
      <MyOrdersPage links={{ shop: '/', detail: (id) => `/shopping-cart/orders/${encodeURIComponent(id)}` }} />
    </OrderFrame>
  );
}
