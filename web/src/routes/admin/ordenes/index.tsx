import { createFileRoute } from '@tanstack/react-router';
import { SellerOrdersPage } from '@/features/orders/components/seller-orders-page';
import { ReturnsLink } from '@/features/returns/components/returns-link';
import { OrderFrame } from '../../-order-frame';

/** spec 3 §2 admin order paths: `/admin/ordenes`, the orders the user sells or fulfils, with filters. */
export const Route = createFileRoute('/admin/ordenes/')({
  component: AdminOrdersRoute,
});

function AdminOrdersRoute() {
  return (
    <OrderFrame>
      <SellerOrdersPage
        aside={<ReturnsLink to={'/admin/devoluciones'} />}
        links={{ detail: (id) => `/admin/ordenes/${encodeURIComponent(id)}` }}
      />
    </OrderFrame>
  );
}
