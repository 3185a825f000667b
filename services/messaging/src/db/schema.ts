import { index, integer, pgSchema, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/** Outbox, inbox, local job queue and diagnostics tables of the kernel. */
export const { outbox, inbox, jobs, pings } = platformTables('messaging');
