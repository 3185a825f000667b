import type { Conversation, ConversationList, Message, MessageList } from '@vitrina/contracts';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ownerSegment } from '@/api/client';
import { sessionStore } from '@/lib/session/session-store';
import { parseLiveFrames, type LiveFrame } from '../domain/live-frames';
import { inboxKeys, withConversation, withMessage } from './inbox';

/** How long the stream waits before it tries again after a failure: 1 s, 2 s, 5 s, then every 10 s. */
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000];

export type LiveState = 'connecting' | 'live' | 'offline';

/** What a live event changes in the cached inbox: the list (unfiltered), the conversation, its history, the count. */
export function applyLiveFrame(client: QueryClient, userId: string, frame: LiveFrame): void {
  const conversation: Conversation = frame.event === 'message' ? frame.data.conversation : frame.data;
  client.setQueryData<InfiniteData<ConversationList, number>>(inboxKeys.list(userId, ''), (data) => withConversation(data, conversation));
  client.setQueryData(inboxKeys.conversation(userId, conversation.id), conversation);
  if (frame.event === 'message') {
    const message: Message = frame.data.message;
    client.setQueryData<InfiniteData<MessageList, number>>(inboxKeys.messages(userId, conversation.id), (data) =>
      withMessage(data, message),
    );
  }
  // a filtered list may now hold it or not: asked again when next shown
  void client.invalidateQueries({
    queryKey: ['inbox', userId, 'list'],
    predicate: (q) => q.queryKey[3] !== '',
  });
  void client.invalidateQueries({ queryKey: inboxKeys.unread(userId) });
}

/**
 * The signed-in user's live stream (issue 15: `GET /api/conversation/{me}:{me}/live`, server-sent events) while the
 * inbox is on screen. Read with fetch, which can send the bearer token (EventSource cannot), and `Accept:
 * text/event-stream`, which the gateway routes outside its bounded connection pool. Each event updates the cached
 * inbox at once; after a failure it reconnects with a backoff, and while it is not live the inbox polls (the
 * spec's fallback: the state says so).
 */
export function useInboxLive(userId: string | null): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const connect = async (): Promise<void> => {
      const token = sessionStore.accessToken();
      try {
        const res = await fetch(`/api/conversation/${encodeURIComponent(ownerSegment(userId))}/live`, {
          headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          signal: controller.signal,
        });
        if (res.status === 401) await sessionStore.refresh();
        if (!res.ok || !res.body) throw new Error(`live stream answered ${res.status}`);
        setState('live');
        attempt = 0;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseLiveFrames(buffer + value);
          buffer = parsed.rest;
          for (const frame of parsed.frames) applyLiveFrame(client, userId, frame);
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (controller.signal.aborted) return;
      setState('offline');
      const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
      attempt += 1;
      timer = setTimeout(() => void connect(), wait);
    };

    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [client, userId]);
  return userId ? state : 'offline';
}
