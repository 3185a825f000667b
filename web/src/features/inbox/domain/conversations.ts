import type { Conversation, Message } from '@vitrina/contracts';

/** The list's order (spec 2 §4): the latest message first, then the latest activity. */
function activityOf(c: Conversation): string {
  return c.last_message_date ?? c.updated_at;
}

/**
 * spec 2 §4 'Conversation list': pages merged without duplicates (a newer copy of a conversation wins) and sorted by
 * the latest message date, newest first.
 */
export function mergeConversations(...lists: readonly (readonly Conversation[])[]): Conversation[] {
  const byId = new Map<string, Conversation>();
  for (const list of lists) {
    for (const c of list) {
      const known = byId.get(c.id);
      if (!known || c.updated_at >= known.updated_at) byId.set(c.id, c);
    }
  }
  return [...byId.values()].sort((a, b) => activityOf(b).localeCompare(activityOf(a)) || b.id.localeCompare(a.id));
}

/** Messages oldest first (the chat's reading order), without duplicates: a live copy and a fetched one are one message. */
export function chatOrder(...lists: readonly (readonly Message[])[]): Message[] {
  const byId = new Map<string, Message>();
  for (const list of lists) for (const m of list) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** The local calendar day of a moment (`YYYY-MM-DD`), for the chat's date separators. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export type ChatRow = { kind: 'day'; day: string } | { kind: 'message'; message: Message };

/** The chat's rows: a date separator before the first message of each day (spec 2 §2 'Chat inbox'). */
export function withDaySeparators(messages: readonly Message[]): ChatRow[] {
  const rows: ChatRow[] = [];
  let day: string | undefined;
  for (const message of messages) {
    const d = localDay(message.created_at);
    if (d !== day) rows.push({ kind: 'day', day: (day = d) });
    rows.push({ kind: 'message', message });
  }
  return rows;
}

/** How a day separator reads: 'today', 'yesterday', or the date. */
export function dayLabel(day: string, now: Date = new Date()): 'today' | 'yesterday' | 'date' {
  const today = localDay(now.toISOString());
  const yesterday = localDay(new Date(now.getTime() - 24 * 3600_000).toISOString());
  return day === today ? 'today' : day === yesterday ? 'yesterday' : 'date';
}

/** spec 2 §3 tag shapes: what a tag card shows and links to. */
export type MessageTag =
  { type: 'product' | 'service'; owner: string; id: string } | { type: 'order'; owner: string; shop: string; order: string };

export function parseTag(tag: string): MessageTag | null {
  const parts = tag.split(':');
  if ((parts[0] === 'product' || parts[0] === 'service') && parts.length === 3 && parts[1] && parts[2]) {
    return { type: parts[0], owner: parts[1], id: parts[2] };
  }
  if (parts[0] === 'order' && parts.length === 4 && parts[1] && parts[2] && parts[3]) {
    return { type: 'order', owner: parts[1], shop: parts[2], order: parts[3] };
  }
  return null;
}

/** A tag to carry into the composer from an ask button (`?tag=`), when it has one of the spec's shapes. */
export function tagFromSearch(value: unknown): string | undefined {
  return typeof value === 'string' && parseTag(value) ? value : undefined;
}
