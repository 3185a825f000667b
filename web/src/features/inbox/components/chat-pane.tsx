import { ActionIcon, Alert, Anchor, Button, CloseButton, Group, Loader, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDebouncedCallback, useInterval } from '@mantine/hooks';
import { IconArrowLeft, IconFile, IconPhoto, IconSend, IconVideo, IconWifiOff } from '@tabler/icons-react';
import { ConversationLimits, type Conversation, type Message } from '@vitrina/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { isApiError } from '@/api/client';
import { useSession } from '@/lib/session/use-session';
import { formatDate, formatDateTime } from '@/lib/dates';
import { IdempotencyKeys } from '@/lib/idempotency-keys';
import {
  conversationQueryOptions,
  heartbeat,
  inboxKeys,
  markRead,
  messagesQueryOptions,
  sendMessage,
  withConversation,
  withMessage,
} from '../api/inbox';
import { chatOrder, dayLabel, withDaySeparators } from '../domain/conversations';
import { useInboxT } from '../i18n/texts';
import { ProfileAvatar } from './conversation-list';
import classes from './inbox.module.css';
import { MessageTagCard } from './message-tag';

/** spec 2 §9: history loads within 100 px of the top, debounced 200 ms. */
export const HISTORY_TRIGGER_PX = 100;
export const HISTORY_DEBOUNCE_MS = 200;
/** While the live stream is down, the open chat is read again this often (spec 2: polling is the fallback). */
export const POLL_MS = 10_000;

const MEDIA_ICONS = { image: IconPhoto, video: IconVideo, file: IconFile } as const;

function Bubble({ message, mine, userId, shopSlug }: { message: Message; mine: boolean; userId: string; shopSlug: string | null }) {
  const { t, i18n } = useInboxT();
  const Icon = message.media ? MEDIA_ICONS[message.media.kind] : null;
  return (
    <Stack gap={4} className={classes.bubble} data-mine={mine || undefined} data-testid="chat-message">
      {message.tags.map((tag) => (
        <MessageTagCard key={tag} tag={tag} userId={userId} shopSlug={shopSlug} />
      ))}
      {message.media && Icon && (
        <Anchor href={message.media.url} target="_blank" rel="noopener" c="inherit" underline="always">
          <Group gap={4} wrap="nowrap">
            <Icon size={16} aria-hidden />
            <span>
              {t(`media.${message.media.kind}`)}: {message.media.name}
            </span>
          </Group>
        </Anchor>
      )}
      {message.body && <span data-testid="chat-message-body">{message.body}</span>}
      <Text size="xs" opacity={0.7} ta="right" component="time" dateTime={message.created_at}>
        {new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(message.created_at))}
      </Text>
    </Stack>
  );
}

interface Props {
  userId: string;
  conversationId: string;
  /** The list's copy, shown at once while the conversation loads. */
  initial?: Conversation;
  /** Whether the live stream is up: while it is not, the chat polls. */
  live: boolean;
  /** A tag carried in from an ask button (`?tag=`): it goes with the next message. */
  tag?: string;
  onTagDone?: () => void;
  /** On phones: back to the list. */
  backHref?: string;
}

/**
 * spec 2 §2 'Chat inbox', §4: one conversation: the peer with the online dot (or when they were last seen), the
 * messages oldest first with date separators, tag cards and media icons; older messages load near the top; opening
 * it resets its pending count (PATCH), and a heartbeat goes every 300000 ms while it is open. The composer sends with
 * Enter (Shift+Enter: a new line) and an Idempotency-Key, so a retry never sends twice.
 */
export function ChatPane({ userId, conversationId, initial, live, tag, onTagDone, backHref }: Props) {
  const { t, i18n } = useInboxT();
  const client = useQueryClient();
  const session = useSession();
  const conversation = useQuery({
    ...conversationQueryOptions(userId, conversationId),
    initialData: initial,
    refetchInterval: live ? false : POLL_MS,
    // a conversation that is not theirs (404) stays so: no retries
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 3,
  });
  // a product tag links into the seller's shop: the peer's when they sell, else the user's own
  const shopSlug = conversation.data?.profile.slug ?? session.profile?.store_slug ?? null;
  const history = useInfiniteQuery({ ...messagesQueryOptions(userId, conversationId), refetchInterval: live ? false : POLL_MS });
  const messages = useMemo(() => chatOrder(...(history.data?.pages.map((p) => p.results) ?? [])), [history.data]);
  const rows = useMemo(() => withDaySeparators(messages), [messages]);
  const scroller = useRef<HTMLDivElement>(null);
  const keys = useRef(new IdempotencyKeys());
  const [text, setText] = useState('');
  const [pendingTag, setPendingTag] = useState<string | undefined>(tag);
  // a new tag from the route (another ask) replaces the pending one
  const [routeTag, setRouteTag] = useState(tag);
  if (tag !== routeTag) {
    setRouteTag(tag);
    setPendingTag(tag);
  }
  // 'today' and 'yesterday' as of when the chat opened
  const [now] = useState(() => new Date());

  // opening it (and every new message while it is open) reads it: pending back to 0
  const pending = conversation.data?.pending ?? 0;
  useEffect(() => {
    if (pending === 0) return;
    void markRead(userId, conversationId)
      .then((c) => {
        client.setQueryData(inboxKeys.conversation(userId, conversationId), c);
        client.setQueryData(inboxKeys.list(userId, ''), (data: Parameters<typeof withConversation>[0]) => withConversation(data, c));
        void client.invalidateQueries({ queryKey: inboxKeys.unread(userId) });
      })
      .catch(() => undefined);
  }, [client, conversationId, userId, pending]);

  // spec 2 §4: the heartbeat while a conversation is open
  useEffect(() => void heartbeat(userId).catch(() => undefined), [userId]);
  useInterval(() => void heartbeat(userId).catch(() => undefined), ConversationLimits.heartbeatEveryMs, { autoInvoke: true });

  // newest at the bottom: follow new messages when already near the bottom; keep the position when older ones load
  const lastId = messages.at(-1)?.id;
  const firstId = messages[0]?.id;
  const previous = useRef<{ firstId?: string; height: number }>({ height: 0 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = previous.current;
    if (before.firstId && firstId !== before.firstId && lastId) {
      el.scrollTop += el.scrollHeight - before.height; // older messages came in above
    } else {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = { firstId, height: el.scrollHeight };
  }, [firstId, lastId]);

  const loadOlder = useDebouncedCallback(() => {
    const el = scroller.current;
    if (el && el.scrollTop <= HISTORY_TRIGGER_PX && history.hasNextPage && !history.isFetchingNextPage) void history.fetchNextPage();
  }, HISTORY_DEBOUNCE_MS);

  const send = useMutation({
    mutationFn: (input: { body: string; tags?: string[] }) =>
      sendMessage(userId, conversationId, input, keys.current.keyFor(conversationId, input)),
    onSuccess: (message) => {
      keys.current.settle(conversationId);
      setText('');
      setPendingTag(undefined);
      onTagDone?.();
      client.setQueryData(inboxKeys.messages(userId, conversationId), (data: Parameters<typeof withMessage>[0]) =>
        withMessage(data, message),
      );
      void client.invalidateQueries({ queryKey: inboxKeys.conversation(userId, conversationId) });
      void client.invalidateQueries({ queryKey: ['inbox', userId, 'list'] });
    },
  });
  const body = text.trim();
  const tooLong = text.length > ConversationLimits.bodyMax;
  const submit = () => {
    if (!body || tooLong || send.isPending) return;
    send.mutate({ body, ...(pendingTag ? { tags: [pendingTag] } : {}) });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  if (conversation.isError && isApiError(conversation.error) && conversation.error.status === 404) {
    return (
      <Alert color="gray" data-testid="chat-not-found">
        {t('chat.notFound')}
      </Alert>
    );
  }
  const c = conversation.data;
  const dayText = (day: string) => {
    const label = dayLabel(day, now);
    return label === 'date' ? formatDate(`${day}T12:00:00`, i18n.language) : t(`chat.${label}`);
  };
  const left = ConversationLimits.bodyMax - text.length;

  return (
    <Stack gap="xs" h="100%" data-testid="chat-pane">
      <Group gap="sm" wrap="nowrap">
        {backHref && (
          <ActionIcon component="a" href={backHref} variant="subtle" size="lg" aria-label={t('chat.back')}>
            <IconArrowLeft size={20} aria-hidden />
          </ActionIcon>
        )}
        {c ? (
          <>
            <ProfileAvatar profile={c.profile} size={36} />
            <div style={{ minWidth: 0 }}>
              <Title order={2} size="h5" lineClamp={1} data-testid="chat-peer">
                {c.peer_name}
              </Title>
              <Text size="xs" c={c.profile.online ? 'green' : 'dimmed'} data-testid="chat-presence">
                {c.profile.online
                  ? t('chat.online')
                  : c.profile.heartbeat
                    ? t('chat.lastSeen', { when: formatDateTime(c.profile.heartbeat, i18n.language) })
                    : t('chat.neverSeen')}
              </Text>
            </div>
          </>
        ) : (
          <Skeleton h={36} w={200} />
        )}
      </Group>
      {!live && (
        <Group gap={6} wrap="nowrap">
          <IconWifiOff size={14} aria-hidden />
          <Text size="xs" c="dimmed">
            {t('chat.offline')}
          </Text>
        </Group>
      )}
      <div ref={scroller} className={classes.messages} onScroll={loadOlder} aria-live="polite" data-testid="chat-messages">
        {history.isFetchingNextPage && <Loader size="sm" mx="auto" aria-label={t('chat.older')} />}
        {history.isPending && (
          <Stack gap="xs" aria-busy="true" aria-label={t('chat.loading')}>
            <Skeleton h={36} w="60%" />
            <Skeleton h={36} w="50%" ml="auto" />
            <Skeleton h={36} w="40%" />
          </Stack>
        )}
        {history.isError && (
          <Text size="sm" c="dimmed">
            {t('chat.error')}{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => void history.refetch()}>
              ↻
            </Button>
          </Text>
        )}
        {history.isSuccess && messages.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" mt="xl" data-testid="chat-empty">
            {t('chat.empty')}
          </Text>
        )}
        {rows.map((row) =>
          row.kind === 'day' ? (
            <div key={`day-${row.day}`} className={classes.day} data-testid="chat-day">
              {dayText(row.day)}
            </div>
          ) : (
            <Bubble key={row.message.id} message={row.message} mine={row.message.owner === userId} userId={userId} shopSlug={shopSlug} />
          ),
        )}
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap={4}>
          {pendingTag && (
            <Group gap="xs" wrap="nowrap" data-testid="composer-tag">
              <Text size="xs" c="dimmed">
                {t('composer.tag')}
              </Text>
              <div style={{ flex: 1, minWidth: 0 }}>
                <MessageTagCard tag={pendingTag} userId={userId} shopSlug={shopSlug} />
              </div>
              <CloseButton size="sm" aria-label={t('composer.removeTag')} onClick={() => setPendingTag(undefined)} />
            </Group>
          )}
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Textarea
              style={{ flex: 1 }}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={onKeyDown}
              placeholder={t('composer.placeholder')}
              aria-label={t('composer.label')}
              autosize
              minRows={1}
              maxRows={5}
              error={tooLong ? t('composer.tooLong', { max: ConversationLimits.bodyMax }) : undefined}
              description={left < 200 && !tooLong ? t('composer.remaining', { count: left }) : undefined}
              data-testid="composer-input"
            />
            <Button
              type="submit"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={send.isPending}
              disabled={!body || tooLong}
              data-testid="composer-send"
            >
              {t('composer.send')}
            </Button>
          </Group>
          {send.isError && (
            <Text size="sm" c="red" role="alert" data-testid="composer-error">
              {t('composer.error')}
            </Text>
          )}
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {t('composer.hint')}
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}
