import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgSchema, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { platformTables } from '@vitrina/platform';

/** Every table of the store service lives in the PostgreSQL schema `store`. */
export const storeSchema = pgSchema('store');

/** Outbox, inbox, local job queue and diagnostics tables of the kernel. */
export const { outbox, inbox, jobs, pings } = platformTables('store');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** spec 1 §3 'Shop' with its store_theme_info (one shop per owner). */
export const shops = storeSchema.table(
  'shops',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    ownerId: text('owner_id').notNull(),
    name: text('name').notNull(),
    photo: text('photo'),
    photoDisplay: text('photo_display').notNull().default('bdr_cir'),
    hiddenStoreName: boolean('hidden_store_name').notNull().default(false),
    hiddenSearchBar: boolean('hidden_search_bar').notNull().default(false),
    hiddenAffinityXheader: boolean('hidden_affinity_xheader').notNull().default(false),
    storeType: text('store_type').notNull().default('affiliate'),
    isProxy: boolean('is_proxy').notNull().default(false),
    state: text('state').notNull().default('published'),
    canonicalUrl: text('canonical_url'),
    canonicalDomain: text('canonical_domain'),
    domain: text('domain'),
    protocol: text('protocol').notNull().default('https'),
    /** Lower-case host a shop is served on (own domain or sub-domain); null for /tienda/{slug} only. */
    host: text('host'),
    signupPlan: text('signup_plan'),
    fbPixel: text('fb_pixel'),
    liveChatLicense: text('live_chat_license'),
    whatsappPhone: text('whatsapp_phone'),
    whatsappCountryCode: text('whatsapp_country_code'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    contactCountryCode: text('contact_country_code'),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    aboutEntryId: text('about_entry_id'),
    seoDescription: text('seo_description'),
    favicon: text('favicon'),
    bgcolor: text('bgcolor'),
    darkmode: boolean('darkmode').notNull().default(false),
    hiddenDarkmode: boolean('hidden_darkmode').notNull().default(false),
    adornmentType: text('adornment_type'),
    footerBg: text('footer_bg'),
    footerFg: text('footer_fg'),
    footerStyle: text('footer_style').notNull().default('3cols1col'),
    usersSupportUrl: text('users_support_url'),
    franchiseSupportUrl: text('franchise_support_url'),
    affiliateSupportUrl: text('affiliate_support_url'),
    facebook: text('facebook'),
    instagram: text('instagram'),
    twitter: text('twitter'),
    youtube: text('youtube'),
    twitch: text('twitch'),
    kick: text('kick'),
    discord: text('discord'),
    /** A franchise's supplier: a franchise store adds only this supplier's products. */
    dssupplierId: text('dssupplier_id'),
    dssupplierBanner: boolean('dssupplier_banner').notNull().default(false),
    slider: boolean('slider').notNull().default(true),
    header: boolean('header').notNull().default(true),
    rootAffinityStoreId: text('root_affinity_store_id'),
    theme: text('theme').notNull().default('03'),
    color1: text('color1'),
    color2: text('color2'),
    columns: smallint('columns').notNull().default(2),
    signupForm: text('signup_form').notNull().default('complete'),
    sectionsInfo: text('sections_info')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lower-case, accent-folded name for the franchise search. */
    searchName: text('search_name').notNull().default(''),
    /**
     * Grows with every change to what the shop home shows (issue 17): triggers (migration 0004) add one on any update
     * of the row and on any write to the shop's banners or headers. The shop home cache keys its entries by it.
     */
    contentVersion: bigint('content_version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shops_slug_uq').on(t.slug),
    // A slug is one shop's in any case (issue 16): two users creating 'Tienda' and 'tienda' at once, the index decides.
    uniqueIndex('shops_slug_lower_uq').on(sql`lower(${t.slug})`),
    uniqueIndex('shops_owner_uq').on(t.ownerId),
    uniqueIndex('shops_host_uq').on(t.host),
    index('shops_type_state_idx').on(t.storeType, t.state, t.name),
    index('shops_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
  ],
);

/** spec 1 §3 'Banner'. */
export const banners = storeSchema.table(
  'banners',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    position: integer('position').notNull(),
    hztImage: text('hzt_image').notNull(),
    hztImageId: text('hzt_image_id'),
    vrtImage: text('vrt_image').notNull(),
    vrtImageId: text('vrt_image_id'),
    product: text('product'),
    supplier: text('supplier'),
    url: text('url'),
    urlTarget: boolean('url_target').notNull().default(true),
    target: text('target').notNull().default('all'),
    actionType: text('action_type').notNull().default('none'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('banners_shop_idx').on(t.shopId, t.position)],
);

/** spec 1 §3 'Header' plus its gradient colours. */
export const headers = storeSchema.table(
  'headers',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    description: text('description'),
    target: text('target').notNull().default('all'),
    actionType: text('action_type').notNull().default('none'),
    url: text('url'),
    product: text('product'),
    productSupplier: text('product_supplier'),
    buttonLabel: text('button_label'),
    initialColor: text('initial_color').notNull().default('#f5f8fa'),
    finalColor: text('final_color').notNull().default('#f5f8fa'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('headers_shop_idx').on(t.shopId, t.position)],
);

/** Items in store: which items (own or other suppliers') a shop shows. */
export const shopItems = storeSchema.table(
  'shop_items',
  {
    shopId: text('shop_id').notNull(),
    itemId: text('item_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'shop_items_pk', columns: [t.shopId, t.itemId] }), index('shop_items_item_idx').on(t.itemId)],
);

/** Projection of the catalogue's items (`catalogue.item` events): owner and state, for the store's rules. */
export const itemRefs = storeSchema.table(
  'item_refs',
  {
    itemId: text('item_id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    type: text('type').notNull(),
    listState: text('list_state').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    isDropshipping: boolean('is_dropshipping').notNull().default(false),
    soldOut: boolean('sold_out').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    revision: integer('revision').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [index('item_refs_owner_idx').on(t.ownerId)],
);

/** Franchises in store (issue 5): franchise shops a store shows. */
export const shopFranchises = storeSchema.table(
  'shop_franchises',
  {
    shopId: text('shop_id').notNull(),
    franchiseId: text('franchise_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'shop_franchises_pk', columns: [t.shopId, t.franchiseId] }),
    index('shop_franchises_franchise_idx').on(t.franchiseId),
    // A shop's franchises in the order they were added (the public and admin lists page through it).
    index('shop_franchises_shop_added_idx').on(t.shopId, t.addedAt, t.franchiseId),
  ],
);

/** Uploaded images (gallery): stored under generated names by the storage adapter. */
export const galleryImages = storeSchema.table(
  'gallery_images',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    /** What the upload belongs to (the `{mashupID}` of the path): a shop, a profile, a catalogue... */
    mashupId: text('mashup_id').notNull(),
    name: text('name'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    mainColors: jsonb('main_colors')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    /**
     * Set in the transaction that drops the last reference (a deleted banner); the clean-up job then deletes
     * the file and sets deleted_at. A row requested but not deleted is retried (and re-queued at start).
     */
    deleteRequestedAt: timestamp('delete_requested_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gallery_images_file_uq').on(t.fileName),
    index('gallery_images_owner_idx').on(t.ownerId, t.createdAt),
    index('gallery_images_pending_delete_idx')
      .on(t.deleteRequestedAt)
      .where(sql`delete_requested_at is not null and deleted_at is null`),
  ],
);
