import { createFileRoute } from '@tanstack/react-router';
import { sellerOrderSlots } from '@/app/order-slots';
import { SellerOrderPage } from '@/features/orders/components/order-pages';
import { OrderFrame } from '../../../../-order-frame';

/**
 * spec 3 §2 `/apps/me/dssupplier/orders/{order}`: the dropshipping supplier's view (next and cancel, spec 3 §6).
 * The packing panel mounts in `slots.packing` once the packing feature exists.
 */
export const Route = createFileRoute('/apps/me/dssupplier/orders/$orderId')({
  component: DssupplierOrderRoute,
});

function DssupplierOrderRoute() {
  const { orderId } = Route.useParams();
  return (
    <OrderFrame>
      <SellerOrderPage side="dssupplier" orderId={orderId} links={{ list: '/admin/ordenes' }} slots={sellerOrderSlots()} />
    </OrderFrame>
  );
}
