import {
  ConversationLimits,
  type Conversation,
  type ConversationList,
  type ConversationPeople,
  type Message,
  type MessageList,
} from '@vitrina/contracts';
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';

/**
 * The inbox's calls (issue 15; spec 2 §7 conversation and messages; contract `conversations.ts`). Every path is the
 * signed-in user's own (`{me}:{me}`); a conversation they are not in answers 404.
 */

export const inboxKeys = {
  all: (userId: string) => ['inbox', userId] as const,
  list: (userId: string, filter: string) => ['inbox', userId, 'list', filter] as const,
  conversation: (userId: string, id: string) => ['inbox', userId, 'conversation', id] as const,
  messages: (userId: string, id: string) => ['inbox', userId, 'messages', id] as const,
  unread: (userId: string) => ['inbox', userId, 'unread'] as const,
  people: (userId: string, filter: string) => ['inbox', userId, 'people', filter] as const,
};

const me = (userId: string) => ownerSegment(userId);

export function listConversations(userId: string, offset: number, filter: string): Promise<ConversationList> {
  return unwrap(
    api.GET('/api/conversation/{me}/conversation', {
      params: {
        path: { me: me(userId) },
        query: { offset, limit: ConversationLimits.conversationPage, ...(filter ? { filter } : {}) },
      },
    }),
  );
}

/** spec 2 §4: 10 at a time, the next page's offset is how many are loaded. */
export function conversationsQueryOptions(userId: string, filter: string) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.list(userId, filter),
    queryFn: ({ pageParam }) => listConversations(userId, pageParam, filter),
    initialPageParam: 0,
    getNextPageParam: (last: ConversationList, pages: ConversationList[]) => {
      const loaded = pages.reduce((n, p) => n + p.results.length, 0);
      return last.results.length > 0 && loaded < last.matches_estimated ? loaded : undefined;
    },
  });
}

export function getConversation(userId: string, id: string): Promise<Conversation> {
  return unwrap(api.GET('/api/conversation/{me}/conversation/{id}', { params: { path: { me: me(userId), id } } }));
}

export function conversationQueryOptions(userId: string, id: string) {
  return queryOptions({ queryKey: inboxKeys.conversation(userId, id), queryFn: () => getConversation(userId, id) });
}

/** The conversation with `peer`, made when missing (PUT answers the existing one). */
export function openConversation(userId: string, peer: string): Promise<Conversation> {
  return unwrap(api.PUT('/api/conversation/{me}/conversation', { params: { path: { me: me(userId) } }, body: { peer } }));
}

/** spec 2 §4: opening a conversation resets its pending count. */
export function markRead(userId: string, id: string): Promise<Conversation> {
  return unwrap(api.PATCH('/api/conversation/{me}/conversation/{id}', { params: { path: { me: me(userId), id } }, body: { pending: 0 } }));
}

export function unreadCount(userId: string): Promise<{ pending: number }> {
  return unwrap(api.GET('/api/conversation/{me}/unread', { params: { path: { me: me(userId) } } }));
}

export function heartbeat(userId: string): Promise<{ heartbeat: string }> {
  return unwrap(api.PUT('/api/conversation/{me}/heartbeat', { params: { path: { me: me(userId) } } }));
}

export function findPeople(userId: string, filter: string): Promise<ConversationPeople> {
  return unwrap(
    api.GET('/api/conversation/{me}/people', {
      params: { path: { me: me(userId) }, query: { filter, limit: ConversationLimits.peopleMax } },
    }),
  );
}

export function listMessages(userId: string, conversation: string, offset: number): Promise<MessageList> {
  return unwrap(
    api.GET('/api/messages/{me}/messages/{conversation}/{type}', {
      params: {
        path: { me: me(userId), conversation, type: 'all' },
        query: { offset, limit: ConversationLimits.messagePage },
      },
    }),
  );
}

/** spec 2 §4 history: newest first from the server, 20 at a time, the next offset is how many are loaded. */
export function messagesQueryOptions(userId: string, conversation: string) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.messages(userId, conversation),
    queryFn: ({ pageParam }) => listMessages(userId, conversation, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: MessageList, pages: MessageList[]) => {
      const loaded = pages.reduce((n, p) => n + p.results.length, 0);
      return last.results.length > 0 && loaded < last.matches_estimated ? loaded : undefined;
    },
  });
}

/** Sends a message with its Idempotency-Key: a retry with the same key answers the first message. */
export function sendMessage(userId: string, conversation: string, body: { body: string; tags?: string[] }, key: string): Promise<Message> {
  return unwrap(
    api.POST('/api/messages/{me}/messages/{conversation}', {
      params: { path: { me: me(userId), conversation }, header: { 'Idempotency-Key': key } },
      body,
    }),
  );
}

/** A conversation put first in the unfiltered list's cache (a new message, a read), taken out of the other pages. */
export function withConversation(data: InfiniteData<ConversationList, number> | undefined, c: Conversation) {
  if (!data) return data;
  const known = data.pages.some((p) => p.results.some((r) => r.id === c.id));
  return {
    ...data,
    pages: data.pages.map((page, i) => ({
      ...page,
      results: i === 0 ? [c, ...page.results.filter((r) => r.id !== c.id)] : page.results.filter((r) => r.id !== c.id),
      matches_estimated: page.matches_estimated + (known ? 0 : 1),
    })),
  };
}

/** A message added to a conversation's cached history (newest first), once. */
export function withMessage(data: InfiniteData<MessageList, number> | undefined, m: Message) {
  if (!data || data.pages.some((p) => p.results.some((r) => r.id === m.id))) return data;
  return {
    ...data,
    pages: data.pages.map((page, i) => ({
      ...page,
      results: i === 0 ? [m, ...page.results] : page.results,
      matches_estimated: page.matches_estimated + 1,
    })),
  };
}
