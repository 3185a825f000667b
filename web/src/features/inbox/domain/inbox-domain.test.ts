import type { Conversation, Message } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { chatOrder, dayLabel, localDay, mergeConversations, parseTag, tagFromSearch, withDaySeparators } from './conversations';
import { parseLiveFrames } from './live-frames';

const conversation = (id: string, last: string | null, updated = last ?? '2026-11-01T00:00:00.000Z'): Conversation => ({
  id,
  key: `a:${id}`,
  profile: { id: `p-${id}`, name: id, images: [], main_type: null, slug: null, heartbeat: null, online: false },
  peer_name: id,
  pending: 0,
  last_message_teaser: null,
  last_message_sender: null,
  last_message_kind: null,
  last_message_date: last,
  updated_at: updated,
  created_at: '2026-11-01T00:00:00.000Z',
  visibility_ids: ['me', `p-${id}`],
});

const message = (id: string, at: string): Message => ({
  id,
  conversation_id: 'c',
  owner: 'me',
  peer_name: 'Yo',
  body: id,
  kind: 'text',
  media: null,
  tags: [],
  created_at: at,
  date: at,
});

describe('the conversation list (spec 2 §4)', () => {
  it('merges pages without duplicates, the newer copy winning, sorted by the latest message', () => {
    const merged = mergeConversations(
      [conversation('a', '2026-11-20T10:00:00.000Z'), conversation('b', '2026-11-21T10:00:00.000Z')],
      [conversation('a', '2026-11-22T10:00:00.000Z'), conversation('c', null, '2026-11-19T00:00:00.000Z')],
    );
    expect(merged.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(merged[0]?.last_message_date).toBe('2026-11-22T10:00:00.000Z');
  });
});

describe('the chat', () => {
  it('orders messages oldest first without duplicates, and puts a separator before each day', () => {
    const a = message('a', '2026-11-20T10:00:00.000Z');
    const b = message('b', '2026-11-20T11:00:00.000Z');
    const c = message('c', '2026-11-22T09:00:00.000Z');
    const ordered = chatOrder([c, b], [b, a]);
    expect(ordered.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    const rows = withDaySeparators(ordered);
    expect(rows.map((r) => (r.kind === 'day' ? `day ${r.day}` : r.message.id))).toEqual([
      `day ${localDay(a.created_at)}`,
      'a',
      'b',
      `day ${localDay(c.created_at)}`,
      'c',
    ]);
  });

  it('names today and yesterday', () => {
    const now = new Date(2026, 10, 26, 15, 0);
    expect(dayLabel('2026-11-26', now)).toBe('today');
    expect(dayLabel('2026-11-25', now)).toBe('yesterday');
    expect(dayLabel('2026-11-20', now)).toBe('date');
  });

  it('reads the spec tag shapes and refuses others', () => {
    expect(parseTag('product:o1:i1')).toEqual({ type: 'product', owner: 'o1', id: 'i1' });
    expect(parseTag('service:o1:i1')).toEqual({ type: 'service', owner: 'o1', id: 'i1' });
    expect(parseTag('order:o1:demo:ord1')).toEqual({ type: 'order', owner: 'o1', shop: 'demo', order: 'ord1' });
    for (const bad of ['product:o1', 'order:o1:x', 'ticket:a:b', 'product::i1', '']) expect(parseTag(bad)).toBeNull();
    expect(tagFromSearch('product:o1:i1')).toBe('product:o1:i1');
    expect(tagFromSearch('nope')).toBeUndefined();
    expect(tagFromSearch(42)).toBeUndefined();
  });
});

describe('the live stream frames', () => {
  it('reads message and conversation events across chunks, skipping pings, unknown events and bad JSON', () => {
    const c = conversation('a', '2026-11-20T10:00:00.000Z');
    const m = message('m1', '2026-11-20T10:00:00.000Z');
    const text =
      `: ping\n\n` +
      `event: message\ndata: ${JSON.stringify({ conversation: c, message: m })}\n\n` +
      `event: other\ndata: {}\n\n` +
      `event: conversation\ndata: {not json}\n\n` +
      `event: conversation\r\ndata: ${JSON.stringify(c)}\r\n\r\n` +
      `event: message\ndata: {"conver`;
    const first = parseLiveFrames(text.slice(0, 40));
    expect(first.frames).toEqual([]);
    const all = parseLiveFrames(first.rest + text.slice(40));
    expect(all.frames).toEqual([
      { event: 'message', data: { conversation: c, message: m } },
      { event: 'conversation', data: c },
    ]);
    expect(all.rest).toBe('event: message\ndata: {"conver');
  });

  it('does not take a CRLF split between two chunks for the end of a frame', () => {
    const c = conversation('a', '2026-11-20T10:00:00.000Z');
    const first = parseLiveFrames(`data: ${JSON.stringify(c)}\r`);
    expect(first.frames).toEqual([]);
    const second = parseLiveFrames(`${first.rest}\nevent: conversation\r\n\r\n`);
    expect(second.frames).toEqual([{ event: 'conversation', data: c }]);
    expect(second.rest).toBe('');
  });
});
