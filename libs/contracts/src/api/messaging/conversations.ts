import { z } from 'zod';
import { listOf } from '../list.js';

/**
 * The inbox between shoppers and sellers (issue 15; spec 2 §2 '/me/inbox/messages', 'Chat inbox', §3 'Conversation',
 * 'Message', 'Message payload', §4 'Conversation list', 'Online', §7 conversation and messages calls, §9 limits).
 *
 * A conversation joins exactly two users (`visibility_ids`); there is one per pair, whatever it is about: what a
 * message is about travels in its tags (`product:{owner}:{id}`, `service:{owner}:{id}`, `order:{owner}:{x}:{orderid}`).
 * Every answer is seen from the caller's side: `profile` and `peer_name` are the other participant, `pending` the
 * caller's unread count. A user reads only conversations whose `visibility_ids` include them; anyone else's id is 404.
 *
 * Routes (groups `conversation` and `messages`, all `@OwnerPath`: 401 without a token, 403 on someone else's `{me}`):
 * - `GET  /conversation/{me}:{key}/conversation?offset=&limit=&filter=` newest activity first (`-updated_at`), 10 by
 *   default; `filter`'s words become prefix wildcards joined by 'and' over the peer's name and the last teaser;
 * - `PUT  /conversation/{me}:{key}/conversation` body `{ peer }`: the conversation with that user, made when missing
 *   (201) or the existing one (200);
 * - `GET  /conversation/{me}:{key}/conversation/{id}` one;
 * - `PATCH /conversation/{me}:{key}/conversation/{id}` body `{ pending: 0 }`: the caller has read it;
 * - `GET  /conversation/{me}:{key}/unread` `{ pending }`: unread messages over all the caller's conversations;
 * - `PUT  /conversation/{me}:{key}/heartbeat` `{ heartbeat }`: the caller is here (spec 2 §4: every 300000 ms while a
 *   conversation is open; online = a heartbeat or an open live stream within 5 minutes);
 * - `GET  /conversation/{me}:{key}/people?filter=&limit=` sellers (shop owners) to start a conversation with, when no
 *   conversation matches the filter (spec 2 §7 'profile-list-public: fallback when no conversation matches');
 * - `GET  /conversation/{me}:{key}/live` Server-Sent Events for the caller: `message` ({@link LiveMessageEvent}) when a
 *   message reaches one of their conversations (theirs included, so other tabs follow), `conversation`
 *   ({@link Conversation}) when one changes without a message (read elsewhere); a `: ping` comment every 15 s;
 * - `GET  /messages/{me}:{key}/messages/{conversation}/{type}?offset=&limit=&tags=&filter=` newest first, 20 by default
 *   (`type`: all, text or media; `tags`: comma-separated, a message carrying any of them);
 * - `POST /messages/{me}:{key}/messages/{conversation}` body {@link MessageInput}, optional `Idempotency-Key` (a retry
 *   with the same key answers the first message and adds nothing) → 201 the message.
 */

export const ConversationLimits = {
  /** spec 2 §9: 10 conversations, 20 messages by default. */
  conversationPage: 10,
  conversationPageMax: 50,
  messagePage: 20,
  messagePageMax: 100,
  filterMax: 100,
  /** A message's text; longer is 400 `message_too_long`. */
  bodyMax: 4000,
  /** spec 2 §6 'Conversation teaser is the first 50 characters with markup stripped'. */
  teaserMax: 50,
  tagsMax: 5,
  tagMax: 200,
  mediaNameMax: 200,
  mediaUrlMax: 2000,
  peopleMax: 20,
  /** spec 2 §4, §9. */
  heartbeatEveryMs: 300_000,
  onlineWithinMs: 5 * 60_000,
  /** The live stream's keep-alive comment. */
  livePingMs: 15_000,
} as const;

/** The `{type}` of the messages route. */
export const MESSAGE_LIST_TYPES = ['all', 'text', 'media'] as const;
export type MessageListType = (typeof MESSAGE_LIST_TYPES)[number];

/** spec 2 §3: media bodies (image, video, file) are shown as labelled icons. */
export const MEDIA_KINDS = ['image', 'video', 'file'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MESSAGE_KINDS = ['text', ...MEDIA_KINDS] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** spec 2 §3 tag shapes. Ids are the platform's ids: letters, digits, `_` and `-`. */
export const MESSAGE_TAG_PATTERN = /^(?:(?:product|service):[\w-]{1,64}:[\w-]{1,64}|order:[\w-]{1,64}:[\w-]{1,64}:[\w-]{1,64})$/;

export const ConversationErrorCodes = {
  conversationNotFound: 'conversation_not_found',
  /** PUT with the caller's own id. */
  cannotMessageSelf: 'cannot_message_self',
  /** PUT with an id messaging does not know. */
  peerNotFound: 'peer_not_found',
  /** No text and no media. */
  messageEmpty: 'message_empty',
  messageTooLong: 'message_too_long',
  /** A tag outside the three shapes, or more than tagsMax. */
  invalidTag: 'invalid_tag',
  /** A media URL that is not one of the gallery's. */
  invalidMedia: 'invalid_media',
} as const;

export const ConversationProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    images: z.array(z.string()),
    /** spec 2 §3 'Profile' main_type: `business` for a shop owner, `dssupplier` for a dropshipping supplier, else null. */
    main_type: z.string().nullable(),
    /** The owner's shop, when they have one. */
    slug: z.string().nullable(),
    /** The last heartbeat (or live stream), ISO time; null when never seen. */
    heartbeat: z.string().nullable(),
    /** Heartbeat within ConversationLimits.onlineWithinMs of the answer. */
    online: z.boolean(),
  })
  .meta({ id: 'ConversationProfile' });
export type ConversationProfile = z.infer<typeof ConversationProfileSchema>;

export const ConversationSchema = z
  .object({
    id: z.string(),
    /** The pair's key (the two user ids, sorted, joined by ':'): one conversation per pair. */
    key: z.string(),
    /** The other participant. */
    profile: ConversationProfileSchema,
    peer_name: z.string(),
    /** The caller's unread messages. */
    pending: z.number().int(),
    last_message_teaser: z.string().nullable(),
    /** The id of who wrote the last message. */
    last_message_sender: z.string().nullable(),
    last_message_kind: z.enum(MESSAGE_KINDS).nullable(),
    last_message_date: z.string().nullable(),
    updated_at: z.string(),
    created_at: z.string(),
    visibility_ids: z.array(z.string()),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationListSchema = listOf(ConversationSchema).meta({ id: 'ConversationList' });
export type ConversationList = z.infer<typeof ConversationListSchema>;

export const MessageMediaSchema = z.object({ kind: z.enum(MEDIA_KINDS), url: z.string(), name: z.string() }).meta({ id: 'MessageMedia' });
export type MessageMedia = z.infer<typeof MessageMediaSchema>;

export const MessageSchema = z
  .object({
    id: z.string(),
    conversation_id: z.string(),
    /** The sender's user id. */
    owner: z.string(),
    /** The sender's name when it was sent. */
    peer_name: z.string(),
    body: z.string(),
    kind: z.enum(MESSAGE_KINDS),
    media: MessageMediaSchema.nullable(),
    tags: z.array(z.string()),
    created_at: z.string(),
    /** spec 2 §3 'date or created_at': the same instant. */
    date: z.string(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof MessageSchema>;

export const MessageListSchema = listOf(MessageSchema).meta({ id: 'MessageList' });
export type MessageList = z.infer<typeof MessageListSchema>;

/**
 * spec 2 §3 'Message payload (send)': body, tags, and optionally media. `peer_name`, `last_message_teaser`,
 * `last_message_sender` and `visibility_ids` are accepted for the spec's clients and ignored: the server derives them.
 */
export interface MessageInput {
  body: string;
  media?: MessageMedia;
  tags?: string[];
  peer_name?: string;
  last_message_teaser?: string;
  last_message_sender?: string;
  visibility_ids?: string[];
}

export const UnreadCountSchema = z.object({ pending: z.number().int() }).meta({ id: 'UnreadCount' });
export const HeartbeatSchema = z.object({ heartbeat: z.string() }).meta({ id: 'Heartbeat' });
export const ConversationPeopleSchema = listOf(ConversationProfileSchema).meta({ id: 'ConversationPeople' });
export type ConversationPeople = z.infer<typeof ConversationPeopleSchema>;

/** The `message` event of the live stream: the message and its conversation as the receiving user sees it. */
export interface LiveMessageEvent {
  conversation: Conversation;
  message: Message;
}

/** spec 2 §6: the teaser is the first 50 characters with markup stripped (tags removed, whitespace folded). */
export function messageTeaser(body: string): string {
  const text = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/[*_~`#>[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(text).slice(0, ConversationLimits.teaserMax).join('');
}
