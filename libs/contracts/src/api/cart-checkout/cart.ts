import { z } from 'zod';
import { ITEM_TYPES, STOCK_TYPES } from '../../catalogue-items.js';

/**
 * Answers of the cart calls (issue 11, spec 1 §3-§5 'Cart', spec 3 §3): a cart per shopper and shop, holding one
 * cart order per (supplier, dropshipping supplier). Money twice: the 2-decimal string and integer minor units.
 */

export const CART_DISABLED_REASONS = ['unpublished', 'deleted', 'sold_out', 'concluded', 'supplier_disabled'] as const;
export type CartDisabledReason = (typeof CART_DISABLED_REASONS)[number];

export const CartProductSchema = z
  .object({
    /** The item id. */
    id: z.string(),
    /**
     * The line's stable, URL-safe id: the item id for a line without a variant, else item id + '.' + the canonical
     * variant in base64url (`cartLineId`). PUT/DELETE `/cart/shops/{shop_slug}/lines/{line_id}` address it.
     */
    line_id: z.string(),
    /** The chosen option per variant name that offers a choice ({} when none). */
    variant: z.record(z.string(), z.string()),
    name: z.string(),
    photo: z.string().nullable(),
    description: z.string(),
    /** Quantity in the cart. */
    amount: z.number().int(),
    /** Units the shopper may still buy; null when stock is not tracked. */
    available: z.number().int().nullable(),
    stock_type: z.enum(STOCK_TYPES),
    /** Unpublished, hidden, deleted, sold out or a concluded experience: shown, never checked out. */
    disabled: z.boolean(),
    disabled_reason: z.enum(CART_DISABLED_REASONS).nullable(),
    max_purchase_amount: z.number().int().nullable(),
    unit_price: z.string(),
    unit_price_minor: z.number().int(),
    total: z.string(),
    total_minor: z.number().int(),
    currency: z.string(),
    type: z.enum(ITEM_TYPES),
    item_slug: z.string(),
    owner_id: z.string(),
  })
  .meta({ id: 'CartProduct' });
export type CartProduct = z.infer<typeof CartProductSchema>;

export const CartSupplierInfoSchema = z.object({ enabled_payment_types: z.array(z.string()) }).meta({ id: 'CartSupplierInfo' });

export const CartDssupplierInfoSchema = z
  .object({
    fixed_shipping_cost: z.string().nullable(),
    fixed_shipping_cost_minor: z.number().int().nullable(),
    fixed_shipping_days: z.number().int().nullable(),
    name: z.string(),
  })
  .meta({ id: 'CartDssupplierInfo' });

export const CartOrderSchema = z
  .object({
    /** `supplier` or `supplier:dssupplier`. */
    id: z.string(),
    supplier: z.string(),
    supplier_name: z.string(),
    dssupplier: z.string().nullable(),
    currency: z.string(),
    total: z.string(),
    total_minor: z.number().int(),
    /** Sum of the lines' quantities. */
    amount: z.number().int(),
    products: z.array(CartProductSchema),
    /** True when the order gathers another supplier's (dropshipping) products sold by the shop's owner. */
    aggregated: z.boolean(),
    /** The supplier can take payment and deliver (payment types and a delivery kind). */
    is_configured: z.boolean(),
    supplier_info: CartSupplierInfoSchema,
    dssupplier_info: CartDssupplierInfoSchema.nullable(),
    public_slug: z.string().nullable(),
  })
  .meta({ id: 'CartOrder' });
export type CartOrder = z.infer<typeof CartOrderSchema>;

export const CART_ADJUSTMENT_CODES = [
  'quantity_exceeded',
  'max_purchase_amount_exceeded',
  'not_found',
  'unavailable_for_sale',
  'out_of_stock',
  /** The variant names an option the item does not offer (any more): the line is skipped. */
  'invalid_variant',
] as const;

export const CartAdjustmentSchema = z
  .object({
    item_id: z.string(),
    /** The line (item and variant) the adjustment is about. */
    line_id: z.string(),
    variant: z.record(z.string(), z.string()),
    /** What was asked (server quantity + sent quantity for a merge). */
    requested: z.number().int(),
    /** What the cart holds now (0: not added). */
    amount: z.number().int(),
    code: z.enum(CART_ADJUSTMENT_CODES),
  })
  .meta({ id: 'CartAdjustment' });
export type CartAdjustment = z.infer<typeof CartAdjustmentSchema>;

export const CartSchema = z
  .object({
    /** null for a quote (an anonymous visitor's local cart, nothing saved). */
    cart_id: z.string().nullable(),
    shop_slug: z.string(),
    /** Sum of the quantities of every line (the header badge). */
    total_products: z.number().int(),
    amount: z.string(),
    amount_minor: z.number().int(),
    currency: z.string(),
    orders: z.array(CartOrderSchema),
    /** Only on bulk (merge) answers: lines clamped or skipped. */
    adjustments: z.array(CartAdjustmentSchema).optional(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof CartSchema>;

export const CartTotalSchema = z
  .object({
    total_products: z.number().int(),
    amount: z.string(),
    amount_minor: z.number().int(),
    currency: z.string(),
  })
  .meta({ id: 'CartTotal' });
export type CartTotal = z.infer<typeof CartTotalSchema>;
