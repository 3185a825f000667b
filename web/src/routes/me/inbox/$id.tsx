import { createFileRoute } from '@tanstack/react-router';
import { ContactDetailPage } from '@/features/contact/components/contact-detail-page';
import { ContactGate } from '@/features/contact/components/contact-gate';
import { OrderFrame } from '../../-order-frame';

/** spec 2 §2 `/me/inbox/{id}`: one contact entry of the owner's shops, with a back link to the list. */
export const Route = createFileRoute('/me/inbox/$id')({
  component: ContactDetailRoute,
});

function ContactDetailRoute() {
  const { id } = Route.useParams();
  return (
    <OrderFrame>
      <ContactGate>{(userId) => <ContactDetailPage userId={userId} id={id} backHref="/me/inbox/contacts" />}</ContactGate>
    </OrderFrame>
  );
}
