import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idempotencyKeysTable, platformTables } from '@vitrina/platform';

/** Every table of the orders service lives in the PostgreSQL schema `orders`. */
export const ordersSchema = pgSchema('orders');

/** Outbox, inbox, local job queue and diagnostics tables of the kernel. */
export const { outbox, inbox, jobs, pings } = platformTables('orders');

/** Idempotency-Key answers (ARCHITECTURE §8), per user and key, kept 24 h. */
export const idempotencyKeys = idempotencyKeysTable('orders');

/**
 * A purchase order: one per checkout (the unique index is what makes a triple `payment.succeeded` one order). What
 * was bought is a snapshot (order_lines): a later catalogue edit never changes an order. `state` moves only through
 * the transition table (domain/order.machine.ts), by a conditional UPDATE on (id, state, version).
 */
export const orders = ordersSchema.table(
  'orders',
  {
    id: text('id').primaryKey(),
    checkoutId: text('checkout_id').notNull(),
    userId: text('user_id').notNull(),
    shopId: text('shop_id').notNull(),
    shopSlug: text('shop_slug').notNull(),
    shopName: text('shop_name').notNull(),
    shopOwnerId: text('shop_owner_id').notNull(),
    supplierId: text('supplier_id').notNull(),
    supplierName: text('supplier_name').notNull(),
    dssupplierId: text('dssupplier_id'),
    dssupplierName: text('dssupplier_name'),
    state: text('state').notNull(),
    version: integer('version').notNull().default(1),
    paymentType: text('payment_type').notNull(),
    prepaid: boolean('prepaid').notNull(),
    chargeId: text('charge_id'),
    deliveryType: text('delivery_type').notNull(),
    currency: text('currency').notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    shippingMinor: integer('shipping_minor').notNull().default(0),
    /** The seller's quote (pay-later orders): replaces shipping_minor in the total once quoted. */
    shippingCostMinor: integer('shipping_cost_minor'),
    financingMinor: integer('financing_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    courtesy: boolean('courtesy').notNull().default(false),
    inStore: boolean('in_store').notNull().default(false),
    contact: jsonb('contact'),
    address: jsonb('address'),
    delivery: jsonb('delivery'),
    branch: jsonb('branch'),
    /** The checkout's attendee form: tickets are made of it at placement. */
    attendees: jsonb('attendees')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** 'Order summary' and the list's thumbnail, computed at placement. */
    summary: text('summary').notNull(),
    photo: text('photo'),
    itemsCount: integer('items_count').notNull(),
    estimatedDeliveryDate: text('estimated_delivery_date'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    trackingStatus: text('tracking_status'),
    trackingCheckedAt: timestamp('tracking_checked_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    cancelMessage: text('cancel_message'),
    cancelledBy: text('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundStatus: text('refund_status'),
    refundMinor: integer('refund_minor'),
    /** Issue 14: what refunds of the order's returns have committed (pending and success; a failed one gives it back). */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    returnDeadline: timestamp('return_deadline', { withTimezone: true }),
    invoicing: jsonb('invoicing'),
    referral: text('referral'),
    campaign: text('campaign'),
    clickId: text('click_id'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_checkout_uq').on(t.checkoutId),
    // each party's list, newest first
    index('orders_user_idx').on(t.userId, t.placedAt),
    index('orders_supplier_idx').on(t.supplierId, t.placedAt),
    index('orders_dssupplier_idx').on(t.dssupplierId, t.placedAt),
    // the public tracking link finds the order by its number
    index('orders_tracking_number_idx').on(t.trackingNumber),
    // the tracking sweep reads shipped orders with a tracking number
    index('orders_tracking_idx')
      .on(t.trackingCheckedAt)
      .where(sql`tracking_number is not null and state in ('to_deliver', 'in_transit')`),
  ],
);

/** What was bought: the checkout's lines as they were (name, photo, price, variant). */
export const orderLines = ordersSchema.table(
  'order_lines',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Stable within the order: 'l1', 'l2', ... (reviews and packing name it). */
    lineId: text('line_id').notNull(),
    position: integer('position').notNull(),
    itemId: text('item_id').notNull(),
    variantKey: text('variant_key').notNull().default(''),
    variant: jsonb('variant')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    name: text('name').notNull(),
    photo: text('photo'),
    type: text('type').notNull(),
    slug: text('slug').notNull(),
    ownerId: text('owner_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    /** The item's contribution margin per unit at purchase (a reseller's commission is a share of it); 0 when unknown. */
    contributionMarginMinor: integer('contribution_margin_minor').notNull().default(0),
    experienceDate: timestamp('experience_date', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.lineId] })],
);

/** Every state change, in order: the order's history and the audit of who did what. */
export const orderTransitions = ordersSchema.table(
  'order_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    action: text('action').notNull(),
    actor: text('actor').notNull(),
    actorId: text('actor_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_transitions_order_idx').on(t.orderId, t.id)],
);

/**
 * Attendee tickets (experiences). The QR carries `id.signature` (HMAC of the id with the service's ticket key):
 * unguessable and verifiable without a lookup; `used_at` is set once by the first scan.
 */
export const attendants = ordersSchema.table(
  'attendants',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineId: text('line_id').notNull(),
    itemId: text('item_id').notNull(),
    itemName: text('item_name').notNull(),
    experienceDate: timestamp('experience_date', { withTimezone: true }),
    /** The experience's supplier: whose qrreader users may check it in. */
    supplierId: text('supplier_id').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    type: text('type').notNull(),
    position: integer('position').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: text('used_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attendants_order_idx').on(t.orderId, t.position)],
);

/** A customer's review of a delivered order line: one per line. */
export const reviews = ordersSchema.table(
  'reviews',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineId: text('line_id').notNull(),
    itemId: text('item_id').notNull(),
    userId: text('user_id').notNull(),
    authorName: text('author_name').notNull(),
    title: text('title').notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    photos: jsonb('photos')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reviews_line_uq').on(t.orderId, t.lineId), index('reviews_item_idx').on(t.itemId, t.createdAt)],
);

/** Dropshipping packing: the packages an order's lines go in (`lines`: [{ line_id, quantity }]). */
export const orderPackages = ordersSchema.table(
  'order_packages',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    lengthCm: integer('length_cm').notNull(),
    widthCm: integer('width_cm').notNull(),
    heightCm: integer('height_cm').notNull(),
    weightG: integer('weight_g').notNull(),
    lines: jsonb('lines')
      .$type<{ line_id: string; quantity: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.index] })],
);

/**
 * A return request (issue 14; spec 3 §3 'Return request'): one order's, opened by its customer after receipt. At most
 * one open request per order (the partial unique index decides it, racing requests included).
 */
export interface ReturnLabelDoc {
  shipTo: string;
  carrier: string | null;
  trackingNumber: string | null;
  issuedAt: string;
  issuedBy: 'supplier' | 'dssupplier';
}

export const returnRequests = ordersSchema.table(
  'return_requests',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    supplierId: text('supplier_id').notNull(),
    dssupplierId: text('dssupplier_id'),
    status: text('status').notNull().default('open'),
    reason: text('reason').notNull(),
    subReason: text('sub_reason').notNull().default(''),
    photos: jsonb('photos')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    comments: text('comments').notNull().default(''),
    /** 'original' (through the payment provider) or 'wallet' (the customer chose add_to_wallet). */
    refundTo: text('refund_to').notNull().default('original'),
    /** The items' return terms when the request was made (spec 3 §3 'Return info'). */
    returnInfo: jsonb('return_info'),
    restockingMinor: integer('restocking_minor').notNull().default(0),
    /**
     * The return label the seller issued (spec 3 §3 'return_shipping_label'): ship_to, carrier, tracking_number,
     * issued_at, issued_by; null until issued, replaced by a reissue. The PDF is printed from it on each download.
     */
    label: jsonb('label').$type<ReturnLabelDoc>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('return_requests_open_uq')
      .on(t.orderId)
      .where(sql`status = 'open'`),
    index('return_requests_order_idx').on(t.orderId, t.createdAt),
    // each party's list, by status, newest first
    index('return_requests_user_idx').on(t.userId, t.status, t.createdAt.desc()),
    index('return_requests_supplier_idx').on(t.supplierId, t.status, t.createdAt.desc()),
    index('return_requests_dssupplier_idx').on(t.dssupplierId, t.status, t.createdAt.desc()),
  ],
);

/** The seller's notes (visible to the client or internal) and the customer's comments (always 'client'). */
export const returnNotes = ordersSchema.table(
  'return_notes',
  {
    id: text('id').primaryKey(),
    returnId: text('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    visibility: text('visibility').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('return_notes_return_idx').on(t.returnId, t.createdAt)],
);

/** The request's record ('Historial'): every event, in the order it happened (the bigserial orders it). */
export const returnRecord = ordersSchema.table(
  'return_record',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    returnId: text('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actor: text('actor').notNull(),
    amountMinor: integer('amount_minor'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('return_record_return_idx').on(t.returnId, t.id)],
);

/**
 * A refund of a return (spec 3 §3 'Refund'): pending until cart-checkout's `payment.refund_updated` says success or
 * failed; a wallet refund is success at once. `scope` is the Idempotency-Key scope that made it (user and key).
 */
export const returnRefunds = ordersSchema.table(
  'return_refunds',
  {
    id: text('id').primaryKey(),
    returnId: text('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    destination: text('destination').notNull(),
    scope: text('scope'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('return_refunds_return_idx').on(t.returnId, t.createdAt), index('return_refunds_order_idx').on(t.orderId)],
);
