import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CartCheckoutErrorCodes as Codes, formatMinorUnits, type Cart, type CartAdjustment, type CartTotal } from '@vitrina/contracts';
import { DB, newId, TransactionRunner, type Db, type Tx } from '@vitrina/platform';
import * as schema from '../db/schema.js';
import { cartLines, carts, items, shops } from '../db/schema.js';
import { DeliveryService } from '../delivery/delivery.service.js';
import {
  buildCart,
  cartError,
  checkQuantity,
  clampQuantity,
  DEFAULT_CURRENCY,
  disabledReason,
  groupLines,
  isValidAmount,
  suppliersOf,
  type CartOrderDraft,
  type ItemRow,
  type ShopRow,
  type SupplierConfig,
} from './domain/cart.rules.js';

type AnyDb = Db<typeof schema> | Tx<typeof schema>;

/**
 * Carts of signed-in shoppers, one per shop (issue 11; spec 1 §3-§5, spec 3 §3). Lines hold quantities only:
 * price, availability and state come from the item projection when the cart is read, so a price change or an
 * unpublished item shows at once. Every refusal is a 4xx that changes nothing.
 */
@Injectable()
export class CartService {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly tx: TransactionRunner<typeof schema>,
    private readonly delivery: DeliveryService,
  ) {}

  async shopBySlug(slug: string, db: AnyDb = this.db): Promise<ShopRow> {
    const [shop] = slug.length <= 200 ? await db.select().from(shops).where(eq(shops.slug, slug)) : [];
    if (!shop) throw cartError(Codes.shopNotFound, 'The shop does not exist', 404);
    return shop;
  }

  async itemsById(ids: string[], db: AnyDb = this.db): Promise<Map<string, ItemRow>> {
    const unique = [...new Set(ids)].filter((id) => id.length <= 64);
    if (unique.length === 0) return new Map();
    const rows = await db.select().from(items).where(inArray(items.itemId, unique));
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

  private async ensureCart(tx: Tx<typeof schema>, userId: string, shopId: string): Promise<string> {
    await tx.insert(carts).values({ id: newId(), userId, shopId }).onConflictDoNothing();
    // the cart row's lock orders concurrent writes to one cart (two merges, an add beside a merge)
    const [cart] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.userId, userId), eq(carts.shopId, shopId)))
      .for('update');
    if (!cart) throw new Error('cart vanished after insert');
    return cart.id;
  }

  async lines(cartId: string, db: AnyDb = this.db): Promise<Array<{ itemId: string; quantity: number }>> {
    return db
      .select({ itemId: cartLines.itemId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.itemId));
  }

  /** The cart as its orders (an empty cart has no orders: never a 404 for a real shop). */
  async cartOf(userId: string, shop: ShopRow, adjustments?: CartAdjustment[]): Promise<Cart> {
    const { cartId, lines, byId } = await this.load(userId, shop.shopId);
    if (!cartId) return this.render(null, shop, [], adjustments);
    return this.render(cartId, shop, groupLines(shop, lines, byId), adjustments);
  }

  /** The user's cart in a shop with its lines and their items, in one read (the hot path of every cart answer). */
  private async load(userId: string, shopId: string) {
    const rows = await this.db
      .select({ cartId: carts.id, itemId: cartLines.itemId, quantity: cartLines.quantity, item: items })
      .from(carts)
      .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
      .leftJoin(items, eq(items.itemId, cartLines.itemId))
      .where(and(eq(carts.userId, userId), eq(carts.shopId, shopId)))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.itemId));
    const lines: Array<{ itemId: string; quantity: number }> = [];
    const byId = new Map<string, ItemRow>();
    for (const r of rows) {
      if (r.itemId === null || r.quantity === null) continue;
      lines.push({ itemId: r.itemId, quantity: r.quantity });
      if (r.item) byId.set(r.itemId, r.item);
    }
    return { cartId: rows[0]?.cartId, lines, byId };
  }

  async get(userId: string, slug: string): Promise<Cart> {
    return this.cartOf(userId, await this.shopBySlug(slug));
  }

  /** The header badge: one read, no supplier configurations. */
  async total(userId: string, slug: string): Promise<CartTotal> {
    const shop = await this.shopBySlug(slug);
    const { lines, byId } = await this.load(userId, shop.shopId);
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

  /** Adds `amount` to the line's quantity (a new line when absent); the sum must pass the quantity rules. */
  async add(userId: string, slug: string, itemId: string, amount: unknown): Promise<Cart> {
    if (!isValidAmount(amount)) checkQuantity(undefined, amount);
    const shop = await this.shopBySlug(slug);
    await this.tx.run(async (tx) => {
      const cartId = await this.ensureCart(tx, userId, shop.shopId);
      const item = (await this.itemsById([itemId], tx)).get(itemId);
      // the line's row lock orders concurrent adds of one item to one cart
      const [line] = await tx
        .select({ quantity: cartLines.quantity })
        .from(cartLines)
        .where(and(eq(cartLines.cartId, cartId), eq(cartLines.itemId, itemId)))
        .for('update');
      const next = (line?.quantity ?? 0) + amount;
      checkQuantity(item, next);
      await this.upsertLine(tx, cartId, itemId, next);
    });
    return this.cartOf(userId, shop);
  }

  /** Sets the line's quantity. */
  async set(userId: string, slug: string, itemId: string, amount: unknown): Promise<Cart> {
    if (!isValidAmount(amount)) checkQuantity(undefined, amount);
    const shop = await this.shopBySlug(slug);
    const item = (await this.itemsById([itemId])).get(itemId);
    checkQuantity(item, amount);
    await this.tx.run(async (tx) => {
      const cartId = await this.ensureCart(tx, userId, shop.shopId);
      await this.upsertLine(tx, cartId, itemId, amount);
    });
    return this.cartOf(userId, shop);
  }

  /** Removes the line (removing a line that is not there changes nothing). */
  async remove(userId: string, slug: string, itemId: string): Promise<Cart> {
    const shop = await this.shopBySlug(slug);
    const cartId = await this.findCart(userId, shop.shopId);
    if (cartId) await this.db.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.itemId, itemId)));
    return this.cartOf(userId, shop);
  }

  /**
   * Merges an anonymous visitor's local cart at sign-in: each quantity is added to the server's, then clamped to
   * what the item allows (available, max_purchase_amount); unknown or unsellable items are skipped. Every change
   * from what was asked is reported in `adjustments`.
   */
  async merge(userId: string, slug: string, sent: Array<{ item_id: string; amount: number }>): Promise<Cart> {
    const shop = await this.shopBySlug(slug);
    const wanted = sumByItem(sent);
    const adjustments: CartAdjustment[] = [];
    await this.tx.run(async (tx) => {
      const cartId = await this.ensureCart(tx, userId, shop.shopId);
      const held = new Map(
        (
          await tx
            .select({ itemId: cartLines.itemId, quantity: cartLines.quantity })
            .from(cartLines)
            .where(eq(cartLines.cartId, cartId))
            .for('update')
        ).map((l) => [l.itemId, l.quantity]),
      );
      const byId = await this.itemsById([...wanted.keys()], tx);
      for (const [itemId, amount] of wanted) {
        const current = held.get(itemId) ?? 0;
        const requested = current + amount;
        const clamped = clampQuantity(byId.get(itemId), requested);
        if (clamped.amount === 0) {
          adjustments.push({ item_id: itemId, requested, amount: current, code: clamped.code ?? 'not_found' });
          continue;
        }
        if (clamped.code) adjustments.push({ item_id: itemId, requested, amount: clamped.amount, code: clamped.code });
        if (clamped.amount !== current) await this.upsertLine(tx, cartId, itemId, clamped.amount);
      }
    });
    return this.cartOf(userId, shop, adjustments);
  }

  /** An anonymous visitor's local cart priced and checked, nothing saved (cart_id null). */
  async quote(slug: string, sent: Array<{ item_id: string; amount: number }>): Promise<Cart> {
    const shop = await this.shopBySlug(slug);
    const wanted = sumByItem(sent);
    const byId = await this.itemsById([...wanted.keys()]);
    const adjustments: CartAdjustment[] = [];
    const lines: Array<{ itemId: string; quantity: number }> = [];
    for (const [itemId, requested] of wanted) {
      const item = byId.get(itemId);
      if (!item || item.deleted) {
        adjustments.push({ item_id: itemId, requested, amount: 0, code: 'not_found' });
        continue;
      }
      // an unsellable item stays as a disabled line, as in a saved cart
      const clamped = disabledReason(item) ? { amount: requested } : clampQuantity(item, requested);
      if (clamped.code) adjustments.push({ item_id: itemId, requested, amount: clamped.amount, code: clamped.code });
      lines.push({ itemId, quantity: clamped.amount });
    }
    return this.render(null, shop, groupLines(shop, lines, byId), adjustments);
  }

  private async upsertLine(tx: Tx<typeof schema>, cartId: string, itemId: string, quantity: number): Promise<void> {
    await tx
      .insert(cartLines)
      .values({ cartId, itemId, quantity })
      .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.itemId], set: { quantity } });
    await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
  }

  /** Sets quantities after a refused checkout (0 removes the line). */
  async adjust(cartId: string, changes: Array<{ itemId: string; amount: number }>): Promise<void> {
    if (changes.length === 0) return;
    await this.tx.run(async (tx) => {
      for (const c of changes) {
        if (c.amount <= 0) await tx.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.itemId, c.itemId)));
        else
          await tx
            .update(cartLines)
            .set({ quantity: c.amount })
            .where(and(eq(cartLines.cartId, cartId), eq(cartLines.itemId, c.itemId)));
      }
    });
  }
}

function sumByItem(sent: Array<{ item_id: string; amount: number }>): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const s of sent) wanted.set(s.item_id, (wanted.get(s.item_id) ?? 0) + s.amount);
  return wanted;
}
