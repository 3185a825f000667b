import type { PurchaseOrder } from '@vitrina/contracts';
import { OrdersGate } from './orders-gate';
import { OrderView, type OrderViewLinks, type OrderViewSlots } from './order-view';

interface CustomerProps {
  orderId: string;
  links: OrderViewLinks;
  slots?: OrderViewSlots;
  onCancelled?: (order: PurchaseOrder) => void;
}

/** The buyer's order (spec 3 §2 `/mis-compras/{order}`, `/shopping-cart/orders/{orderid}`), for the signed-in customer. */
export function CustomerOrderPage({ orderId, links, slots, onCancelled }: CustomerProps) {
  return (
    <OrdersGate>
      {(userId) => (
        <OrderView
          side="customer"
          userId={userId}
          orderId={orderId}
          links={links}
          {...(slots ? { slots } : {})}
          {...(onCancelled ? { onCancelled } : {})}
        />
      )}
    </OrdersGate>
  );
}

interface SellerProps {
  /** `seller`: the supplier admin's routes (either side of the order); `dssupplier`: the dropshipping supplier's. */
  side: 'seller' | 'dssupplier';
  orderId: string;
  links: OrderViewLinks;
  slots?: OrderViewSlots;
  /** A collaborator works on this shop owner's orders (issue 16; the token's role lets them): the owner's id. */
  ownerId?: string;
}

/** The seller's order (spec 3 §2 `/apps/me/store/orders/{orderid}`, `/admin/ordenes/{order}`, `/apps/me/dssupplier/orders/{order}`). */
export function SellerOrderPage({ side, orderId, links, slots, ownerId }: SellerProps) {
  return (
    <OrdersGate seller>
      {(userId) => <OrderView side={side} userId={ownerId ?? userId} orderId={orderId} links={links} {...(slots ? { slots } : {})} />}
    </OrdersGate>
  );
}
