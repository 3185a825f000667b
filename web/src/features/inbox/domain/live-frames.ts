import type { Conversation, LiveMessageEvent } from '@vitrina/contracts';

/** One event of the live stream (issue 15; contract `conversations.ts`): a message, or a conversation changed. */
export type LiveFrame = { event: 'message'; data: LiveMessageEvent } | { event: 'conversation'; data: Conversation };

/**
 * Reads server-sent events out of a growing text buffer: returns the complete frames and the unfinished rest.
 * Comments (`: ping`) and events this client does not know are skipped; a frame whose data is not JSON is dropped.
 */
export function parseLiveFrames(buffer: string): { frames: LiveFrame[]; rest: string } {
  const frames: LiveFrame[] = [];
  // a chunk ending in '\r' may be half of a '\r\n': it waits for the next chunk before it counts as a line end
  const held = buffer.endsWith('\r') ? '\r' : '';
  const text = (held ? buffer.slice(0, -1) : buffer).replace(/\r\n?/g, '\n');
  let start = 0;
  for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n', start)) {
    const block = text.slice(start, end);
    start = end + 2;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0 || (event !== 'message' && event !== 'conversation')) continue;
    try {
      frames.push({ event, data: JSON.parse(data.join('\n')) });
    } catch {
      // an unreadable frame: the polling fallback will bring its change
    }
  }
  return { frames, rest: text.slice(start) + held };
}
