import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { platformTables } from '@vitrina/platform';
import type { ReturnInfo } from '@vitrina/contracts';

/** Every table of the catalogue service lives in the PostgreSQL schema `catalogue`. */
export const catalogueSchema = pgSchema('catalogue');

/** Outbox, inbox, local job queue and diagnostics tables of the kernel. */
export const { outbox, inbox, jobs, pings } = platformTables('catalogue');

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Items of every type (spec 1 §3 'Item'). Money in integer minor units. `search_*` hold the text
 * normalised by the application (lower case, accents folded: search/normalise.ts), so the same
 * `simple` text-search configuration behaves identically on PGlite and PostgreSQL without `unaccent`.
 */
export const items = catalogueSchema.table(
  'items',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    slug: text('slug').notNull(),
    type: text('type').notNull(),
    mainType: text('main_type').notNull().default('business'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    photos: jsonb('photos')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    listPriceMinor: bigint('list_price_minor', { mode: 'number' }).notNull().default(0),
    crossoutPriceMinor: bigint('crossout_price_minor', { mode: 'number' }),
    currency: text('currency').notNull().default('MXN'),
    hidePrice: boolean('hide_price').notNull().default(false),
    isFree: boolean('is_free').notNull().default(false),
    isDropshipping: boolean('is_dropshipping').notNull().default(false),
    contributionMarginMinor: bigint('contribution_margin_minor', { mode: 'number' }).notNull().default(0),
    variants: jsonb('variants')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    available: integer('available'),
    /**
     * Units held by open checkouts (stock_reservations with status 'held'), changed only by the one conditional
     * statement of reservations/reservation.repository.ts. The CHECKs below make an oversell impossible.
     */
    reserved: integer('reserved').notNull().default(0),
    /** Reviews of delivered order lines (orders.order reviewed events): the item page shows the average and count. */
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    stockType: text('stock_type').notNull().default('onstock'),
    maxPurchaseAmount: integer('max_purchase_amount'),
    soldOut: boolean('sold_out').notNull().default(false),
    experienceDate: timestamp('experience_date', { withTimezone: true }),
    listState: text('list_state').notNull().default('unpublished'),
    hidden: boolean('hidden').notNull().default(false),
    queuePosition: integer('queue_position').notNull().default(0),
    categoryIds: text('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    returnInfo: jsonb('return_info').$type<ReturnInfo>(),
    /** Bumped by every change; carried on events so consumers can drop stale snapshots. */
    revision: integer('revision').notNull().default(1),
    searchName: text('search_name').notNull().default(''),
    searchTags: text('search_tags').notNull().default(''),
    searchDescription: text('search_description').notNull().default(''),
    /** Name (A), tags (B) and description (C), so a name match ranks first. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('simple'::regconfig, ${items.searchName}), 'A') || setweight(to_tsvector('simple'::regconfig, ${items.searchTags}), 'B') || setweight(to_tsvector('simple'::regconfig, ${items.searchDescription}), 'C')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('items_owner_slug_uq')
      .on(t.ownerId, t.slug)
      .where(sql`deleted_at is null`),
    index('items_owner_type_idx').on(t.ownerId, t.type, t.createdAt),
    // The add-products modal: published items of every supplier by type.
    index('items_type_state_idx')
      .on(t.type, t.listState, t.contributionMarginMinor)
      .where(sql`deleted_at is null`),
    index('items_search_idx').using('gin', t.searchVector),
    // Trigram: typo-tolerant fallback when full-text finds nothing (search/item-search.repository.ts).
    index('items_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
    index('items_tags_idx').using('gin', t.tags),
    index('items_categories_idx').using('gin', t.categoryIds),
    check('items_reserved_not_negative', sql`${t.reserved} >= 0`),
    check('items_reserved_within_available', sql`${t.available} is null or ${t.reserved} <= ${t.available}`),
  ],
);

/**
 * Stock held for a checkout (docs/architecture.md "Stock reservations"): one row per (checkout, item). `quantity` is
 * what the checkout asked for, `held` what was added to `items.reserved` (0 for on-demand or untracked stock), so a
 * release or commit gives back exactly what it took. held -> committed (payment) or released (expiry, cancellation);
 * released -> committed or short (a payment that came after the sweep released the hold: see StockReservations).
 */
export const stockReservations = catalogueSchema.table(
  'stock_reservations',
  {
    checkoutId: text('checkout_id').notNull(),
    itemId: text('item_id').notNull(),
    quantity: integer('quantity').notNull(),
    held: integer('held').notNull(),
    userId: text('user_id').notNull(),
    status: text('status').notNull().default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_reservations_checkout_item_uq').on(t.checkoutId, t.itemId),
    index('stock_reservations_status_expires_idx').on(t.status, t.expiresAt),
    check('stock_reservations_quantity_positive', sql`${t.quantity} > 0 and ${t.held} >= 0 and ${t.held} <= ${t.quantity}`),
    // returned: a committed hold whose order was cancelled gave its units back (issue 13); short: paid after its hold
    // had been released, and the units were no longer there to take again (its order is cancelled)
    check('stock_reservations_status_known', sql`${t.status} in ('held', 'committed', 'released', 'returned', 'short')`),
  ],
);

/** spec 1 §3 'Supplier (dssupplier)': a user who owns items. */
export const suppliers = catalogueSchema.table(
  'suppliers',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    image: text('image'),
    enabled: boolean('enabled').notNull().default(true),
    /** The supplier chose its own name and image (issue 16, accounts.supplier.updated): profile renames leave it. */
    customName: boolean('custom_name').notNull().default(false),
    searchName: text('search_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('suppliers_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops'))],
);

/** Names and photos of users, from `accounts.user` events: a new supplier gets its name from here. */
export const profiles = catalogueSchema.table('profiles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  photo: text('photo'),
  updatedAt: updatedAt(),
});

export const categories = catalogueSchema.table(
  'categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    searchName: text('search_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('categories_slug_uq').on(t.slug),
    index('categories_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
  ],
);

/** Projection of the store's shops (`store.shop` events): owner, slug and type of each shop. */
export const shops = catalogueSchema.table(
  'shops',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    storeType: text('store_type').notNull(),
    supplierId: text('supplier_id'),
    canonicalUrl: text('canonical_url'),
    isProxy: boolean('is_proxy').notNull().default(false),
    /**
     * With the shop's `listing_changes` rows, the version cached listing pages are keyed by: version = this base +
     * the number of those rows (shop.repository.ts reads both in one statement). Writers never update it (migration
     * 0006); the compaction job folds rows into it, adding exactly as many as it deletes.
     */
    listingVersion: bigint('listing_version', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [index('shops_slug_idx').on(t.slug), index('shops_owner_idx').on(t.ownerId)],
);

/**
 * One row per (shop, writing transaction) whose change may alter what the shop's listings show (its `shop_items`
 * rows, an item or a supplier they show), inserted by the triggers of migrations 0003/0005/0006 instead of updating
 * the shop row: concurrent writes to one shop no longer queue on a hot row. A transaction adds at most one row per
 * shop (`xid` = pg_current_xact_id(), ON CONFLICT DO NOTHING); the compaction job (listings/jobs) moves the count
 * into `shops.listing_version`.
 */
export const listingChanges = catalogueSchema.table(
  'listing_changes',
  {
    shopId: text('shop_id').notNull(),
    xid: bigint('xid', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'listing_changes_pk', columns: [t.shopId, t.xid] })],
);

/**
 * Which items each shop shows (`store.items` events), with the item's listing columns copied in so a
 * shop listing is one index range: `listed` = published, not hidden. Rows may arrive before their item
 * (events of two services): `item_known` stays false until the item exists here.
 */
export const shopItems = catalogueSchema.table(
  'shop_items',
  {
    shopId: text('shop_id').notNull(),
    itemId: text('item_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    itemKnown: boolean('item_known').notNull().default(false),
    itemType: text('item_type').notNull().default(''),
    supplierId: text('supplier_id').notNull().default(''),
    listed: boolean('listed').notNull().default(false),
    listPriceMinor: bigint('list_price_minor', { mode: 'number' }).notNull().default(0),
    queuePosition: integer('queue_position').notNull().default(0),
    /**
     * The item's `search_name` and `search_vector`, copied like the listing columns above (issue 17): a shop's search
     * reads only its own rows and never probes `items` row by row; the two GIN indexes carry the shop (btree_gin), so
     * a search or a typo pass reads the posting lists of its words within one shop, whatever the catalogue's size.
     */
    searchName: text('search_name').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
  },
  (t) => [
    primaryKey({ name: 'shop_items_pk', columns: [t.shopId, t.itemId] }),
    index('shop_items_item_idx').on(t.itemId),
    index('shop_items_queue_idx').on(t.shopId, t.itemType, t.listed, t.queuePosition, t.itemId),
    index('shop_items_price_idx').on(t.shopId, t.itemType, t.listed, t.listPriceMinor, t.itemId),
    index('shop_items_search_idx').using('gin', t.shopId, t.searchVector),
    index('shop_items_search_name_trgm_idx').using('gin', t.shopId, t.searchName.op('gin_trgm_ops')),
  ],
);

/** Custom catalogues of an owner (spec 1 §3 'Catalogue'). */
export const catalogues = catalogueSchema.table(
  'catalogues',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    photo: text('photo'),
    /**
     * The owner's drag order (issue 18): gapped keys (`POSITION_GAP` apart when renormalised), so a move
     * writes only the moved row. The `position` clients see is the rank (1..n) computed in the read.
     */
    sortKey: bigint('sort_key', { mode: 'number' }).notNull(),
    /**
     * Storefront priority set explicitly (PATCH/create). NULL = follows the drag order: the weight clients see
     * is then n..1 among such catalogues (computed in the read); a move turns every explicit weight into NULL.
     */
    weight: integer('weight'),
    numProducts: integer('num_products').notNull().default(0),
    state: text('state').notNull().default('published'),
    originId: text('origin_id'),
    originSlug: text('origin_slug'),
    searchName: text('search_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('catalogues_owner_slug_uq').on(t.ownerId, t.slug),
    index('catalogues_owner_sort_key_idx').on(t.ownerId, t.sortKey, t.id),
    /** The few catalogues with an explicit weight (moves clear them; reads subtract them from n..1). */
    index('catalogues_owner_explicit_weight_idx')
      .on(t.ownerId, t.sortKey, t.id)
      .where(sql`${t.weight} is not null`),
    index('catalogues_owner_weight_idx').on(t.ownerId, t.state, t.weight),
  ],
);

export const catalogueProducts = catalogueSchema.table(
  'catalogue_products',
  {
    catalogueId: text('catalogue_id').notNull(),
    itemId: text('item_id').notNull(),
    /** Order inside the catalogue: gapped keys like `catalogues.sort_key` (a move writes one row). */
    sortKey: bigint('sort_key', { mode: 'number' }).notNull().default(0),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'catalogue_products_pk', columns: [t.catalogueId, t.itemId] }),
    index('catalogue_products_item_idx').on(t.itemId),
    index('catalogue_products_sort_key_idx').on(t.catalogueId, t.sortKey, t.itemId),
  ],
);
