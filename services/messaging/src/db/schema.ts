import { index, integer, jsonb, pgSchema, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AlertOrigin, AlertRole, AlertType } from '@vitrina/contracts';
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
  (t) => [index('deliveries_pending_idx').on(t.enqueuedAt, t.createdAt), index('deliveries_user_idx').on(t.userId)],
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

/** Outbox, inbox, local job queue and diagnostics tables of the kernel. */
export const { outbox, inbox, jobs, pings } = platformTables('messaging');
