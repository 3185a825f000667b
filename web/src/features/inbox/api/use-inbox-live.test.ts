import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Conversation, ConversationList, Message, MessageList } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { ME } from '@/test/account-fixtures';
import { conversationOf, messageOf } from '../test/fixtures';
import { inboxKeys } from './inbox';
import { applyLiveFrame } from './use-inbox-live';

const conversation = (id: string, pending = 0): Conversation => conversationOf({ id, pending });
const message = (id: string, conversationId: string): Message => messageOf(id, { conversation_id: conversationId });
const pages = <T>(results: T[]) => ({ pages: [{ results, matches_estimated: results.length }], pageParams: [0] });

describe('a live event in the cached inbox (issue 15)', () => {
  it('puts the conversation first in the list and appends the message to its open chat once', () => {
    const client = new QueryClient();
    client.setQueryData(inboxKeys.list(ME, ''), pages([conversation('a'), conversation('b')]));
    client.setQueryData(inboxKeys.messages(ME, 'b'), pages([message('m1', 'b')]));
    const frame = { event: 'message' as const, data: { conversation: conversation('b', 1), message: message('m2', 'b') } };
    applyLiveFrame(client, ME, frame);
    // the same message again (the sender's own copy, a reconnect): no duplicate
    applyLiveFrame(client, ME, frame);
    const list = client.getQueryData<InfiniteData<ConversationList, number>>(inboxKeys.list(ME, ''));
    expect(list?.pages[0]?.results.map((c) => [c.id, c.pending])).toEqual([
      ['b', 1],
      ['a', 0],
    ]);
    const chat = client.getQueryData<InfiniteData<MessageList, number>>(inboxKeys.messages(ME, 'b'));
    expect(chat?.pages[0]?.results.map((m) => m.id)).toEqual(['m2', 'm1']);
    expect(client.getQueryData<Conversation>(inboxKeys.conversation(ME, 'b'))?.pending).toBe(1);
  });

  it('replaces a conversation on a conversation event, adding one the list did not hold', () => {
    const client = new QueryClient();
    client.setQueryData(inboxKeys.list(ME, ''), pages([conversation('a', 3)]));
    applyLiveFrame(client, ME, { event: 'conversation', data: conversation('a', 0) });
    applyLiveFrame(client, ME, { event: 'conversation', data: conversation('c', 2) });
    const list = client.getQueryData<InfiniteData<ConversationList, number>>(inboxKeys.list(ME, ''));
    expect(list?.pages[0]?.results.map((c) => [c.id, c.pending])).toEqual([
      ['c', 2],
      ['a', 0],
    ]);
    expect(list?.pages[0]?.matches_estimated).toBe(2);
  });
});
