import { Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import type { Conversation } from '@vitrina/contracts';
import { useState, type ReactNode } from 'react';
import { useInboxLive } from '../api/use-inbox-live';
import { useInboxT } from '../i18n/texts';
import { ChatPane } from './chat-pane';
import { ConversationList } from './conversation-list';
import classes from './inbox.module.css';

interface Props {
  userId: string;
  /** The open conversation (`/me/inbox/conversation/{id}`), if any. */
  currentId: string | null;
  /** A tag to send with the next message (`?tag=`, from an ask button). */
  tag?: string;
  /** Opens a conversation: the route decides the URL (the conversation's own path). */
  onOpen: (conversationId: string) => void;
  onTagDone?: () => void;
  /** Where the contact entries are (the owner's tab), when the user has them. */
  contactsHref?: string | null;
  /** Renders a link to another page of the app (the route's router link). */
  renderLink: (href: string, label: string) => ReactNode;
}

/**
 * spec 2 §2 `/me/inbox/`, `/me/inbox/messages`, `/me/inbox/conversation/{id}`: the conversation list on the left and
 * the open chat on the right; on a phone, one at a time (the chat with a back arrow to the list). With no conversation
 * open, a hint to start one by searching. The live stream keeps both up to date while the page is open.
 */
export function InboxPage({ userId, currentId, tag, onOpen, onTagDone, contactsHref, renderLink }: Props) {
  const { t } = useInboxT();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const live = useInboxLive(userId) === 'live';
  const [opened, setOpened] = useState<Conversation | undefined>();
  const open = (c: Conversation) => {
    setOpened(c);
    onOpen(c.id);
  };

  const list = (
    <div className={classes.pane}>
      <ConversationList userId={userId} currentId={currentId} onOpen={open} live={live} />
    </div>
  );
  const chat = currentId ? (
    <div className={classes.pane}>
      <ChatPane
        key={currentId}
        userId={userId}
        conversationId={currentId}
        initial={opened?.id === currentId ? opened : undefined}
        live={live}
        tag={tag}
        onTagDone={onTagDone}
        backHref={phone ? '/me/inbox/messages' : undefined}
      />
    </div>
  ) : (
    <div className={classes.pane} data-testid="inbox-hint">
      <Stack align="center" justify="center" h="100%" gap={6} p="lg">
        <IconMessageCircle size={40} stroke={1.5} aria-hidden />
        <Text fw={600}>{t('chat.hintTitle')}</Text>
        <Text size="sm" c="dimmed" ta="center" maw={360}>
          {t('chat.hint')}
        </Text>
      </Stack>
    </div>
  );

  return (
    <Stack gap="md" data-testid="inbox-page">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        {contactsHref && renderLink(contactsHref, t('tabs.contacts'))}
      </Group>
      <div className={classes.frame}>
        {phone ? (currentId ? chat : list) : list}
        {!phone && chat}
      </div>
    </Stack>
  );
}
