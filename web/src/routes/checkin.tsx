import { createFileRoute } from '@tanstack/react-router';
import { CheckInPage } from '@/features/tickets/components/check-in-page';
import { OrderFrame } from './-order-frame';

/** The door's check-in (issue 13): the experience's supplier or a user with the qrreader role scans tickets. */
export const Route = createFileRoute('/checkin')({
  component: CheckInRoute,
});

function CheckInRoute() {
  return (
    <OrderFrame>
      <CheckInPage />
    </OrderFrame>
  );
}
