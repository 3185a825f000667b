import { createFileRoute } from '@tanstack/react-router';
import { InboxRoute } from './-inbox-route';

/** spec 2 §2 `/me/inbox/`: the inbox (login required): the conversations, and the chat once one is open. */
export const Route = createFileRoute('/me/inbox/')({
  component: () => <InboxRoute currentId={null} />,
});
