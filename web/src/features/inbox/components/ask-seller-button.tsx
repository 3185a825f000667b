import { Button, Text } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { authModal } from '@/lib/auth-modal-store';
import { useSession } from '@/lib/session/use-session';
import { openConversation } from '../api/inbox';
import { useInboxT } from '../i18n/texts';

interface Props {
  /** Who answers: the seller of the item or the order. */
  sellerId: string;
  /** What the question is about (spec 2 §3 tag shape): it goes with the first message. */
  tag: string;
  /** Goes to the conversation (the route's navigation). */
  onOpened: (conversationId: string, tag: string) => void;
}

/**
 * 'Preguntar al vendedor' (issue 15) on item and order pages: opens (or makes) the conversation with the seller and
 * goes to it with the item or the order as a tag for the first message. A visitor signs in first; the seller does not
 * see it on their own things.
 */
export function AskSellerButton({ sellerId, tag, onOpened }: Props) {
  const { t } = useInboxT();
  const session = useSession();
  const userId = session.user?.id ?? null;
  const open = useMutation({
    mutationFn: (me: string) => openConversation(me, sellerId),
    onSuccess: (conversation) => onOpened(conversation.id, tag),
  });
  if (userId === sellerId) return null;
  return (
    <div>
      <Button
        variant="default"
        leftSection={<IconMessageQuestion size={18} aria-hidden />}
        loading={open.isPending}
        onClick={() => (userId ? open.mutate(userId) : authModal.open('login'))}
        data-testid="ask-seller"
      >
        {t('ask.button')}
      </Button>
      {open.isError && (
        <Text size="sm" c="red" role="alert" mt={4}>
          {t('ask.error')}
        </Text>
      )}
    </div>
  );
}
