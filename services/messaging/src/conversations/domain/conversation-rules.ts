import { ConversationErrorCodes, ConversationLimits, MESSAGE_TAG_PATTERN, type MessageKind, type MessageMedia } from '@vitrina/contracts';
import { ValidationError } from '@vitrina/platform';

/** The pair's key: the two user ids sorted and joined by ':' (one conversation per pair, whoever opens it). */
export function pairKey(a: string, b: string): string {
  return [a, b].sort().join(':');
}

/** `\`, `%` and `_` taken literally by LIKE (backslash is PostgreSQL's default escape character). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A filter's words (spaces, at most 10 words): each must start a word of the searched text. */
export function filterWords(filter: string | undefined): string[] {
  return (filter ?? '')
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 10);
}

/** The two LIKE patterns of a word as a prefix: at the start of the text, or after a space. */
export function prefixPatterns(word: string): [string, string] {
  const w = escapeLike(word);
  return [`${w}%`, `% ${w}%`];
}

/** A gallery file's name: `{id}.{ext}` or a size variant `{id}-{width}.webp`. */
const GALLERY_FILE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(?:\.[A-Za-z0-9]{1,8})?$/;

/**
 * A media URL the platform's gallery serves: `/api/gallery/files/{name}` (the local storage, what the store answers
 * by default) or `{GALLERY_PUBLIC_BASE_URL}/{name}` when the gallery lives in a bucket.
 */
export function isGalleryUrl(url: string, publicBases: readonly string[]): boolean {
  if (url.length > ConversationLimits.mediaUrlMax || /\s/.test(url)) return false;
  for (const base of publicBases) {
    const prefix = `${base.replace(/\/+$/, '')}/`;
    if (!url.startsWith(prefix)) continue;
    const rest = url.slice(prefix.length);
    if (GALLERY_FILE.test(rest)) return true;
  }
  return false;
}

export interface CheckedMessage {
  body: string;
  kind: MessageKind;
  media: MessageMedia | null;
  tags: string[];
}

/**
 * The send rules (spec 2 §3 'Message payload', §9): text or media or both, text up to bodyMax characters, up to
 * tagsMax tags in the three shapes, media only from the gallery. Each refusal is a 400 with its own code.
 */
export function checkMessage(
  input: { body: string; media?: { kind: string; url: string; name: string } | undefined; tags?: string[] | undefined },
  galleryBases: readonly string[],
): CheckedMessage {
  const body = input.body;
  if (body.length > ConversationLimits.bodyMax) {
    throw new ValidationError(
      `A message has at most ${ConversationLimits.bodyMax} characters`,
      { body: ['too long'] },
      ConversationErrorCodes.messageTooLong,
    );
  }
  const media = input.media ?? null;
  if (!body.trim() && !media) {
    throw new ValidationError('Write something or attach a file', { body: ['empty'] }, ConversationErrorCodes.messageEmpty);
  }
  if (media) {
    const named = media.name.trim();
    if (!named || named.length > ConversationLimits.mediaNameMax || !isGalleryUrl(media.url, galleryBases)) {
      throw new ValidationError(
        'The attachment must be a file uploaded to the gallery, with a name',
        { media: ['not a gallery file'] },
        ConversationErrorCodes.invalidMedia,
      );
    }
  }
  const tags = [...new Set(input.tags ?? [])];
  if (tags.length > ConversationLimits.tagsMax || tags.some((t) => t.length > ConversationLimits.tagMax || !MESSAGE_TAG_PATTERN.test(t))) {
    throw new ValidationError(
      `At most ${ConversationLimits.tagsMax} tags, each product:{owner}:{id}, service:{owner}:{id} or order:{owner}:{x}:{orderid}`,
      { tags: ['invalid'] },
      ConversationErrorCodes.invalidTag,
    );
  }
  return {
    body,
    kind: media ? (media.kind as MessageKind) : 'text',
    media: media ? { kind: media.kind as MessageMedia['kind'], url: media.url, name: media.name.trim() } : null,
    tags,
  };
}
