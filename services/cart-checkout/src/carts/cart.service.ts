import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CartCheckoutErrorCodes as Codes,
  canonicalVariant,
  cartLineId,
  formatMinorUnits,
  isVariantShape,
  parseCartLineId,
  resolveVariant,
  type Cart,
  type CartAdjustment,
  type CartTotal,
  type CartVariant,
} from '@vitrina/contracts';
import { DB, newId, PreparedSql, TransactionRunner, type Db, type Tx, withCompiledRows, databaseError } from '@vitrina/platform';
import * as schema from '../db/schema.js';
import { cartLines, carts, items, shops } from '../db/schema.js';
import { supplierNames, supplierSettings } from '../db/delivery-schema.js';
import { configurationColumns, configurationOf, DeliveryService, type ConfigurationRow } from '../delivery/delivery.service.js';
import {
  buildCart,
  cartError,
  checkQuantity,
  clampLine,
  DEFAULT_CURRENCY,
  disabledReason,
  groupLines,
  isValidAmount,
  keyOf,
  lineVariant,
  quantityLimit,
  suppliersOf,
  type CartOrderDraft,
  type ItemRow,
  type LineRow,
  type ShopRow,
  type SupplierConfig,
} from './domain/cart.rules.js';

type AnyDb = Db<typeof schema> | Tx<typeof schema>;

const LINE_ORDER = [asc(cartLines.addedAt), asc(cartLines.itemId), asc(cartLines.variantKey)];

/**
 * The hot statements, built once and prepared (issue 11 benchmarks: drizzle's query building and the round trips were
 * most of a cart request's CPU). On PostgreSQL each is parsed once per pooled connection; PGlite ignores the names.
 */
function preparedStatements(db: Db<typeof schema>) {
  // The configurations of the suppliers a cart order needs: its items' owners and, for a resold dropshipping item,
  // the shop's owner (cart.rules `supplierOf`). Joined beside the lines, so a whole cart is one statement.
  const ownerSettings = alias(supplierSettings, 'owner_settings');
  const ownerNames = alias(supplierNames, 'owner_names');
  const shopSettings = alias(supplierSettings, 'shop_owner_settings');
  const shopNames = alias(supplierNames, 'shop_owner_names');
  const cartRow = {
    cartId: carts.id,
    itemId: cartLines.itemId,
    variant: cartLines.variant,
    quantity: cartLines.quantity,
    item: items,
    owner: configurationColumns(ownerSettings, ownerNames),
    shopOwner: configurationColumns(shopSettings, shopNames),
  };
  return {
    shopBySlug: withCompiledRows(
      db
        .select()
        .from(shops)
        .where(eq(shops.slug, sql.placeholder('slug')))
        .prepare('cart_checkout_shop_by_slug'),
    ),
    /** The shop and one item of the projection (absent: null) in one read: what an add or a set checks first. */
    shopAndItem: withCompiledRows(
      db
        .select({ shop: shops, item: items })
        .from(shops)
        .leftJoin(items, eq(items.itemId, sql.placeholder('itemId')))
        .where(eq(shops.slug, sql.placeholder('slug')))
        .prepare('cart_checkout_shop_and_item'),
    ),
    /** The same with the configurations of the shop's owner and the item's: 'Comprar ahora' needs no other read. */
    shopItemAndSuppliers: withCompiledRows(
      db
        .select({
          shop: shops,
          item: items,
          owner: configurationColumns(ownerSettings, ownerNames),
          shopOwner: configurationColumns(shopSettings, shopNames),
        })
        .from(shops)
        .leftJoin(items, eq(items.itemId, sql.placeholder('itemId')))
        .leftJoin(ownerSettings, eq(ownerSettings.supplierId, items.ownerId))
        .leftJoin(ownerNames, eq(ownerNames.userId, items.ownerId))
        .leftJoin(shopSettings, eq(shopSettings.supplierId, shops.ownerId))
        .leftJoin(shopNames, eq(shopNames.userId, shops.ownerId))
        .where(eq(shops.slug, sql.placeholder('slug')))
        .prepare('cart_checkout_shop_item_and_suppliers'),
    ),
    itemsByIds: withCompiledRows(
      db
        .select()
        .from(items)
        .where(sql`${items.itemId} = any(${sql.placeholder('ids')}::text[])`)
        .prepare('cart_checkout_items_by_ids'),
    ),
    /** The shop, the user's cart in it, its lines, their items and their suppliers: the whole cart in one statement. */
    cartBySlug: withCompiledRows(
      db
        .select({ shop: shops, ...cartRow })
        .from(shops)
        .leftJoin(carts, and(eq(carts.shopId, shops.shopId), eq(carts.userId, sql.placeholder('userId'))))
        .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
        .leftJoin(items, eq(items.itemId, cartLines.itemId))
        .leftJoin(ownerSettings, eq(ownerSettings.supplierId, items.ownerId))
        .leftJoin(ownerNames, eq(ownerNames.userId, items.ownerId))
        .leftJoin(shopSettings, eq(shopSettings.supplierId, shops.ownerId))
        .leftJoin(shopNames, eq(shopNames.userId, shops.ownerId))
        .where(eq(shops.slug, sql.placeholder('slug')))
        .orderBy(...LINE_ORDER)
        .prepare('cart_checkout_cart_by_slug'),
    ),
    /** The same for a shop already read (after a write): the shop's owner comes as a parameter. */
    cartByShop: withCompiledRows(
      db
        .select(cartRow)
        .from(carts)
        .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
        .leftJoin(items, eq(items.itemId, cartLines.itemId))
        .leftJoin(ownerSettings, eq(ownerSettings.supplierId, items.ownerId))
        .leftJoin(ownerNames, eq(ownerNames.userId, items.ownerId))
        .leftJoin(shopSettings, eq(shopSettings.supplierId, sql.placeholder('shopOwnerId')))
        .leftJoin(shopNames, eq(shopNames.userId, sql.placeholder('shopOwnerId')))
        .where(and(eq(carts.userId, sql.placeholder('userId')), eq(carts.shopId, sql.placeholder('shopId'))))
        .orderBy(...LINE_ORDER)
        .prepare('cart_checkout_cart_by_shop'),
    ),
    lines: withCompiledRows(
      db
        .select({ itemId: cartLines.itemId, variant: cartLines.variant, quantity: cartLines.quantity })
        .from(cartLines)
        .where(eq(cartLines.cartId, sql.placeholder('cartId')))
        .orderBy(...LINE_ORDER)
        .prepare('cart_checkout_cart_lines'),
    ),
  };
}

interface CartJoinRow {
  cartId: string | null;
  itemId: string | null;
  variant: CartVariant | null;
  quantity: number | null;
  item: ItemRow | null;
  owner: ConfigurationRow | null;
  shopOwner: ConfigurationRow | null;
}

interface LoadedCart {
  cartId: string | undefined;
  lines: LineRow[];
  byId: Map<string, ItemRow>;
  /** The configurations of the lines' suppliers and of the shop's owner. */
  configs: Map<string, SupplierConfig>;
}

/** Rows of the cart + lines + items + suppliers join → the cart id, its lines in order, their items and suppliers. */
function cartFromRows(rows: CartJoinRow[], shopOwnerId: string): LoadedCart {
  const lines: LineRow[] = [];
  const byId = new Map<string, ItemRow>();
  const configs = new Map<string, SupplierConfig>();
  if (rows.length > 0) configs.set(shopOwnerId, configurationOf(rows[0].shopOwner));
  for (const r of rows) {
    if (r.itemId === null || r.quantity === null) continue;
    lines.push({ itemId: r.itemId, variant: r.variant ?? {}, quantity: r.quantity });
    if (!r.item) continue;
    byId.set(r.itemId, r.item);
    if (!configs.has(r.item.ownerId)) configs.set(r.item.ownerId, configurationOf(r.owner));
  }
  return { cartId: rows[0]?.cartId ?? undefined, lines, byId, configs };
}

const p = (name: string) => sql.placeholder(name);
/** `cart_write_line` (migration 0011): the cart created or marked, then its line written; built once. */
const WRITE_LINE = new PreparedSql<{
  newCartId: string;
  userId: string;
  shopId: string;
  itemId: string;
  variantKey: string;
  variant: string;
  amount: number;
  limit: number;
  add: boolean;
}>(
  () => sql`select line_cart_id from "cart-checkout".cart_write_line(${p('newCartId')}::text, ${p('userId')}::text,
    ${p('shopId')}::text, ${p('itemId')}::text, ${p('variantKey')}::text, ${p('variant')}::jsonb, ${p('amount')}::int,
    ${p('limit')}::int, ${p('add')}::boolean)`,
);

/** The quantities `cart_write_line` found held when it refused a line (SQLSTATE VC409), or undefined for any other error. */
function refusalOf(error: unknown): { others: number; mine: number } | undefined {
  const detail = databaseError(error, 'VC409')?.detail;
  return detail === undefined ? undefined : (JSON.parse(detail) as { others: number; mine: number });
}

/**
 * Carts of signed-in shoppers, one per shop (issue 11; spec 1 §3-§5, spec 3 §3). Lines hold quantities only:
 * price, availability and state come from the item projection when the cart is read, so a price change or an
 * unpublished item shows at once. Every refusal is a 4xx that changes nothing.
 */
@Injectable()
export class CartService {
  private readonly prepared: ReturnType<typeof preparedStatements>;

  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly tx: TransactionRunner<typeof schema>,
    private readonly delivery: DeliveryService,
  ) {
    this.prepared = preparedStatements(db);
  }

  async shopBySlug(slug: string): Promise<ShopRow> {
    const [shop] = slug.length <= 200 ? await this.prepared.shopBySlug.execute({ slug }) : [];
    if (!shop) throw cartError(Codes.shopNotFound, 'The shop does not exist', 404);
    return shop;
  }

  /** The shop (404 when absent) and the item of the projection (undefined when absent), in one read. */
  async shopAndItem(slug: string, itemId: string): Promise<{ shop: ShopRow; item: ItemRow | undefined }> {
    const [row] = slug.length <= 200 ? await this.prepared.shopAndItem.execute({ slug, itemId: itemId.length <= 64 ? itemId : '' }) : [];
    if (!row) throw cartError(Codes.shopNotFound, 'The shop does not exist', 404);
    return { shop: row.shop, item: row.item ?? undefined };
  }

  /**
   * The shop (404 when absent), one item of the projection and the configurations of both their owners, which are
   * every supplier `supplierOf` can name for the item in this shop: one statement.
   */
  async shopItemAndSuppliers(
    slug: string,
    itemId: string,
  ): Promise<{ shop: ShopRow; item: ItemRow | undefined; configs: Map<string, SupplierConfig> }> {
    const [row] =
      slug.length <= 200 ? await this.prepared.shopItemAndSuppliers.execute({ slug, itemId: itemId.length <= 64 ? itemId : '' }) : [];
    if (!row) throw cartError(Codes.shopNotFound, 'The shop does not exist', 404);
    const configs = new Map<string, SupplierConfig>([[row.shop.ownerId, configurationOf(row.shopOwner)]]);
    if (row.item && !configs.has(row.item.ownerId)) configs.set(row.item.ownerId, configurationOf(row.owner));
    return { shop: row.shop, item: row.item ?? undefined, configs };
  }

  async itemsById(ids: string[]): Promise<Map<string, ItemRow>> {
    const unique = [...new Set(ids)].filter((id) => id.length <= 64);
    if (unique.length === 0) return new Map();
    const rows = await this.prepared.itemsByIds.execute({ ids: unique });
    return new Map(rows.map((r) => [r.itemId, r]));
  }

  /** Supplier configurations (H3's DeliveryService), the one place the cart asks for them. */
  configurations(supplierIds: string[]): Promise<Map<string, SupplierConfig>> {
    return this.delivery.configurations(supplierIds);
  }

  async render(cartId: string | null, shop: ShopRow, drafts: CartOrderDraft[], adjustments?: CartAdjustment[]): Promise<Cart> {
    const configs = await this.configurations(suppliersOf(drafts));
    return buildCart(cartId, shop, drafts, configs, adjustments);
  }

  private async findCart(userId: string, shopId: string, db: AnyDb = this.db): Promise<string | undefined> {
    const [cart] = await db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.userId, userId), eq(carts.shopId, shopId)));
    return cart?.id;
  }

  /**
   * The user's cart in the shop, created when absent, locked and marked updated, in one statement: the upsert takes the
   * cart row's lock, which orders concurrent writes to one cart (two merges, an add beside a merge). Every caller
   * writes the cart's lines in the same transaction (a refusal rolls the mark back with the rest).
   */
  private async ensureCart(tx: Tx<typeof schema>, userId: string, shopId: string): Promise<string> {
    const [cart] = await tx
      .insert(carts)
      .values({ id: newId(), userId, shopId })
      .onConflictDoUpdate({ target: [carts.userId, carts.shopId], set: { updatedAt: sql`now()` } })
      .returning({ id: carts.id });
    if (!cart) throw new Error('cart vanished after insert');
    return cart.id;
  }

  async lines(cartId: string): Promise<LineRow[]> {
    return this.prepared.lines.execute({ cartId });
  }

  /** The cart as its orders (an empty cart has no orders: never a 404 for a real shop). */
  async cartOf(userId: string, shop: ShopRow, adjustments?: CartAdjustment[]): Promise<Cart> {
    return this.rendered(shop, await this.load(userId, shop), adjustments);
  }

  private rendered(shop: ShopRow, cart: LoadedCart, adjustments?: CartAdjustment[]): Cart {
    if (!cart.cartId) return buildCart(null, shop, [], cart.configs, adjustments);
    return buildCart(cart.cartId, shop, groupLines(shop, cart.lines, cart.byId), cart.configs, adjustments);
  }

  /** The user's cart in a shop with its lines, their items and suppliers, in one read (every cart answer after a write). */
  private async load(userId: string, shop: ShopRow): Promise<LoadedCart> {
    const rows = await this.prepared.cartByShop.execute({ userId, shopId: shop.shopId, shopOwnerId: shop.ownerId });
    return cartFromRows(rows, shop.ownerId);
  }

  /** The shop (404 when absent) with the user's cart, its lines, their items and suppliers: one statement. */
  private async loadBySlug(userId: string, slug: string) {
    const rows = slug.length <= 200 ? await this.prepared.cartBySlug.execute({ userId, slug }) : [];
    if (rows.length === 0) throw cartError(Codes.shopNotFound, 'The shop does not exist', 404);
    return { shop: rows[0].shop, ...cartFromRows(rows, rows[0].shop.ownerId) };
  }

  async get(userId: string, slug: string): Promise<Cart> {
    const { shop, ...cart } = await this.loadBySlug(userId, slug);
    return this.rendered(shop, cart);
  }

  /** The header badge: one read, no supplier configurations. */
  async total(userId: string, slug: string): Promise<CartTotal> {
    const { lines, byId } = await this.loadBySlug(userId, slug);
    let count = 0;
    let minor = 0;
    let currency: string | undefined;
    for (const l of lines) {
      const item = byId.get(l.itemId);
      if (!item) continue;
      count += l.quantity;
      currency ??= item.currency;
      if (!disabledReason(item)) minor += item.priceMinor * l.quantity;
    }
    return { total_products: count, amount: formatMinorUnits(minor), amount_minor: minor, currency: currency ?? DEFAULT_CURRENCY };
  }

  /** The item's lines in the cart (every variant), locked: the quantity rules apply to their total. */
  private async itemLines(tx: Tx<typeof schema>, cartId: string, itemId: string): Promise<Map<string, number>> {
    const rows = await tx
      .select({ variantKey: cartLines.variantKey, quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.itemId, itemId)))
      .for('update');
    return new Map(rows.map((r) => [r.variantKey, r.quantity]));
  }

  /**
   * Adds `amount` to the line of (item, variant) (a new line when absent). The variant is checked against the item's
   * (400 `invalid_variant`; none given = the first option of each choice); the item's total across its variant lines
   * must pass the quantity rules.
   */
  async add(userId: string, slug: string, itemId: string, amount: unknown, variant?: unknown): Promise<Cart> {
    if (!isValidAmount(amount)) checkQuantity(undefined, amount);
    // the item is the projection's row, read unlocked (as before, when this read ran inside the transaction)
    const { shop, item } = await this.shopAndItem(slug, itemId);
    if (!item || item.deleted) checkQuantity(item, amount);
    const chosen = lineVariant(item!, variant);
    // the item's own rules first (what the line alone may not exceed); the statement then checks the item's total
    checkQuantity(item, amount);
    await this.writeLine(userId, shop.shopId, item!, chosen, amount, 'add');
    return this.cartOf(userId, shop);
  }

  /**
   * Sets a line's quantity. The line is (item, variant) as given; when the cart has no such line, the variant is
   * checked as an add's (so the item route on an item with choices sets its first-option line).
   */
  async set(userId: string, slug: string, itemId: string, variant: CartVariant, amount: unknown): Promise<Cart> {
    if (!isValidAmount(amount)) checkQuantity(undefined, amount);
    const { shop, item } = await this.shopAndItem(slug, itemId);
    if (!item || item.deleted) checkQuantity(item, amount);
    // When the given variant is the line an add would resolve it to (an item without choices, a full variant), the
    // line is the same whatever the cart holds: one call reads and writes it (`writeLine`). Otherwise the held lines decide.
    const resolved = resolveVariant(item!.variants ?? {}, variant);
    const plain = resolved !== undefined && keyOf(resolved) === keyOf(variant);
    if (plain) {
      checkQuantity(item, amount);
      await this.writeLine(userId, shop.shopId, item!, variant, amount, 'set');
      return this.cartOf(userId, shop);
    }
    await this.tx.run(async (tx) => {
      const cartId = await this.ensureCart(tx, userId, shop.shopId);
      const held = await this.itemLines(tx, cartId, itemId);
      const chosen = held.has(keyOf(variant)) ? variant : lineVariant(item!, variant);
      const key = keyOf(chosen);
      checkQuantity(item, othersThan(held, key) + amount);
      await this.upsertLine(tx, cartId, itemId, chosen, amount);
    });
    return this.cartOf(userId, shop);
  }

  /**
   * The line of (item, variant) set to `amount` or raised by it, when the item's total across its lines stays within
   * what the item allows, in the user's cart in the shop (created when absent): one round trip, the database's
   * `cart_write_line` (migration 0011), which takes the cart row's lock first (it orders the cart's writers, as
   * `ensureCart` does in a transaction) and then writes the line in a statement of its own that sees every line committed
   * before. Refused: the quantity rules' 4xx, nothing written (the function's refusal rolls back the cart's mark too).
   */
  private async writeLine(
    userId: string,
    shopId: string,
    item: ItemRow,
    variant: CartVariant,
    amount: number,
    mode: 'add' | 'set',
  ): Promise<void> {
    try {
      await this.tx.statement(
        (db) =>
          WRITE_LINE.execute(db, {
            newCartId: newId(),
            userId,
            shopId,
            itemId: item.itemId,
            variantKey: keyOf(variant),
            variant: JSON.stringify(variant),
            amount,
            limit: quantityLimit(item),
            add: mode === 'add',
          }),
        { events: false },
      );
    } catch (error) {
      const held = refusalOf(error);
      if (!held) throw error;
      const total = held.others + (mode === 'add' ? held.mine : 0) + amount;
      checkQuantity(item, total);
      throw new Error(`the cart line of ${item.itemId} was refused at ${total}, which the quantity rules allow`);
    }
  }

  /** Sets the quantity of the line a `line_id` names (404 `item_not_found` when the id names no item). */
  async setLine(userId: string, slug: string, lineId: string, amount: unknown): Promise<Cart> {
    const line = lineId.length <= 2000 ? parseCartLineId(lineId) : undefined;
    if (!isValidAmount(amount)) checkQuantity(undefined, amount);
    if (!line) throw cartError(Codes.itemNotFound, 'The cart line does not exist', 404);
    return this.set(userId, slug, line.itemId, line.variant, amount);
  }

  /**
   * Removes the line of (item, variant); when there is none, the line the variant resolves to (the item route on an
   * item with choices removes its first-option line). Removing a line that is not there changes nothing.
   */
  async remove(userId: string, slug: string, itemId: string, variant: CartVariant = {}): Promise<Cart> {
    const shop = await this.shopBySlug(slug);
    const cartId = await this.findCart(userId, shop.shopId);
    if (cartId) {
      const exact = await this.db
        .delete(cartLines)
        .where(and(eq(cartLines.cartId, cartId), eq(cartLines.itemId, itemId), eq(cartLines.variantKey, keyOf(variant))))
        .returning({ itemId: cartLines.itemId });
      const item = exact.length === 0 ? (await this.itemsById([itemId])).get(itemId) : undefined;
      const resolved = item ? resolveVariant(item.variants ?? {}, variant) : undefined;
      if (resolved && keyOf(resolved) !== keyOf(variant)) {
        await this.db
          .delete(cartLines)
          .where(and(eq(cartLines.cartId, cartId), eq(cartLines.itemId, itemId), eq(cartLines.variantKey, keyOf(resolved))));
      }
    }
    return this.cartOf(userId, shop);
  }

  /** Removes the line a `line_id` names (an id that names no line changes nothing). */
  async removeLine(userId: string, slug: string, lineId: string): Promise<Cart> {
    const line = lineId.length <= 2000 ? parseCartLineId(lineId) : undefined;
    if (!line) return this.get(userId, slug);
    return this.remove(userId, slug, line.itemId, line.variant);
  }

  /**
   * Merges an anonymous visitor's local cart at sign-in: each line's quantity is added to the server's line of the same
   * item and variant, then clamped so the item's total across its lines stays within what it allows (available,
   * max_purchase_amount); unknown or unsellable items and variants the item does not offer are skipped. Every change
   * from what was asked is reported in `adjustments`.
   */
  async merge(userId: string, slug: string, sent: SentLine[]): Promise<Cart> {
    const shop = await this.shopBySlug(slug);
    const adjustments: CartAdjustment[] = [];
    // the items are the projection's rows, read unlocked before the transaction: a read on another pooled connection
    // while the transaction holds one could wait for the pool behind transactions that wait for the same
    const byId = await this.itemsById(sent.map((s) => s.item_id));
    const wanted = wantedLines(sent, byId);
    await this.tx.run(async (tx) => {
      const cartId = await this.ensureCart(tx, userId, shop.shopId);
      const held = new Map(
        (
          await tx
            .select({ itemId: cartLines.itemId, variantKey: cartLines.variantKey, quantity: cartLines.quantity })
            .from(cartLines)
            .where(eq(cartLines.cartId, cartId))
            .for('update')
        ).map((l) => [`${l.itemId}\n${l.variantKey}`, { itemId: l.itemId, quantity: l.quantity }]),
      );
      // what the item's lines that the local cart does not touch already hold
      const used = new Map<string, number>();
      for (const [id, line] of held) if (!wanted.has(id)) used.set(line.itemId, (used.get(line.itemId) ?? 0) + line.quantity);
      for (const [id, line] of wanted) {
        if (line.skipped) {
          adjustments.push(line.skipped);
          continue;
        }
        const current = held.get(id)?.quantity ?? 0;
        const requested = current + line.amount;
        const before = used.get(line.itemId) ?? 0;
        const clamped = clampLine(byId.get(line.itemId), before, requested);
        const adjustment = { item_id: line.itemId, line_id: cartLineId(line.itemId, line.variant), variant: line.variant, requested };
        if (clamped.amount === 0) {
          adjustments.push({ ...adjustment, amount: current, code: clamped.code ?? 'not_found' });
          used.set(line.itemId, before + current);
          continue;
        }
        used.set(line.itemId, before + clamped.amount);
        if (clamped.code) adjustments.push({ ...adjustment, amount: clamped.amount, code: clamped.code });
        if (clamped.amount !== current) await this.upsertLine(tx, cartId, line.itemId, line.variant, clamped.amount);
      }
    });
    return this.cartOf(userId, shop, adjustments);
  }

  /** An anonymous visitor's local cart priced and checked, nothing saved (cart_id null). */
  async quote(slug: string, sent: SentLine[]): Promise<Cart> {
    const shop = await this.shopBySlug(slug);
    const byId = await this.itemsById(sent.map((s) => s.item_id));
    const wanted = wantedLines(sent, byId);
    const adjustments: CartAdjustment[] = [];
    const lines: LineRow[] = [];
    const used = new Map<string, number>();
    for (const line of wanted.values()) {
      if (line.skipped) {
        adjustments.push(line.skipped);
        continue;
      }
      const item = byId.get(line.itemId)!;
      const requested = line.amount;
      const before = used.get(line.itemId) ?? 0;
      // an unsellable item stays as a disabled line, as in a saved cart
      const clamped = disabledReason(item) ? { amount: requested } : clampLine(item, before, requested);
      used.set(line.itemId, before + clamped.amount);
      if (clamped.code) {
        adjustments.push({
          item_id: line.itemId,
          line_id: cartLineId(line.itemId, line.variant),
          variant: line.variant,
          requested,
          amount: clamped.amount,
          code: clamped.code,
        });
      }
      if (clamped.amount > 0) lines.push({ itemId: line.itemId, variant: line.variant, quantity: clamped.amount });
    }
    return this.render(null, shop, groupLines(shop, lines, byId), adjustments);
  }

  private async upsertLine(tx: Tx<typeof schema>, cartId: string, itemId: string, variant: CartVariant, quantity: number): Promise<void> {
    await tx
      .insert(cartLines)
      .values({ cartId, itemId, variantKey: keyOf(variant), variant, quantity })
      .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.itemId, cartLines.variantKey], set: { quantity } });
  }

  /** Sets quantities after a refused checkout (0 removes the line). */
  async adjust(cartId: string, changes: Array<{ itemId: string; variant: CartVariant; amount: number }>): Promise<void> {
    if (changes.length === 0) return;
    await this.tx.run(async (tx) => {
      for (const c of changes) {
        const line = and(eq(cartLines.cartId, cartId), eq(cartLines.itemId, c.itemId), eq(cartLines.variantKey, keyOf(c.variant)));
        if (c.amount <= 0) await tx.delete(cartLines).where(line);
        else await tx.update(cartLines).set({ quantity: c.amount }).where(line);
      }
    });
  }
}

/** A line of an anonymous visitor's local cart (bulk merge, quote). */
export interface SentLine {
  item_id: string;
  amount: number;
  variant?: unknown;
}

/** What the item's other lines hold. */
function othersThan(held: Map<string, number>, key: string): number {
  let sum = 0;
  for (const [k, quantity] of held) if (k !== key) sum += quantity;
  return sum;
}

/**
 * The local cart's lines summed per (item, variant), in the order sent; unknown items (`not_found`) and variants the
 * item does not offer (`invalid_variant`) are left out and reported.
 */
function wantedLines(sent: SentLine[], byId: Map<string, ItemRow>): Map<string, WantedLine> {
  const wanted = new Map<string, WantedLine>();
  for (const s of sent) {
    const item = byId.get(s.item_id);
    const variant = item && !item.deleted ? resolveVariant(item.variants ?? {}, s.variant) : undefined;
    if (!variant) {
      const raw = isVariantShape(s.variant) ? canonicalVariant(s.variant) : {};
      const lineId = cartLineId(s.item_id, raw);
      const code = !item || item.deleted ? 'not_found' : 'invalid_variant';
      const skipped = wanted.get(`skip\n${lineId}`)?.skipped;
      if (skipped) skipped.requested += s.amount;
      else
        wanted.set(`skip\n${lineId}`, {
          itemId: s.item_id,
          variant: raw,
          amount: 0,
          skipped: { item_id: s.item_id, line_id: lineId, variant: raw, requested: s.amount, amount: 0, code },
        });
      continue;
    }
    const id = `${s.item_id}\n${keyOf(variant)}`;
    const line = wanted.get(id);
    if (line) line.amount += s.amount;
    else wanted.set(id, { itemId: s.item_id, variant, amount: s.amount });
  }
  return wanted;
}

interface WantedLine {
  itemId: string;
  variant: CartVariant;
  amount: number;
  /** Set when the line is left out (unknown item, variant not offered): its adjustment. */
  skipped?: CartAdjustment;
}
