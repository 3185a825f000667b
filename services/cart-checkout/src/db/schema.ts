import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idempotencyKeysTable, platformTables } from '@vitrina/platform';

/** Every table of the cart-checkout service lives in the PostgreSQL schema `cart-checkout`. */
export const cartCheckoutSchema = pgSchema('cart-checkout');

/** Outbox, inbox, local job queue and diagnostics tables of the kernel. */
export const { outbox, inbox, jobs, pings } = platformTables('cart-checkout');

/** Idempotency-Key answers (ARCHITECTURE §8), per user and key, kept 24 h. */
export const idempotencyKeys = idempotencyKeysTable('cart-checkout');

/**
 * The service's projection of the catalogue's items (`catalogue.item` events): what a cart line shows and the
 * quantity rules need. Newer revision wins; a deleted item stays as a row with `deleted` (its lines go disabled).
 */
export const items = cartCheckoutSchema.table(
  'items',
  {
    itemId: text('item_id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    listState: text('list_state').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    isDropshipping: boolean('is_dropshipping').notNull().default(false),
    isFree: boolean('is_free').notNull().default(false),
    priceMinor: integer('price_minor').notNull().default(0),
    /** The contribution margin per unit (issue 14): a reseller's commission is a share of it; it travels to the order. */
    contributionMarginMinor: integer('contribution_margin_minor').notNull().default(0),
    currency: text('currency').notNull().default('MXN'),
    soldOut: boolean('sold_out').notNull().default(false),
    available: integer('available'),
    stockType: text('stock_type').notNull().default('onstock'),
    maxPurchaseAmount: integer('max_purchase_amount'),
    photo: text('photo'),
    description: text('description').notNull().default(''),
    /** An experience's date: past it, the line is disabled ('concluded'). */
    experienceDate: timestamp('experience_date', { withTimezone: true }),
    /** Variant name -> value ("S, M, L" offers a choice): a line's variant is checked against it. */
    variants: jsonb('variants')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    deleted: boolean('deleted').notNull().default(false),
    /**
     * The item's supplier (its owner) is disabled by an operator (`supplier_states`): its lines are disabled
     * ('supplier_disabled') and cannot be added or checked out until the supplier is enabled again.
     */
    ownerDisabled: boolean('owner_disabled').notNull().default(false),
    revision: integer('revision').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('items_owner_idx').on(t.ownerId)],
);

/**
 * Suppliers enabled or disabled by an operator (`accounts.supplier.updated`, issue 16), the source of
 * `items.owner_disabled` for items that arrive later. `changed_at` is the event's time: an older event changes nothing.
 */
export const supplierStates = cartCheckoutSchema.table('supplier_states', {
  supplierId: text('supplier_id').primaryKey(),
  enabled: boolean('enabled').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});

/** The store's shops (`store.shop` events): carts are keyed by shop; the owner is the reseller of dropshipping items. */
export const shops = cartCheckoutSchema.table(
  'shops',
  {
    shopId: text('shop_id').primaryKey(),
    slug: text('slug').notNull(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shops_slug_uq').on(t.slug)],
);

/** One cart per (user, shop). */
export const carts = cartCheckoutSchema.table(
  'carts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    shopId: text('shop_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carts_user_shop_uq').on(t.userId, t.shopId)],
);

/**
 * A cart's lines: one per (item, variant), with its quantity. `variant_key` is the canonical variant
 * (contracts `variantKey`: '' for none, else the JSON with its names sorted), so the same shirt in S and in M are
 * two lines and a line without a variant is the item's line of before.
 */
export const cartLines = cartCheckoutSchema.table(
  'cart_lines',
  {
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    variantKey: text('variant_key').notNull().default(''),
    variant: jsonb('variant')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.itemId, t.variantKey] })],
);

/**
 * A checkout: the snapshot of one cart order (or one item bought at once) whose stock the catalogue holds until
 * `expires_at`. Status: open → ready (delivery chosen, payment token) → paid; open/ready → expired | cancelled.
 */
export const checkouts = cartCheckoutSchema.table(
  'checkouts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    cartId: text('cart_id'),
    shopId: text('shop_id').notNull(),
    shopSlug: text('shop_slug').notNull(),
    supplierId: text('supplier_id').notNull(),
    dssupplierId: text('dssupplier_id'),
    supplierName: text('supplier_name').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    shippingMinor: integer('shipping_minor'),
    contact: jsonb('contact'),
    address: jsonb('address'),
    delivery: jsonb('delivery'),
    needsAttendees: boolean('needs_attendees').notNull().default(false),
    attendees: jsonb('attendees')
      .notNull()
      .default(sql`'[]'::jsonb`),
    enabledPaymentTypes: jsonb('enabled_payment_types')
      .notNull()
      .default(sql`'[]'::jsonb`),
    paymentToken: text('payment_token'),
    referral: text('referral'),
    campaign: text('campaign'),
    clickId: text('click_id'),
    publicSlug: text('public_slug'),
    /** The attempt that paid it (issue 12): set once, with status paid, in the transaction that publishes payment.succeeded. */
    paidAttemptId: text('paid_attempt_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A pay-later method the checkout was placed with (status placed; issue 13). */
    placedPaymentType: text('placed_payment_type'),
    /** 'order' (a shop's cart) or 'membership' (a package of the platform; id = the accounts' purchase id; issue 16). */
    purpose: text('purpose').$type<'order' | 'membership'>().notNull().default('order'),
    /** What a membership checkout pays for (the package's name). */
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    // the expiry sweep reads open checkouts by expiry
    index('checkouts_expiry_idx').on(t.status, t.expiresAt),
    uniqueIndex('checkouts_public_slug_uq').on(t.publicSlug),
    // the payment routes find the checkout by its token
    uniqueIndex('checkouts_payment_token_uq').on(t.paymentToken),
  ],
);

/** The checkout's lines as they were when it was created (the CartProduct shown, price included). */
export const checkoutLines = cartCheckoutSchema.table(
  'checkout_lines',
  {
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    /** The line's canonical variant ('' for none), as in cart_lines; the product JSON carries the variant too. */
    variantKey: text('variant_key').notNull().default(''),
    position: integer('position').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    product: jsonb('product').notNull(),
  },
  (t) => [primaryKey({ columns: [t.checkoutId, t.itemId, t.variantKey] })],
);
export * from './delivery-schema.js';
export * from './payments-schema.js';
