import { Inject, Injectable } from '@nestjs/common';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  CartCheckoutErrorCodes as Codes,
  CartCheckoutEvents,
  CatalogueReservationsUnavailable,
  type CatalogueReservations,
  type Checkout,
  type ReserveLineOutcome,
  type ReserveRefusalCode,
  cartLineId,
  variantKey,
  type CartVariant,
} from '@vitrina/contracts';
import {
  activeIdempotencyKey,
  DB,
  newId,
  Outbox,
  driverValue,
  PreparedSqlShapes,
  rowFromJson,
  type PreparedSql,
  TransactionRunner,
  type ActiveIdempotencyKey,
  type Db,
  type NewEvent,
  type Tx,
} from '@vitrina/platform';
import { CartService } from '../carts/cart.service.js';
import {
  cartError,
  cartOrderId,
  cartProduct,
  checkQuantity,
  configuredBy,
  configuredFor,
  disabledReason,
  groupLines,
  isValidAmount,
  lineVariant,
  supplierOf,
  type CartOrderDraft,
  type ShopRow,
  type SupplierConfig,
} from '../carts/domain/cart.rules.js';
import * as schema from '../db/schema.js';
import { carts, checkoutLines, checkouts } from '../db/schema.js';
import { Clock } from '../shared/clock.js';
import { CART_CHECKOUT_CONFIG, type CartCheckoutConfig } from '../shared/config.js';
import { CheckoutRepository, newPaymentToken } from './checkout.repository.js';
import { NO_DELIVERY_OPTIONS, checkoutView, needsDelivery, type CheckoutRow } from './checkout.view.js';
import { STOCK_RESERVATIONS } from './stock-reservations.js';

export interface CheckoutOptions {
  referral?: string;
  campaign?: string;
  click_id?: string;
  to_replace?: string;
}

/**
 * Checkout creation (spec 3 §4 'Checkout flow' steps 1 and 5, 'Stock handling'; ARCHITECTURE §8): the cart order's
 * lines are snapshotted, the catalogue reserves them all or none until `expires_at`, and the checkout, its lines and
 * `cart.checkout.created` commit in one transaction. A refusal adjusts the cart down to what is left and answers 409
 * with the lines adjusted and those unavailable. A crash after reserving leaves a reservation the catalogue's sweep
 * releases at expiry.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly tx: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly carts: CartService,
    private readonly checkouts: CheckoutRepository,
    private readonly clock: Clock,
    @Inject(CART_CHECKOUT_CONFIG) private readonly config: CartCheckoutConfig,
    @Inject(STOCK_RESERVATIONS) private readonly reservations: CatalogueReservations,
  ) {}

  /** POST /shopping-carts/{cart_id}/checkout and /{cart_id}/{sub}/checkout. */
  async fromCart(userId: string, cartId: string, orderId: string, options: CheckoutOptions): Promise<Checkout> {
    const [cart] =
      cartId.length <= 64
        ? await this.db
            .select()
            .from(carts)
            .where(and(eq(carts.id, cartId), eq(carts.userId, userId)))
        : [];
    if (!cart) throw cartError(Codes.cartOrderNotFound, 'The cart order does not exist', 404);
    const [shop] = await this.db.select().from(schema.shops).where(eq(schema.shops.shopId, cart.shopId));
    if (!shop) throw cartError(Codes.cartOrderNotFound, 'The cart order does not exist', 404);
    const lines = await this.carts.lines(cart.id);
    const byId = await this.carts.itemsById(lines.map((l) => l.itemId));
    const draft = groupLines(shop, lines, byId).find((d) => d.id === orderId);
    if (!draft) throw cartError(Codes.cartOrderNotFound, 'The cart order does not exist', 404);
    // lines that cannot be sold leave the cart and are listed apart (spec 3 §4 'Stock handling')
    const unavailable = draft.lines.filter((l) => disabledReason(l.item) !== null);
    if (unavailable.length > 0) {
      await this.carts.adjust(
        cart.id,
        unavailable.map((l) => ({ itemId: l.item.itemId, variant: l.variant, amount: 0 })),
      );
      const soldOut = unavailable.every((l) => disabledReason(l.item) === 'sold_out');
      throw this.refusal(
        soldOut ? 'out_of_stock' : 'unavailable_for_sale',
        [],
        unavailable.map((l) => ({
          item_id: l.item.itemId,
          line_id: cartLineId(l.item.itemId, l.variant),
          variant: l.variant,
          reason: disabledReason(l.item) ?? 'unavailable_for_sale',
        })),
      );
    }
    return this.create(userId, shop, cart.id, draft, options);
  }

  /** POST /checkout/instant: 'Comprar ahora', one line (with the chosen variant), the cart untouched. */
  async instant(
    userId: string,
    slug: string,
    itemId: string,
    amount: unknown,
    options: CheckoutOptions,
    variant?: unknown,
  ): Promise<Checkout> {
    const { shop, item, configs } = await this.carts.shopItemAndSuppliers(slug, itemId);
    if (!isValidAmount(amount) || !item || item.deleted) checkQuantity(item, amount);
    const chosen = lineVariant(item!, variant);
    checkQuantity(item, amount);
    const { supplierId, dssupplierId } = supplierOf(item!, shop);
    const draft: CartOrderDraft = {
      id: cartOrderId(supplierId, dssupplierId),
      supplierId,
      dssupplierId,
      lines: [{ item: item!, amount, variant: chosen }],
    };
    return this.create(userId, shop, null, draft, options, configs);
  }

  private async create(
    userId: string,
    shop: ShopRow,
    cartId: string | null,
    draft: CartOrderDraft,
    options: CheckoutOptions,
    /** The suppliers' configurations when already read (with the shop and the item); read here otherwise. */
    known?: Map<string, SupplierConfig>,
  ): Promise<Checkout> {
    const configs = known ?? (await this.carts.configurations([draft.supplierId, ...(draft.dssupplierId ? [draft.dssupplierId] : [])]));
    const shipper = configs.get(configuredBy(draft.supplierId, draft.dssupplierId));
    if (!configuredFor(shipper, draft.lines)) {
      throw cartError(Codes.supplierNotConfigured, 'The supplier cannot take orders yet: payment or delivery is not configured', 409);
    }
    const checkoutId = newId();
    const expiresAt = new Date(this.clock.now().getTime() + this.config.checkoutTtlSeconds * 1000);
    const products = draft.lines.map((l) => cartProduct(l.item, l.amount, l.variant));
    let result;
    try {
      result = await this.reservations.reserve({
        checkoutId,
        userId,
        expiresAt: expiresAt.toISOString(),
        lines: draft.lines.map((l) => ({ itemId: l.item.itemId, quantity: l.amount })),
      });
    } catch (err) {
      if (err instanceof CatalogueReservationsUnavailable) {
        throw cartError(Codes.stockUnavailable, 'Stock cannot be checked right now, try again', 503);
      }
      throw err;
    }
    if (!result.ok) {
      const { adjusted, unavailable, changes } = adjustments(result.lines, draft.lines);
      if (cartId) await this.carts.adjust(cartId, changes);
      throw this.refusal(result.code, adjusted, unavailable);
    }
    const supplier = configs.get(draft.supplierId);
    const subtotal = products.reduce((sum, p) => sum + p.total_minor, 0);
    // nothing to deliver (services, experiences, digital items): ready to pay from the start
    const ready = !needsDelivery(products);
    const checkoutRow: typeof checkouts.$inferInsert = {
      id: checkoutId,
      userId,
      cartId,
      shopId: shop.shopId,
      shopSlug: shop.slug,
      supplierId: draft.supplierId,
      dssupplierId: draft.dssupplierId,
      supplierName: supplier?.name || (draft.supplierId === shop.ownerId ? shop.name : ''),
      currency: products[0]?.currency ?? 'MXN',
      status: ready ? 'ready' : 'open',
      paymentToken: ready ? newPaymentToken() : null,
      expiresAt,
      subtotalMinor: subtotal,
      needsAttendees: products.some((p) => p.type === 'experience'),
      enabledPaymentTypes: [...shipper.enabledPaymentTypes],
      referral: options.referral || null,
      campaign: options.campaign || null,
      clickId: options.click_id || null,
    };
    const lineRows = products.map((product, position) => ({
      checkoutId,
      itemId: product.id,
      variantKey: variantKey(product.variant),
      position,
      quantity: product.amount,
      unitPriceMinor: product.unit_price_minor,
      product,
    }));
    const events: NewEvent[] = [
      {
        type: CartCheckoutEvents.created,
        key: checkoutId,
        actorId: userId,
        data: {
          checkoutId,
          userId,
          shopId: shop.shopId,
          supplierId: draft.supplierId,
          dssupplierId: draft.dssupplierId,
          expiresAt: expiresAt.toISOString(),
          lines: products.map((p) => ({ itemId: p.id, quantity: p.amount, unitPriceMinor: p.unit_price_minor })),
        },
      },
      ...(ready ? [{ type: CartCheckoutEvents.ready, key: checkoutId, data: { checkoutId } }] : []),
    ];
    const replaced = options.to_replace;
    // the shipper's configuration read above says what a checkout of products offers (CheckoutRepository.optionsFor)
    const delivery = needsDelivery(products) ? shipper.delivery : NO_DELIVERY_OPTIONS;
    const now = this.clock.now();
    // the answer as the insert will write it, stored with the Idempotency-Key in the insert's own statement: a retry
    // after a crash gets this checkout back, never a second one holding stock again
    const key = replaced ? undefined : activeIdempotencyKey();
    const expected = key && checkoutView(asWritten(checkoutRow, now), lineRows, now, delivery);
    const answer = key && expected && key.completionValues(expected);
    // the rows as written (returning) are the answer: no reading them back after the commit
    const insert = () =>
      this.tx.statement((db) =>
        insertCheckout(db, this.outbox, checkoutRow, lineRows, events, key && answer ? { key, values: answer.values } : undefined),
      );
    // replacing an earlier checkout cancels it first, in one transaction with the insert (which joins it)
    const written = replaced
      ? await this.tx.run(async (tx) => {
          await this.cancelReplaced(tx, userId, replaced);
          return insert();
        })
      : await insert();
    if (key && expected && answer) {
      key.completed(answer.body);
      // the same checkout as the rows read back, its products' keys in the order they were given (jsonb reorders them)
      return expected;
    }
    return checkoutView(written.row, written.lines, now, delivery);
  }

  /** `to_replace`: the shopper's earlier open (or ready, not yet paid) checkout gives its stock back. */
  private async cancelReplaced(tx: Tx<typeof schema>, userId: string, id: string): Promise<void> {
    if (id.length > 64) return;
    const cancelled = await tx
      .update(checkouts)
      .set({ status: 'cancelled' })
      .where(and(eq(checkouts.id, id), eq(checkouts.userId, userId), inArray(checkouts.status, ['open', 'ready'])))
      .returning({ id: checkouts.id });
    if (cancelled.length > 0) await this.outbox.add(tx, { type: CartCheckoutEvents.cancelled, key: id, data: { checkoutId: id } });
  }

  private refusal(
    code: ReserveRefusalCode,
    adjusted: Array<{ item_id: string; line_id: string; variant: CartVariant; requested: number; amount: number }>,
    unavailable: Array<{ item_id: string; line_id: string; variant: CartVariant; reason: string }>,
  ) {
    const messages: Record<ReserveRefusalCode, string> = {
      insufficient_stock: 'There is not enough stock: quantities were adjusted to what is left',
      out_of_stock: 'Some items are out of stock',
      unavailable_for_sale: 'Some items are no longer for sale',
      item_not_found: 'Some items no longer exist',
    };
    return cartError(code === 'item_not_found' ? Codes.unavailableForSale : code, messages[code], 409, { adjusted, unavailable });
  }
}

/**
 * A refused reservation's lines → the cart's new quantities (down to what is left; 0 removes) and the answer's lists.
 * The catalogue answers per item (the lines of its variants summed): what is left goes to the item's lines in cart
 * order, the first ones kept whole.
 */
export function adjustments(outcomes: ReserveLineOutcome[], lines: CartOrderDraft['lines']) {
  const adjusted: Array<{ item_id: string; line_id: string; variant: CartVariant; requested: number; amount: number }> = [];
  const unavailable: Array<{ item_id: string; line_id: string; variant: CartVariant; reason: string }> = [];
  const changes: Array<{ itemId: string; variant: CartVariant; amount: number }> = [];
  for (const outcome of outcomes) {
    if (!outcome.code) continue;
    let left = outcome.code === 'insufficient_stock' || outcome.code === 'out_of_stock' ? Math.max(0, outcome.available ?? 0) : 0;
    const ofItem = lines.filter((l) => l.item.itemId === outcome.itemId);
    const parts =
      ofItem.length > 0
        ? ofItem.map((l) => ({ variant: l.variant, requested: l.amount }))
        : [{ variant: {}, requested: outcome.requested }];
    for (const part of parts) {
      const amount = Math.min(left, part.requested);
      left -= amount;
      const line = { item_id: outcome.itemId, line_id: cartLineId(outcome.itemId, part.variant), variant: part.variant };
      changes.push({ itemId: outcome.itemId, variant: part.variant, amount });
      if (amount > 0) {
        if (amount < part.requested) adjusted.push({ ...line, requested: part.requested, amount });
      } else unavailable.push({ ...line, reason: outcome.code === 'insufficient_stock' ? 'out_of_stock' : outcome.code });
    }
  }
  return { adjusted, unavailable, changes };
}

/**
 * A checkout, its lines and its events as one statement (data-modifying CTEs: one round trip that is its own
 * transaction, instead of BEGIN, three inserts and COMMIT). Answers the rows as written. Built once per shape
 * (`insertStatementFor`), so a checkout builds no SQL.
 */
async function insertCheckout(
  db: Db<typeof schema> | Tx<typeof schema>,
  outbox: Outbox,
  checkout: typeof checkouts.$inferInsert,
  lines: Array<typeof checkoutLines.$inferInsert>,
  events: NewEvent[],
  /** The call's Idempotency-Key and its answer's values (`completionValues`), written only with the checkout. */
  completion?: { key: ActiveIdempotencyKey; values: Record<string, unknown> },
): Promise<{ row: typeof checkouts.$inferSelect; lines: Array<typeof checkoutLines.$inferSelect> }> {
  const fields = Object.keys(checkout) as Array<keyof typeof checkout>;
  const lineFields = Object.keys(lines[0] ?? {}) as Array<keyof (typeof lines)[number]>;
  const values: Record<string, unknown> = {
    events: JSON.stringify(outbox.rows(events)),
    // by column name, as jsonb_to_recordset reads them (a jsonb column's value stays the JSON it is)
    lines: JSON.stringify(lines.map((line) => Object.fromEntries(lineFields.map((f) => [LINE_COLUMNS[f].name, line[f] ?? null])))),
    ...completion?.values,
  };
  for (const field of fields) values[`c_${field}`] = driverValue(CHECKOUT_COLUMNS[field], checkout[field]);
  const [found] = await insertStatementFor(fields, lineFields, completion?.key).execute<{
    checkout: Record<string, unknown>;
    lines: Array<Record<string, unknown>>;
  }>(db, values);
  if (!found) throw new Error('the checkout insert answered no row');
  return { row: rowFromJson(checkouts, found.checkout), lines: found.lines.map((l) => rowFromJson(checkoutLines, l)) };
}

const CHECKOUT_COLUMNS = getTableColumns(checkouts);
const LINE_COLUMNS = getTableColumns(checkoutLines);
const insertStatements = new PreparedSqlShapes<Record<string, unknown>>();
/**
 * The statement for a checkout row and lines of these fields, with or without the key's completion, built once (a
 * checkout's fields are the same at every call: one or two shapes in all). Each `c_` placeholder takes its type from
 * the column it is inserted into; the lines come as one JSON array, typed by their columns.
 */
function insertStatementFor(
  fields: ReadonlyArray<keyof typeof CHECKOUT_COLUMNS>,
  lineFields: ReadonlyArray<keyof typeof LINE_COLUMNS>,
  key: ActiveIdempotencyKey | undefined,
): PreparedSql<Record<string, unknown>> {
  return insertStatements.get(`${fields.join(',')}|${lineFields.join(',')}${key ? '+key' : ''}`, () => {
    const p = sql.placeholder;
    const id = (name: string) => sql.identifier(name);
    const lineColumns = lineFields.map((f) => LINE_COLUMNS[f]);
    const completion = key?.completionTemplate(sql`exists (select 1 from c)`);
    return sql`
    with c as (
      insert into ${checkouts} (${sql.join(
        fields.map((f) => id(CHECKOUT_COLUMNS[f].name)),
        sql`, `,
      )})
      values (${sql.join(
        fields.map((f) => p(`c_${f}`)),
        sql`, `,
      )})
      returning *
    ),
    l as (
      insert into ${checkoutLines} (${sql.join(
        lineColumns.map((c) => id(c.name)),
        sql`, `,
      )})
      select ${sql.join(
        lineColumns.map((c) => sql`r.${id(c.name)}`),
        sql`, `,
      )}
      from jsonb_to_recordset(${p('lines')}::jsonb) as r(${sql.join(
        lineColumns.map((c) => sql`${id(c.name)} ${sql.raw(c.getSQLType())}`),
        sql`, `,
      )})
      returning *
    ),
    e as (
      insert into ${schema.outbox} (id, topic, key, envelope)
      select e.id, e.topic, e.key, e.envelope
      from jsonb_to_recordset(${p('events')}::jsonb) as e(id text, topic text, key text, envelope jsonb)
    )${completion ? sql`, k as (${completion})` : sql``}
    select row_to_json(c) as checkout, (select json_agg(row_to_json(l) order by l.position) from l) as lines from c`;
  });
}

/** A new checkout's row as its insert writes it: the values given, the table's defaults for the rest. */
function asWritten(row: typeof checkouts.$inferInsert, now: Date): CheckoutRow {
  return {
    cartId: null,
    dssupplierId: null,
    status: 'open',
    shippingMinor: null,
    contact: null,
    address: null,
    delivery: null,
    needsAttendees: false,
    attendees: [],
    enabledPaymentTypes: [],
    paymentToken: null,
    referral: null,
    campaign: null,
    clickId: null,
    publicSlug: null,
    paidAttemptId: null,
    paidAt: null,
    placedPaymentType: null,
    purpose: 'order',
    description: null,
    createdAt: now,
    updatedAt: now,
    ...row,
  };
}
