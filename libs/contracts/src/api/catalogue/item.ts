import { z } from 'zod';
import {
  ITEM_TYPES,
  LIST_STATES,
  MAIN_TYPES,
  RETURN_FEES,
  RETURN_POLICIES,
  RETURN_SHIPPING_LABELS,
  RETURN_TYPES,
  STOCK_TYPES,
} from '../../catalogue-items.js';

/**
 * Answers of the catalogue's item reads and writes (spec 1 §3 'Item'): the schema is the one source of the
 * handlers' return types and of the OpenAPI components `CatalogueItem`, `CatalogueItemStock`, ...
 */

/** spec 1 §3 'Return info': what the supplier set (absent keys were never set). */
export const CatalogueReturnInfoSchema = z
  .object({
    return_type: z.enum(RETURN_TYPES),
    return_fees: z.enum(RETURN_FEES).nullable().optional(),
    return_policy: z.enum(RETURN_POLICIES).nullable().optional(),
    return_policy_legend: z.string().nullable().optional(),
    return_shipping_label: z.enum(RETURN_SHIPPING_LABELS).nullable().optional(),
    /** Percentage (0-100) kept when restocking_fees apply. */
    restocking_fees: z.number().int().nullable().optional(),
  })
  .meta({ id: 'CatalogueReturnInfo' });
export type CatalogueReturnInfo = z.infer<typeof CatalogueReturnInfoSchema>;

export const CatalogueItemStockSchema = z
  .object({
    /** Units available; null when not tracked. */
    available: z.number().int().nullable(),
    stock_type: z.enum(STOCK_TYPES),
    max_purchase_amount: z.number().int().nullable(),
  })
  .meta({ id: 'CatalogueItemStock' });
export type CatalogueItemStock = z.infer<typeof CatalogueItemStockSchema>;

/** The item's reviews (orders.order reviewed events): average stars with 1 decimal (0 without reviews) and how many. */
export const CatalogueItemRatingSchema = z.object({ average: z.number(), count: z.number().int() }).meta({ id: 'CatalogueItemRating' });
export type CatalogueItemRating = z.infer<typeof CatalogueItemRatingSchema>;

const itemFields = {
  id: z.string(),
  /** The supplier (dssupplier) who owns the item. */
  owner: z.string(),
  owner_name: z.string(),
  name: z.string(),
  slug: z.string(),
  type: z.enum(ITEM_TYPES),
  main_type: z.enum(MAIN_TYPES),
  /** Photo URLs, first one is the card photo. `images` repeats them (spec field). */
  photos: z.array(z.string()),
  images: z.array(z.string()),
  description: z.string(),
  tags: z.array(z.string()),
  /** Money twice: the spec's 2-decimal string (shown as is) and integer minor units (for arithmetic). */
  list_price: z.string(),
  list_price_minor: z.number().int(),
  crossout_price: z.string().nullable(),
  crossout_price_minor: z.number().int().nullable(),
  /** ISO 4217 code. */
  currency: z.string(),
  hide_price: z.boolean(),
  is_free: z.boolean(),
  is_dropshipping: z.boolean(),
  contribution_margin: z.string(),
  contribution_margin_minor: z.number().int(),
  /** Variant name -> value (spec 1 §3). */
  variants: z.record(z.string(), z.string()),
  stock: CatalogueItemStockSchema,
  /** Copies of stock.* at the top level, as the cart product of spec 1 §3 names them. */
  available: z.number().int().nullable(),
  stock_type: z.enum(STOCK_TYPES),
  max_purchase_amount: z.number().int().nullable(),
  sold_out: z.boolean(),
  /**
   * False while the platform has disabled the item's supplier (issue 16): the item is shown but not sold (the cart
   * refuses it with `unavailable_for_sale`).
   */
  supplier_enabled: z.boolean(),
  /** ISO date-time of an experience; null for other types. */
  experience_date: z.string().nullable(),
  /** Experiences only: available while the date is ahead and not sold out; null for other types. */
  experience_available: z.boolean().nullable(),
  /** An experience whose date has passed (spec 1 §4). */
  concluded: z.boolean(),
  list_state: z.enum(LIST_STATES),
  /** spec 1 §3 spells it `hiden`: hidden items are left out of public listings. */
  hiden: z.boolean(),
  queue_position: z.number().int(),
  category_ids: z.array(z.string()),
  return_info: CatalogueReturnInfoSchema.nullable(),
  rating: CatalogueItemRatingSchema,
  created_at: z.string(),
  updated_at: z.string(),
};

/** An item as the API answers it (every item read and write of the catalogue service). */
export const CatalogueItemSchema = z.object(itemFields).meta({ id: 'CatalogueItem' });
export type CatalogueItem = z.infer<typeof CatalogueItemSchema>;

/** An item of the add-products modal: the item and whether the owner's store already has it. */
export const PickerItemSchema = z.object({ ...itemFields, in_store: z.boolean() }).meta({ id: 'CataloguePickerItem' });
export type PickerItem = z.infer<typeof PickerItemSchema>;

/** A type-ahead suggestion (spec 1 §2 'Search'). */
export const CatalogueItemSuggestionSchema = z
  .object({
    id: z.string(),
    owner: z.string(),
    name: z.string(),
    slug: z.string(),
    type: z.enum(ITEM_TYPES),
    photo: z.string().nullable(),
  })
  .meta({ id: 'CatalogueItemSuggestion' });
export type CatalogueItemSuggestion = z.infer<typeof CatalogueItemSuggestionSchema>;
