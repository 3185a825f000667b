import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AlertOrigin, AlertRole, AlertType, MessageKind, MessageMedia } from '@vitrina/contracts';
import { platformTables } from '@vitrina/platform';

/** Every table of the messaging service lives in the PostgreSQL schema `messaging`. */
export const messagingSchema = pgSchema('messaging');

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One outbound message (a code by e-mail or SMS), keyed by the id of the event that asked for it: a redelivered
 * event finds its row and sends nothing twice. Written in the consumer's inbox transaction; the dispatcher queues
 * the delivery job after that commit.
 */
export const deliveries = messagingSchema.table(
  'deliveries',
  {
    id: text('id').primaryKey(),
    eventType: text('event_type').notNull(),
    userId: text('user_id').notNull(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    destination: text('destination').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').$type<'queued' | 'sent' | 'failed'>().notNull().default('queued'),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The code inside stops working then: a message still unsent by that time is dropped, not sent late. */
    expiresAt: at('expires_at'),
    enqueuedAt: at('enqueued_at'),
    sentAt: at('sent_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  // the dispatcher's 'oldest not yet queued' read walks this partial index in created_at order and stops at its limit;
  // every delivery leaves it once queued, and a plain index scan marks those dead entries as it passes them (the old
  // index on (enqueued_at, created_at) was read by a bitmap scan that visited every dead entry since the last vacuum:
  // 38 ms a dispatch after a few thousand e-mails)
  (t) => [
    index('deliveries_pending_idx')
      .on(t.createdAt)
      .where(sql`enqueued_at is null`),
    index('deliveries_user_idx').on(t.userId),
  ],
);

/** The local mailbox (embedded mode): every message the mailbox provider "sent", listed at GET /dev/mailbox. */
export const mailboxMessages = messagingSchema.table(
  'mailbox_messages',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id').notNull(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mailbox_delivery_uq').on(t.deliveryId), index('mailbox_to_idx').on(t.to, t.createdAt)],
);

/** What an alert points at besides its type, subtype and role (the rest of the contract's AlertParams). */
export interface AlertRefs {
  order: string | null;
  customer: string | null;
  supplier: string | null;
  dssupplier: string | null;
  return_id: string | null;
  wallet_type_id: string | null;
  checkout_aggregation: string | null;
  amount_minor: number | null;
  currency: string | null;
}

/** An alert's text in each language the web shows. */
export interface AlertMessage {
  es: string;
  en: string;
  'es-AR': string;
}

/**
 * A bell alert (issue 15): one per recipient and role of an event another service published. The unique key
 * (event, user, role) makes a redelivered event add nothing; the list and the bell's count read the user's index.
 */
export const alerts = messagingSchema.table(
  'alerts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    role: text('role').$type<AlertRole>().notNull(),
    origin: text('origin').$type<AlertOrigin>().notNull(),
    type: text('type').$type<AlertType>().notNull(),
    subtype: text('subtype'),
    params: jsonb('params').$type<AlertRefs>().notNull(),
    message: jsonb('message').$type<AlertMessage>().notNull(),
    link: text('link'),
    eventId: text('event_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** The first click on it; null while it is pending a visit. */
    visitedAt: at('visited_at'),
  },
  (t) => [
    uniqueIndex('alerts_event_user_role_uq').on(t.eventId, t.userId, t.role),
    // NULLS FIRST is what a plain ORDER BY … DESC means: the list reads the index in order, with no sort
    index('alerts_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** When each user last opened the bell's panel: alerts created after it are the badge's count. */
export const alertReads = messagingSchema.table('alert_reads', {
  userId: text('user_id').primaryKey(),
  seenAt: at('seen_at').notNull(),
});

/**
 * Messaging's projection of the store's shops (`store.shop` created/updated events, through the inbox): who owns each
 * shop, so a contact entry is addressed by the shop's id or slug and read by its owner without a cross-service call.
 */
export const shops = messagingSchema.table(
  'shops',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('shops_slug_idx').on(t.slug), index('shops_owner_idx').on(t.ownerId)],
);

/**
 * What a visitor sent a shop through its contact modal (issue 15; spec 2 §3 'Contact entry'): shop-level, or about
 * one item (`item_id`). The owner's list reads (shop, created_at desc, id desc) in order.
 */
export const contactEntries = messagingSchema.table(
  'contact_entries',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    /** The signed-in sender; null for an anonymous visitor. */
    userId: text('user_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    itemId: text('item_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('contact_entries_shop_idx').on(t.shopId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * Messaging's projection of the users (`accounts.user` registered / profile-updated, through the inbox; the demo users
 * when SEED_DEMO is on): the inbox's peer names, profiles and people search, with no call to accounts.
 */
export const users = messagingSchema.table(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    photo: text('photo'),
    email: text('email'),
    locale: text('locale'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('users_name_idx').on(t.name)],
);

/**
 * One conversation per pair of users (issue 15; spec 2 §3 'Conversation'): `pair_key` is the two ids sorted and joined
 * by ':', unique, so two racing PUTs make one row. The last message's teaser, sender, kind and date feed the list.
 */
export const conversations = messagingSchema.table('conversations', {
  id: text('id').primaryKey(),
  pairKey: text('pair_key').notNull().unique('conversations_pair_key_uq'),
  userA: text('user_a').notNull(),
  userB: text('user_b').notNull(),
  lastMessageTeaser: text('last_message_teaser'),
  lastMessageSender: text('last_message_sender'),
  lastMessageKind: text('last_message_kind').$type<MessageKind>(),
  lastMessageDate: at('last_message_date'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Each participant's side of a conversation: their unread count, when they last read it, and the conversation's
 * activity time copied here so a user's list reads (user, updated_at desc, id desc) in order.
 */
export const conversationMembers = messagingSchema.table(
  'conversation_members',
  {
    conversationId: text('conversation_id').notNull(),
    userId: text('user_id').notNull(),
    peerId: text('peer_id').notNull(),
    pending: integer('pending').notNull().default(0),
    lastReadAt: at('last_read_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'conversation_members_pk', columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId, t.updatedAt.desc().nullsFirst(), t.conversationId.desc().nullsFirst()),
  ],
);

/**
 * A message (spec 2 §3 'Message'). A conversation's page reads (conversation, created_at desc, id desc) in order; the
 * unique (sender, idempotency key) makes a retried send, even two racing ones, add one message.
 */
export const messages = messagingSchema.table(
  'messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id').notNull(),
    senderId: text('sender_id').notNull(),
    senderName: text('sender_name').notNull(),
    body: text('body').notNull(),
    kind: text('kind').$type<MessageKind>().notNull(),
    media: jsonb('media').$type<MessageMedia>(),
    tags: text('tags').array().notNull().default([]),
    idempotencyKey: text('idempotency_key'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('messages_sender_idempotency_uq').on(t.senderId, t.idempotencyKey),
  ],
);

/** When each user was last seen in the inbox (a heartbeat, or an open live stream): online within 5 minutes. */
export const presence = messagingSchema.table('presence', {
  userId: text('user_id').primaryKey(),
  heartbeatAt: at('heartbeat_at').notNull(),
});

/** Outbox, inbox, local job queue and diagnostics tables of the kernel. */
export const { outbox, inbox, jobs, pings } = platformTables('messaging');
