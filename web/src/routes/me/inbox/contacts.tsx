import { createFileRoute } from '@tanstack/react-router';
import { ContactGate } from '@/features/contact/components/contact-gate';
import { ContactListPage } from '@/features/contact/components/contact-list-page';
import { parseContactListSearch } from '@/features/contact/domain/list-search';
import { OrderFrame } from '../../-order-frame';

/**
 * spec 2 §2 'Contact list (admin)': what visitors wrote to the signed-in owner's shops (`?ContactList=` filter,
 * `page`), in the platform's frame; the eye button opens `/me/inbox/{id}`.
 */
export const Route = createFileRoute('/me/inbox/contacts')({
  validateSearch: parseContactListSearch,
  component: ContactListRoute,
});

function ContactListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OrderFrame>
      <ContactGate>
        {(userId) => (
          <ContactListPage
            userId={userId}
            search={search}
            // Typing refines the current entry; a page is a step back can undo.
            onSearchChange={(next) => void navigate({ search: next, replace: next.ContactList !== search.ContactList })}
            detailHref={(id) => `/me/inbox/${encodeURIComponent(id)}`}
          />
        )}
      </ContactGate>
    </OrderFrame>
  );
}
