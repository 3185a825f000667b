import { createFileRoute } from '@tanstack/react-router';
import { InboxRoute } from './-inbox-route';

/**
 * spec 2 §2 `/me/inbox/messages`: the two-pane inbox, a searchable conversation list on the left and the chat on the
 * right; with no conversation open, a hint to start one by searching.
 */
export const Route = createFileRoute('/me/inbox/messages')({
  component: () => <InboxRoute currentId={null} />,
});
