import { Avatar, Badge, Button, Group, Indicator, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFile, IconMessages, IconPhoto, IconSearch, IconVideo } from '@tabler/icons-react';
import type { Conversation, ConversationProfile } from '@vitrina/contracts';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDate } from '@/lib/dates';
import { conversationsQueryOptions, findPeople, inboxKeys, openConversation } from '../api/inbox';
import { localDay, mergeConversations } from '../domain/conversations';
import { useInboxT } from '../i18n/texts';
import classes from './inbox.module.css';

/** spec 2 §4, §9: the conversation filter waits 200 ms. */
export const CONVERSATION_FILTER_DEBOUNCE_MS = 200;

const MEDIA_ICONS = { image: IconPhoto, video: IconVideo, file: IconFile } as const;

function Teaser({ c, userId }: { c: Conversation; userId: string }) {
  const { t } = useInboxT();
  const mine = c.last_message_sender === userId ? t('list.you') : '';
  // a media message shows its labelled icon (and its caption, when it has one)
  if (c.last_message_kind && c.last_message_kind !== 'text') {
    const Icon = MEDIA_ICONS[c.last_message_kind];
    return (
      <Group gap={4} wrap="nowrap" data-testid="inbox-teaser">
        <Text size="sm" c="dimmed">
          {mine}
        </Text>
        <Icon size={14} aria-label={t(`media.${c.last_message_kind}`)} role="img" />
        <Text size="sm" c="dimmed" truncate="end">
          {c.last_message_teaser || t(`media.${c.last_message_kind}`)}
        </Text>
      </Group>
    );
  }
  return (
    <Text size="sm" c="dimmed" truncate="end">
      {mine}
      {c.last_message_teaser ?? ''}
    </Text>
  );
}

export function ProfileAvatar({ profile, size = 40 }: { profile: Pick<ConversationProfile, 'name' | 'images' | 'online'>; size?: number }) {
  return (
    <Indicator color="green" size={10} offset={4} position="bottom-end" disabled={!profile.online} withBorder>
      <Avatar src={profile.images[0] ?? null} alt="" name={profile.name || undefined} color="initials" radius="xl" size={size} />
    </Indicator>
  );
}

interface Props {
  userId: string;
  currentId: string | null;
  onOpen: (conversation: Conversation) => void;
  /** Whether the live stream is up: while it is not, the list is read again every 10 s (the spec's polling fallback). */
  live?: boolean;
}

const POLL_MS = 10_000;

/**
 * spec 2 §2 'Chat inbox', §4 'Conversation list': the user's conversations, newest message first, 10 at a time
 * ('more' loads the next, merged without duplicates); the search waits 200 ms and the server matches every word as a
 * prefix. When nothing matches, the shops whose owner matches are offered to start a conversation with.
 */
export function ConversationList({ userId, currentId, onOpen, live = true }: Props) {
  const { t, i18n } = useInboxT();
  const [text, setText] = useState('');
  // a message of today shows its time, an older one its date
  const [today] = useState(() => localDay(new Date().toISOString()));
  const [filter] = useDebouncedValue(text.trim(), CONVERSATION_FILTER_DEBOUNCE_MS);
  const query = useInfiniteQuery({ ...conversationsQueryOptions(userId, filter), refetchInterval: live ? false : POLL_MS });
  const conversations = useMemo(() => mergeConversations(...(query.data?.pages.map((p) => p.results) ?? [])), [query.data]);
  const noMatches = Boolean(filter) && query.isSuccess && conversations.length === 0;
  const people = useQuery({
    queryKey: inboxKeys.people(userId, filter),
    queryFn: () => findPeople(userId, filter),
    enabled: noMatches,
  });
  const start = useMutation({
    mutationFn: (peer: string) => openConversation(userId, peer),
    onSuccess: (conversation) => {
      setText('');
      onOpen(conversation);
    },
  });

  let body;
  if (query.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t('list.loading')}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} h={56} radius="sm" />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    // spec 2 §8: conversation loading errors are not shouted; a quiet line with a retry
    body = (
      <Text size="sm" c="dimmed" p="sm" data-testid="inbox-list-error">
        {t('list.error')}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void query.refetch()}>
          ↻
        </Button>
      </Text>
    );
  } else if (noMatches) {
    body = (
      <Stack gap="xs" p="xs" data-testid="inbox-people">
        <Text size="sm" c="dimmed">
          {t('list.noMatches', { filter })}
        </Text>
        <Text size="xs" fw={600} tt="uppercase" c="dimmed">
          {t('list.people')}
        </Text>
        {people.isPending && <Skeleton h={48} />}
        {people.data?.results.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('list.noPeople')}
          </Text>
        )}
        {people.data?.results.map((p) => (
          <UnstyledButton
            key={p.id}
            className={classes.row}
            onClick={() => start.mutate(p.id)}
            disabled={start.isPending}
            aria-label={t('list.startWith', { name: p.name })}
            data-testid="inbox-person"
          >
            <Group gap="sm" wrap="nowrap">
              <ProfileAvatar profile={p} />
              <Text fw={600} size="sm" truncate="end">
                {p.name}
              </Text>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    );
  } else if (conversations.length === 0) {
    body = (
      <Stack align="center" gap={4} p="lg" data-testid="inbox-empty">
        <IconMessages size={36} stroke={1.5} aria-hidden />
        <Text fw={600} ta="center">
          {t('list.empty')}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('list.emptyText')}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <Stack gap={2} component="ul" className={classes.list} aria-label={t('title')}>
        {conversations.map((c) => (
          <li key={c.id}>
            <UnstyledButton
              className={classes.row}
              data-active={c.id === currentId || undefined}
              aria-current={c.id === currentId ? 'true' : undefined}
              onClick={() => onOpen(c)}
              data-testid="inbox-conversation"
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ProfileAvatar profile={c.profile} />
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text fw={c.pending > 0 ? 700 : 600} size="sm" truncate="end">
                      {c.peer_name}
                    </Text>
                    {c.last_message_date && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {localDay(c.last_message_date) === today
                          ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(c.last_message_date))
                          : formatDate(c.last_message_date, i18n.language)}
                      </Text>
                    )}
                  </Group>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <Teaser c={c} userId={userId} />
                    </div>
                    {c.pending > 0 && (
                      <Badge size="sm" circle aria-label={t('list.unread', { count: c.pending })} data-testid="inbox-unread">
                        {c.pending}
                      </Badge>
                    )}
                  </Group>
                </Stack>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="sm" h="100%">
      <TextInput
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        placeholder={t('list.search')}
        aria-label={t('list.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        data-testid="inbox-filter"
      />
      <div className={classes.scroll}>
        {body}
        {query.hasNextPage && (
          <Button variant="subtle" fullWidth mt="xs" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('list.more')}
          </Button>
        )}
      </div>
    </Stack>
  );
}
