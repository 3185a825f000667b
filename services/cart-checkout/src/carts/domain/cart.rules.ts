import {
  CartCheckoutErrorCodes as Codes,
  formatMinorUnits,
  type Cart,
  type CartAdjustment,
  type CartDisabledReason,
  type CartOrder,
  type CartProduct,
  type CartVariant,
  type CheckoutDeliveryOptions,
  type ItemType,
  type StockType,
  cartLineId,
  resolveVariant,
  variantKey,
} from '@vitrina/contracts';
import { DomainError } from '@vitrina/platform';

/** Cart rules (spec 1 §5 'Cart quantity', spec 3 §3-§5), plain TypeScript: the handlers load rows and call these. */

/** An item as the projection holds it (db/schema.ts `items`). */
export interface ItemRow {
  itemId: string;
  ownerId: string;
  type: string;
  name: string;
  slug: string;
  listState: string;
  hidden: boolean;
  isDropshipping: boolean;
  isFree: boolean;
  priceMinor: number;
  currency: string;
  soldOut: boolean;
  available: number | null;
  stockType: string;
  maxPurchaseAmount: number | null;
  photo: string | null;
  description: string;
  experienceDate: Date | null;
  /** Variant name -> value; a value listing options offers a choice. */
  variants: Record<string, string>;
  deleted: boolean;
  /** The supplier is disabled by an operator: nothing of theirs is sold until they are enabled again. */
  ownerDisabled: boolean;
}

/** A shop as the projection holds it (db/schema.ts `shops`). */
export interface ShopRow {
  shopId: string;
  slug: string;
  ownerId: string;
  name: string;
}
export const DEFAULT_CURRENCY = 'MXN';

/** What DeliveryService says about a supplier (H3's `configurations`). */
export interface SupplierConfig {
  isConfigured: boolean;
  /** At least one payment type. */
  takesPayment: boolean;
  /** Fixed shipping, rate zones or branches: products can reach the shopper. */
  ships: boolean;
  enabledPaymentTypes: string[];
  fixedShipping: { costMinor: number; days: number; currency: string } | null;
  /** A checkout's `delivery_options` when this supplier ships it. */
  delivery: CheckoutDeliveryOptions;
  name: string;
}

export function cartError(code: string, message: string, status: number, details?: Record<string, unknown>): DomainError {
  const err = new DomainError(code, message, status);
  if (details) err.details = details;
  return err;
}

/** Why a line cannot be checked out, or null. */
export function disabledReason(item: ItemRow, now: Date = new Date()): CartDisabledReason | null {
  if (item.deleted) return 'deleted';
  if (item.ownerDisabled) return 'supplier_disabled';
  if (item.listState !== 'published' || item.hidden) return 'unpublished';
  if (item.type === 'experience' && item.experienceDate !== null && item.experienceDate.getTime() <= now.getTime()) return 'concluded';
  if (item.soldOut || (item.stockType === 'onstock' && item.available !== null && item.available <= 0)) return 'sold_out';
  return null;
}

/**
 * Who sells a line: an ordinary item is sold by its owner; a dropshipping item in a shop owned by someone else is
 * sold by the shop's owner (the reseller) and shipped by its owner (the dropshipping supplier).
 */
export function supplierOf(item: ItemRow, shop: Pick<ShopRow, 'ownerId'>): { supplierId: string; dssupplierId: string | null } {
  if (item.isDropshipping && item.ownerId !== shop.ownerId) return { supplierId: shop.ownerId, dssupplierId: item.ownerId };
  return { supplierId: item.ownerId, dssupplierId: null };
}

export function cartOrderId(supplierId: string, dssupplierId: string | null): string {
  return dssupplierId ? `${supplierId}:${dssupplierId}` : supplierId;
}

/** The supplier whose configuration decides whether an order can be checked out: the one who ships it. */
export function configuredBy(supplierId: string, dssupplierId: string | null): string {
  return dssupplierId ?? supplierId;
}

/** The largest quantity a line, or an item's lines together, may hold. */
const MAX_AMOUNT = 1_000_000;

export function isValidAmount(amount: unknown): amount is number {
  return typeof amount === 'number' && Number.isInteger(amount) && amount >= 1 && amount <= MAX_AMOUNT;
}

/** The largest total of a sellable item's lines that `checkQuantity` accepts (the clamp of the largest quantity). */
export function quantityLimit(item: ItemRow): number {
  return clampQuantity(item, MAX_AMOUNT).amount;
}

/** Refuses a quantity the item cannot take (4xx, nothing changed). */
export function checkQuantity(item: ItemRow | undefined, amount: unknown): asserts amount is number {
  if (!isValidAmount(amount)) throw cartError(Codes.invalidAmount, 'The quantity must be a whole number of at least 1', 400);
  if (!item || item.deleted) throw cartError(Codes.itemNotFound, 'The item does not exist', 404);
  if (item.listState !== 'published' || item.hidden) throw cartError(Codes.unavailableForSale, 'The item is not for sale', 409);
  if (item.ownerDisabled) throw cartError(Codes.unavailableForSale, 'The supplier of this item is not selling for now', 409);
  if (disabledReason(item) === 'concluded') throw cartError(Codes.unavailableForSale, 'The experience has already taken place', 409);
  if (item.soldOut || (item.stockType === 'onstock' && item.available !== null && item.available <= 0)) {
    throw cartError(Codes.outOfStock, 'The item is out of stock', 409);
  }
  if (item.maxPurchaseAmount !== null && amount > item.maxPurchaseAmount) {
    throw cartError(Codes.maxPurchaseAmountExceeded, `At most ${item.maxPurchaseAmount} per purchase`, 409, {
      max_purchase_amount: item.maxPurchaseAmount,
    });
  }
  if (item.stockType === 'onstock' && item.available !== null && amount > item.available) {
    throw cartError(Codes.quantityExceeded, 'There are not enough in stock', 409, { available: item.available });
  }
}

/**
 * The line's variant for the item (contracts `resolveVariant`): the chosen option per name that offers a choice, the
 * first option of a name not given. 400 `invalid_variant` for a name or option the item does not offer.
 */
export function lineVariant(item: Pick<ItemRow, 'variants'>, given: unknown): CartVariant {
  const variant = resolveVariant(item.variants ?? {}, given);
  if (!variant) throw cartError(Codes.invalidVariant, 'The item does not offer this variant', 400);
  return variant;
}

/**
 * What a line may hold when the item's other lines (its other variants) already hold `used`: the quantity rules apply
 * to the item's total across its lines (spec 1 §5), so the line gets what the item allows beyond them.
 */
export function clampLine(item: ItemRow | undefined, used: number, requested: number): { amount: number; code?: CartAdjustment['code'] } {
  const total = clampQuantity(item, used + requested);
  const amount = Math.max(0, Math.min(requested, total.amount - used));
  return amount < requested ? { amount, code: total.code ?? 'quantity_exceeded' } : { amount };
}

/** The largest quantity the item allows up to `requested` (0 = none), and why it was cut. */
export function clampQuantity(item: ItemRow | undefined, requested: number): { amount: number; code?: CartAdjustment['code'] } {
  if (!item || item.deleted) return { amount: 0, code: 'not_found' };
  if (item.listState !== 'published' || item.hidden) return { amount: 0, code: 'unavailable_for_sale' };
  if (item.soldOut || (item.stockType === 'onstock' && item.available !== null && item.available <= 0))
    return { amount: 0, code: 'out_of_stock' };
  let amount = requested;
  let code: CartAdjustment['code'] | undefined;
  if (item.stockType === 'onstock' && item.available !== null && amount > item.available) {
    amount = item.available;
    code = 'quantity_exceeded';
  }
  if (item.maxPurchaseAmount !== null && amount > item.maxPurchaseAmount) {
    amount = item.maxPurchaseAmount;
    code = 'max_purchase_amount_exceeded';
  }
  return code ? { amount, code } : { amount };
}

export function cartProduct(item: ItemRow, amount: number, variant: CartVariant = {}): CartProduct {
  const reason = disabledReason(item);
  const unit = item.priceMinor;
  return {
    id: item.itemId,
    line_id: cartLineId(item.itemId, variant),
    variant,
    name: item.name,
    photo: item.photo,
    description: item.description,
    amount,
    available: item.available,
    stock_type: item.stockType as StockType,
    disabled: reason !== null,
    disabled_reason: reason,
    max_purchase_amount: item.maxPurchaseAmount,
    unit_price: formatMinorUnits(unit),
    unit_price_minor: unit,
    total: formatMinorUnits(unit * amount),
    total_minor: unit * amount,
    currency: item.currency,
    type: item.type as ItemType,
    item_slug: item.slug,
    owner_id: item.ownerId,
  };
}

export interface CartOrderDraft {
  id: string;
  supplierId: string;
  dssupplierId: string | null;
  lines: Array<{ item: ItemRow; amount: number; variant: CartVariant }>;
}

/** A cart line as stored: its item, its canonical variant and the quantity. */
export interface LineRow {
  itemId: string;
  variant: CartVariant;
  quantity: number;
}

/** The stored key of a line's variant ('' for none). */
export const keyOf = (variant: CartVariant): string => variantKey(variant);

/** Groups lines into cart orders, in the order their first line was added. Lines of unknown items are left out. */
export function groupLines(shop: Pick<ShopRow, 'ownerId'>, lines: LineRow[], byId: Map<string, ItemRow>) {
  const orders = new Map<string, CartOrderDraft>();
  for (const line of lines) {
    const item = byId.get(line.itemId);
    if (!item) continue;
    const { supplierId, dssupplierId } = supplierOf(item, shop);
    const id = cartOrderId(supplierId, dssupplierId);
    let order = orders.get(id);
    if (!order) orders.set(id, (order = { id, supplierId, dssupplierId, lines: [] }));
    order.lines.push({ item, amount: line.quantity, variant: line.variant });
  }
  return [...orders.values()];
}

/** Every supplier whose configuration the cart shows. */
export function suppliersOf(drafts: CartOrderDraft[]): string[] {
  return [...new Set(drafts.flatMap((d) => (d.dssupplierId ? [d.supplierId, d.dssupplierId] : [d.supplierId])))];
}

/**
 * Whether a cart order can be checked out: the shipper takes a payment type and, when a product is in it, can deliver
 * (services, experiences and digital items need no delivery).
 */
export function configuredFor(
  shipper: SupplierConfig | undefined,
  lines: ReadonlyArray<{ item: Pick<ItemRow, 'type'> }>,
): shipper is SupplierConfig {
  if (!shipper?.takesPayment) return false;
  return shipper.ships || !lines.some((l) => l.item.type === 'product');
}

export function cartOrder(draft: CartOrderDraft, configs: Map<string, SupplierConfig>, shop: ShopRow): CartOrder {
  const products = draft.lines.map((l) => cartProduct(l.item, l.amount, l.variant));
  const totalMinor = products.filter((p) => !p.disabled).reduce((sum, p) => sum + p.total_minor, 0);
  const supplier = configs.get(draft.supplierId);
  const shipper = configs.get(configuredBy(draft.supplierId, draft.dssupplierId));
  const ds = draft.dssupplierId ? configs.get(draft.dssupplierId) : undefined;
  const fixed = ds?.fixedShipping ?? null;
  return {
    id: draft.id,
    supplier: draft.supplierId,
    supplier_name: supplier?.name || (draft.supplierId === shop.ownerId ? shop.name : ''),
    dssupplier: draft.dssupplierId,
    currency: products[0]?.currency ?? DEFAULT_CURRENCY,
    total: formatMinorUnits(totalMinor),
    total_minor: totalMinor,
    amount: products.reduce((sum, p) => sum + p.amount, 0),
    products,
    aggregated: draft.dssupplierId !== null,
    is_configured: configuredFor(shipper, draft.lines),
    supplier_info: { enabled_payment_types: [...(shipper?.enabledPaymentTypes ?? [])] },
    dssupplier_info: draft.dssupplierId
      ? {
          fixed_shipping_cost: fixed ? formatMinorUnits(fixed.costMinor) : null,
          fixed_shipping_cost_minor: fixed ? fixed.costMinor : null,
          fixed_shipping_days: fixed ? fixed.days : null,
          name: ds?.name ?? '',
        }
      : null,
    public_slug: null,
  };
}

export function buildCart(
  cartId: string | null,
  shop: ShopRow,
  drafts: CartOrderDraft[],
  configs: Map<string, SupplierConfig>,
  adjustments?: CartAdjustment[],
): Cart {
  const orders = drafts.map((d) => cartOrder(d, configs, shop));
  const amountMinor = orders.reduce((sum, o) => sum + o.total_minor, 0);
  return {
    cart_id: cartId,
    shop_slug: shop.slug,
    total_products: orders.reduce((sum, o) => sum + o.amount, 0),
    amount: formatMinorUnits(amountMinor),
    amount_minor: amountMinor,
    currency: orders[0]?.currency ?? DEFAULT_CURRENCY,
    orders,
    ...(adjustments ? { adjustments } : {}),
  };
}
