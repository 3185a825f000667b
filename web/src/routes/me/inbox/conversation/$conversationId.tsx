import { createFileRoute } from '@tanstack/react-router';
import { tagFromSearch } from '@/features/inbox/domain/conversations';
import { InboxRoute } from '../-inbox-route';

/**
 * spec 2 §2 `/me/inbox/conversation/{conversationID}/` (optional `?key=`): one conversation; on a phone the chat
 * alone with a back arrow, on a wider screen beside the list. `?tag=` (from 'Preguntar al vendedor') goes with the
 * first message.
 */
export const Route = createFileRoute('/me/inbox/conversation/$conversationId')({
  validateSearch: (search: Record<string, unknown>): { key?: string; tag?: string } => ({
    ...(typeof search.key === 'string' && search.key ? { key: search.key } : {}),
    ...(tagFromSearch(search.tag) ? { tag: search.tag as string } : {}),
  }),
  component: ConversationRoute,
});

function ConversationRoute() {
  const { conversationId } = Route.useParams();
  const { tag } = Route.useSearch();
  return <InboxRoute currentId={conversationId} tag={tag} />;
}
