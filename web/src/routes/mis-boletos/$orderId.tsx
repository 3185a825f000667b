import { createFileRoute } from '@tanstack/react-router';
import { MyTicketsPage } from '@/features/tickets/components/my-tickets-page';
import { OrderFrame } from '../-order-frame';

/** 'Mis boletos' of an order (spec 3 §2 'My tickets and attendee update'): its tickets, their QR codes and downloads. */
export const Route = createFileRoute('/mis-boletos/$orderId')({
  component: MyTicketsRoute,
});

function MyTicketsRoute() {
  const { orderId } = Route.useParams();
  return (
    <OrderFrame>
      <MyTicketsPage orderId={orderId} links={{ order: `/mis-compras/${encodeURIComponent(orderId)}` }} />
    </OrderFrame>
  );
}
