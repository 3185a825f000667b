import { createFileRoute } from '@tanstack/react-router';
import { MyOrdersPage } from '@/features/orders/components/my-orders-page';
import { OrderFrame } from '../-order-frame';

/** spec 3 §2 `/mis-compras`: my purchases (signed-in users; a visitor is asked to sign in). */
export const Route = createFileRoute('/mis-compras/')({
  component: MyOrdersRoute,
});

function MyOrdersRoute() {
  return (
    <OrderFrame>
      <MyOrdersPage links={{ shop: '/', detail: (id) => `/mis-compras/${encodeURIComponent(id)}` }} />
    </OrderFrame>
  );
}
