import { useNavigate } from '@tanstack/react-router';
import type { PurchaseOrder } from '@vitrina/contracts';
import { AskSellerButton } from '@/features/inbox/components/ask-seller-button';
import { InvoicingForm } from '@/features/invoicing/components/invoicing-form';
import { ReceiptLink } from '@/features/invoicing/components/receipt-link';
import type { OrderViewSlots } from '@/features/orders/components/order-view';
import { PackingPanel } from '@/features/packing/components/packing-panel';
import { ReturnOrderButton } from '@/features/returns/components/return-order-button';
import { ReviewButton } from '@/features/reviews/components/review-button';
import { TicketsLink } from '@/features/tickets/components/tickets-link';

/**
 * What the other order features put into an order's page (issue 13): the orders feature leaves slots and imports none
 * of them (a feature never imports another: .dependency-cruiser.cjs); the routes mount them through these.
 */

/** 'Preguntar al vendedor' about an order: the conversation with its seller, the order as the first message's tag. */
function AskAboutOrder({ order }: { order: PurchaseOrder }) {
  const navigate = useNavigate();
  return (
    <AskSellerButton
      sellerId={order.supplier}
      tag={`order:${order.supplier}:${order.shop_slug}:${order.id}`}
      onOpened={(conversationId, tag) =>
        void navigate({ to: '/me/inbox/conversation/$conversationId', params: { conversationId }, search: { tag } })
      }
    />
  );
}

/**
 * The customer's side: tickets of an experience, a review per delivered line, invoicing data, the receipt, the
 * return ('Solicitar devolución' / 'Ver devolución', issue 14), and 'Preguntar al vendedor' (issue 15: the order as
 * the tag `order:{seller}:{shop slug}:{order}`). `shopBase` ends in `/`.
 */
export function customerOrderSlots(shopBase = '/'): OrderViewSlots {
  return {
    ask: (order) => <AskAboutOrder order={order} />,
    tickets: (order) => (
      <TicketsLink orderId={order.id} count={order.attendees_count} to={`${shopBase}mis-boletos/${encodeURIComponent(order.id)}`} />
    ),
    review: (order, line) => <ReviewButton order={order} line={line} />,
    invoicing: (order) => <InvoicingForm order={order} />,
    receipt: (order) => <ReceiptLink order={order} />,
    returns: (order) => (
      <ReturnOrderButton
        order={order}
        links={{
          request: (id) => `${shopBase}mis-compras/${encodeURIComponent(id)}/devolucion`,
          detail: (id) => `${shopBase}mis-compras/devoluciones/${encodeURIComponent(id)}`,
        }}
      />
    ),
  };
}

/**
 * The seller's side: the customer's invoicing data (read only) and the receipt; the dropshipping supplier packs the
 * lines; the order's return request, when there is one.
 */
export function sellerOrderSlots(): OrderViewSlots {
  return {
    invoicing: (order) => <InvoicingForm order={order} />,
    receipt: (order) => <ReceiptLink order={order} />,
    packing: (order) =>
      order.viewer === 'dssupplier' && order.dssupplier ? <PackingPanel owner={order.dssupplier} orderId={order.id} /> : null,
    // issue 14: 'Ver devolución' once the customer asked for one (the seller's and the dropshipping supplier's pages).
    returns: (order) => (
      <ReturnOrderButton
        order={order}
        links={{
          detail: (id) =>
            order.viewer === 'dssupplier'
              ? `/apps/me/dssupplier/devoluciones/${encodeURIComponent(id)}`
              : `/admin/devoluciones/${encodeURIComponent(id)}`,
        }}
      />
    ),
  };
}
