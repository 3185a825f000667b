import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CartCheckoutErrorCodes as Codes,
  CartCheckoutEvents,
  formatMinorUnits,
  type CartProduct,
  type Checkout,
  type CheckoutAddress,
  type CheckoutDelivery,
  type CheckoutDeliveryOptions,
} from '@vitrina/contracts';
import { DB, Outbox, TransactionRunner, type Db, type Tx, withCompiledRows } from '@vitrina/platform';
import { cartError } from '../carts/domain/cart.rules.js';
import { configurationColumns, configurationOf } from '../delivery/delivery.service.js';
import * as schema from '../db/schema.js';
import { checkoutLines, checkouts, supplierSettings } from '../db/schema.js';
import { Clock } from '../shared/clock.js';
import {
  NO_DELIVERY_OPTIONS,
  checkoutView,
  effectiveStatus,
  needsDelivery,
  type CheckoutLineRow,
  type CheckoutRow,
} from './checkout.view.js';

/** A checkout's payment token (the payments issue's `/payment/{token}/...` routes): 192 random bits. */
export function newPaymentToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What the delivery routes (H3) set: the API's delivery without its price, which `shippingMinor` gives. */
export type DeliveryInput = Omit<CheckoutDelivery, 'price' | 'price_minor'>;

/**
 * Checkout rows: reads scoped to their owner (another user's id is not found) and the writes that advance an open
 * checkout. An expired checkout answers 410 `checkout_expired` on every write; reads still work.
 */
@Injectable()
export class CheckoutRepository {
  /** The reads outside transactions, prepared once (issue 11: no query building per request, one parse per connection). */
  private readonly prepared;

  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly tx: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {
    this.prepared = {
      row: withCompiledRows(
        db
          .select()
          .from(checkouts)
          .where(and(eq(checkouts.id, sql.placeholder('id')), eq(checkouts.userId, sql.placeholder('userId'))))
          .prepare('cart_checkout_checkout_row'),
      ),
      lines: withCompiledRows(
        db
          .select()
          .from(checkoutLines)
          .where(eq(checkoutLines.checkoutId, sql.placeholder('id')))
          .prepare('cart_checkout_checkout_lines'),
      ),
      settings: withCompiledRows(
        db
          .select(configurationColumns(supplierSettings, { name: sql<null>`null` }))
          .from(supplierSettings)
          .where(eq(supplierSettings.supplierId, sql.placeholder('id')))
          .prepare('cart_checkout_checkout_shipper_settings'),
      ),
    };
  }

  async loadRow(id: string, userId: string, db: Db<typeof schema> | Tx<typeof schema> = this.db, lock = false): Promise<CheckoutRow> {
    if (id.length > 64) throw cartError(Codes.checkoutNotFound, 'The checkout does not exist', 404);
    let row: CheckoutRow | undefined;
    if (db === this.db && !lock) [row] = await this.prepared.row.execute({ id, userId });
    else {
      const q = db
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.id, id), eq(checkouts.userId, userId)));
      [row] = lock ? await q.for('update') : await q;
    }
    if (!row) throw cartError(Codes.checkoutNotFound, 'The checkout does not exist', 404);
    return row;
  }

  async linesOf(id: string, db: Db<typeof schema> | Tx<typeof schema> = this.db): Promise<CheckoutLineRow[]> {
    if (db === this.db) return this.prepared.lines.execute({ id });
    return db.select().from(checkoutLines).where(eq(checkoutLines.checkoutId, id));
  }

  /** The checkout as the API shows it, with what its shipper offers for delivery (one primary-key read, products only). */
  async view(row: CheckoutRow, lines: CheckoutLineRow[]): Promise<Checkout> {
    return checkoutView(row, lines, this.clock.now(), await this.optionsFor(row, lines));
  }

  /** What the checkout's shipper offers for delivery, for products only (one primary-key read). */
  async optionsFor(
    row: Pick<CheckoutRow, 'supplierId' | 'dssupplierId'>,
    lines: Array<Pick<CheckoutLineRow, 'product'>>,
  ): Promise<CheckoutDeliveryOptions> {
    const products = lines.map((l) => l.product as CartProduct);
    return needsDelivery(products) ? this.deliveryOptions(row.dssupplierId ?? row.supplierId) : NO_DELIVERY_OPTIONS;
  }

  /** The shipper's configuration (`configurationOf`, as checkout creation has it from the cart's read) says it. */
  private async deliveryOptions(shipperId: string): Promise<CheckoutDeliveryOptions> {
    const [settings] = await this.prepared.settings.execute({ id: shipperId });
    return configurationOf(settings).delivery;
  }

  /** The signed-in user's checkout (404 `checkout_not_found` for anyone else's). */
  async loadOwnedCheckout(id: string, userId: string): Promise<Checkout> {
    const row = await this.loadRow(id, userId);
    return this.view(row, await this.linesOf(id));
  }

  /** Refuses a write on a checkout that is no longer open (410 when its time ran out). */
  assertWritable(row: CheckoutRow): void {
    const status = effectiveStatus(row, this.clock.now());
    if (status === 'expired') throw cartError(Codes.checkoutExpired, 'The checkout has expired, start again', 410);
    if (status !== 'open' && status !== 'ready') throw cartError(Codes.checkoutNotOpen, `The checkout is ${status}`, 409);
  }

  /**
   * Runs `change` on the owner's open checkout inside one transaction (row locked) and answers the checkout after it.
   * Used by every write of this service and of the delivery routes.
   */
  async update(
    id: string,
    userId: string,
    change: (row: CheckoutRow, tx: Tx<typeof schema>) => Promise<Partial<typeof checkouts.$inferInsert> | void>,
  ): Promise<Checkout> {
    const row = await this.tx.run(async (tx) => {
      const current = await this.loadRow(id, userId, tx, true);
      this.assertWritable(current);
      const set = await change(current, tx);
      if (!set || Object.keys(set).length === 0) return current;
      const [updated] = await tx
        .update(checkouts)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(checkouts.id, id))
        .returning();
      return updated ?? current;
    });
    return this.view(row, await this.linesOf(id));
  }

  /**
   * Sets the checkout's delivery and shipping cost (H3's routes: fixed, broker, pickup) and makes it ready to pay:
   * answers the payment token (kept across later delivery changes). Publishes `cart.checkout.ready`.
   */
  async setDelivery(
    checkoutId: string,
    userId: string,
    delivery: DeliveryInput,
    shippingMinor: number,
    address?: CheckoutAddress | null,
  ): Promise<{ token: string; checkout: Checkout }> {
    let token = '';
    const checkout = await this.update(checkoutId, userId, async (row, tx) => {
      token = row.paymentToken ?? newPaymentToken();
      await this.outbox.add(tx, { type: CartCheckoutEvents.ready, key: checkoutId, data: { checkoutId } });
      return {
        delivery: { ...delivery, price: formatMinorUnits(shippingMinor), price_minor: shippingMinor },
        shippingMinor,
        ...(address !== undefined ? { address } : {}),
        paymentToken: token,
        status: 'ready',
      };
    });
    return { token, checkout };
  }

  /** Marks open checkouts whose time ran out as expired and publishes `cart.checkout.expired` (the catalogue releases). */
  async expireDue(limit = 500): Promise<string[]> {
    const now = this.clock.now();
    return this.tx.run(async (tx) => {
      const due = await tx
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(and(inArray(checkouts.status, ['open', 'ready']), sql`${checkouts.expiresAt} <= ${now.toISOString()}`))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const ids = due.map((d) => d.id);
      await tx
        .update(checkouts)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(inArray(checkouts.id, ids));
      await this.outbox.add(
        tx,
        ids.map((checkoutId) => ({ type: CartCheckoutEvents.expired, key: checkoutId, data: { checkoutId } })),
      );
      return ids;
    });
  }
}
