import { Anchor } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { contactsPath } from '@/features/account-menu/domain/account-links';
import { InboxGate } from '@/features/inbox/components/inbox-gate';
import { InboxPage } from '@/features/inbox/components/inbox-page';
import { RouteLink } from '@/features/contact/components/route-link';
import { useSession } from '@/lib/session/use-session';
import { OrderFrame } from '../../-order-frame';

/**
 * What the three inbox routes render (not a route: the `-` keeps the router plugin from reading it): the inbox in the
 * platform's frame, with the conversation `currentId` open. Opening another goes to its own path.
 */
export function InboxRoute({ currentId, tag }: { currentId: string | null; tag?: string }) {
  const navigate = useNavigate();
  const session = useSession();
  const contactsHref = contactsPath(session.profile?.keychain ?? session.user?.keychain);
  return (
    <OrderFrame>
      <InboxGate>
        {(userId) => (
          <InboxPage
            userId={userId}
            currentId={currentId}
            tag={tag}
            onOpen={(id) => void navigate({ to: '/me/inbox/conversation/$conversationId', params: { conversationId: id } })}
            onTagDone={() =>
              currentId
                ? void navigate({ to: '/me/inbox/conversation/$conversationId', params: { conversationId: currentId }, replace: true })
                : undefined
            }
            contactsHref={contactsHref}
            renderLink={(href, label) => (
              <Anchor component={RouteLink} to={href} size="sm" data-testid="inbox-contacts-link">
                {label}
              </Anchor>
            )}
          />
        )}
      </InboxGate>
    </OrderFrame>
  );
}
