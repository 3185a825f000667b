import { Inject, Injectable } from '@nestjs/common';
import {
  CheckoutPlacementRefused,
  CheckoutPlacementUnavailable,
  OrderErrorCodes,
  OrderEvents,
  type CheckoutOrderSnapshot,
  type CheckoutPlacement,
  type OrderDeliveryType,
  type OrderPlacedEvent,
  type PayLaterType,
} from '@vitrina/contracts';
import { DomainError, LOGGER, newId, Outbox, TransactionRunner, type NewEvent, type Tx } from '@vitrina/platform';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import * as schema from '../db/schema.js';
import { initialState } from '../domain/order.machine.js';
import { TicketIssuer } from '../tickets/ticket-issuer.js';
import { eventBase, type OrderLineRow, type OrderRow } from './order-access.js';
import { insertOrderOnce } from './order-place.statement.js';

/** The orders service's client of cart-checkout's internal place call (contracts: checkout-placement.ts). */
export const CHECKOUT_PLACEMENT = Symbol.for('orders.checkout-placement');

/**
 * Placement (ARCHITECTURE §8 'Orders are created once per checkout'): an order is made of a checkout's snapshot,
 * by the `payment.succeeded` event for prepaid methods, by `cart.checkout.placed` or the customer's
 * `POST /orders` for pay-later ones. Whichever arrives first creates it; the unique checkout index makes the others
 * no-ops, however many times and in whatever order they come, so the events need no inbox. Lines, tickets, the first
 * history entry and `orders.order.placed` commit together: in one statement when there are no tickets, else in one
 * transaction.
 */
@Injectable()
export class OrderPlacement {
  constructor(
    private readonly runner: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly tickets: TicketIssuer,
    @Inject(CHECKOUT_PLACEMENT) private readonly checkouts: CheckoutPlacement,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Creates the order of `snap` unless it exists; answers its id either way. An order without tickets (nearly all,
   * and every card payment of goods) is one statement (`insertOrderOnce`); one with experiences issues its tickets in
   * a transaction.
   */
  async fromSnapshot(snap: CheckoutOrderSnapshot): Promise<{ orderId: string; created: boolean }> {
    if (issuesTickets(snap)) return this.withTickets(snap);
    const order = orderRowOf(snap);
    const lines = lineRowsOf(snap, order.id);
    const placed = await this.runner.statement((db) =>
      insertOrderOnce(db, this.outbox, order, lines, [placedEvent(order, snap.paymentType, lines)]),
    );
    if (placed.created) this.logger.info({ orderId: order.id, checkoutId: order.checkoutId, state: order.state }, 'order placed');
    return placed;
  }

  /** The placement of a snapshot with tickets: the order, its lines, history, tickets and event in one transaction. */
  private async withTickets(snap: CheckoutOrderSnapshot): Promise<{ orderId: string; created: boolean }> {
    return this.runner.run(async (tx) => {
      const existing = await this.byCheckout(tx, snap.checkoutId);
      if (existing) return { orderId: existing.id, created: false };
      const order = orderRowOf(snap);
      const inserted = await tx.insert(schema.orders).values(order).onConflictDoNothing({ target: schema.orders.checkoutId }).returning();
      const row = inserted[0];
      if (!row) {
        // a concurrent placement of the same checkout won
        const winner = await this.byCheckout(tx, snap.checkoutId);
        return { orderId: winner!.id, created: false };
      }
      const lines = lineRowsOf(snap, row.id);
      const storedLines = lines.length > 0 ? await tx.insert(schema.orderLines).values(lines).returning() : [];
      await tx.insert(schema.orderTransitions).values({
        orderId: row.id,
        fromState: null,
        toState: row.state,
        action: 'place',
        actor: row.prepaid ? 'system' : 'customer',
        actorId: row.prepaid ? null : row.userId,
        at: row.placedAt,
      });
      await this.tickets.issue(tx, row, storedLines, snap.attendees);
      await this.outbox.add(tx, placedEvent(row, snap.paymentType, storedLines));
      this.logger.info({ orderId: row.id, checkoutId: row.checkoutId, state: row.state }, 'order placed');
      return { orderId: row.id, created: true };
    });
  }

  /**
   * `POST /{me}:{me}/orders` (spec 3 §7): the customer's order of a checkout. Answers the existing order of a paid
   * checkout (creating it now if its event has not arrived yet); with a pay-later `paymentType` places a ready one.
   */
  async place(userId: string, input: { checkoutId: string; supplierId?: string; paymentType?: PayLaterType }): Promise<string> {
    const existing = await this.runner.run((tx) => this.byCheckout(tx, input.checkoutId));
    if (existing) {
      if (existing.userId !== userId) throw new DomainError(OrderErrorCodes.checkoutNotFound, 'Checkout not found', 404);
      return existing.id;
    }
    let snap: CheckoutOrderSnapshot;
    try {
      snap = await this.checkouts.place({
        checkoutId: input.checkoutId,
        userId,
        supplierId: input.supplierId,
        paymentType: input.paymentType,
      });
    } catch (err) {
      if (err instanceof CheckoutPlacementRefused) throw new DomainError(err.code, err.message, err.status);
      if (err instanceof CheckoutPlacementUnavailable) {
        this.logger.warn({ err, checkoutId: input.checkoutId }, 'cart-checkout placement unavailable');
        throw new DomainError(OrderErrorCodes.ordersUnavailable, 'The order cannot be placed right now, try again in a moment', 503);
      }
      throw err;
    }
    return (await this.fromSnapshot(snap)).orderId;
  }

  private async byCheckout(tx: Tx<typeof schema>, checkoutId: string): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(schema.orders).where(eq(schema.orders.checkoutId, checkoutId));
    return row;
  }
}

/** What a placement writes of the order and its event reads: every such column set here, none left to a default. */
export type PlacedOrder = typeof schema.orders.$inferInsert &
  Pick<
    OrderRow,
    'id' | 'checkoutId' | 'userId' | 'shopId' | 'supplierId' | 'dssupplierId' | 'state' | 'prepaid' | 'totalMinor' | 'currency' | 'placedAt'
  >;

/** The order row a snapshot makes (state from the machine: prepaid orders start in process). */
export function orderRowOf(snap: CheckoutOrderSnapshot): PlacedOrder {
  const deliveryType: OrderDeliveryType = snap.delivery?.type ?? 'none';
  const units = snap.lines.reduce((n, l) => n + l.quantity, 0);
  const first = snap.lines[0];
  const more = snap.lines.length - 1;
  return {
    id: newId(),
    checkoutId: snap.checkoutId,
    userId: snap.userId,
    shopId: snap.shopId,
    shopSlug: snap.shopSlug,
    shopName: snap.shopName,
    shopOwnerId: snap.shopOwnerId,
    supplierId: snap.supplierId,
    supplierName: snap.supplierName,
    dssupplierId: snap.dssupplierId ?? null,
    dssupplierName: snap.dssupplierName ?? null,
    state: initialState({ prepaid: snap.prepaid }),
    paymentType: snap.paymentType,
    prepaid: snap.prepaid,
    chargeId: snap.chargeId,
    deliveryType,
    currency: snap.currency,
    subtotalMinor: snap.subtotalMinor,
    shippingMinor: snap.shippingMinor,
    financingMinor: snap.financingCostMinor,
    totalMinor: snap.subtotalMinor + snap.shippingMinor + snap.financingCostMinor,
    courtesy: snap.paymentType === 'courtesy',
    inStore: snap.paymentType === 'establishment',
    contact: snap.contact,
    address: snap.address,
    delivery: snap.delivery,
    branch:
      deliveryType === 'pickup' && snap.delivery ? { address: snap.delivery.service ?? snap.delivery.carrier ?? '', phone: '' } : null,
    attendees: snap.attendees ?? [],
    summary: first ? (more > 0 ? `${first.name} +${more}` : first.name) : '',
    photo: first?.photo ?? null,
    itemsCount: units,
    referral: snap.referral,
    campaign: snap.campaign,
    clickId: snap.clickId,
    placedAt: new Date(snap.placedAt),
  };
}

/**
 * The line rows of a snapshot, every column set (the one-statement placement writes them as JSON, where a missing
 * value would be null, not the column's default).
 */
export function lineRowsOf(snap: CheckoutOrderSnapshot, orderId: string): (typeof schema.orderLines.$inferInsert & OrderLineKeys)[] {
  return snap.lines.map((l, i) => ({
    orderId,
    lineId: `l${i + 1}`,
    position: i,
    itemId: l.itemId,
    variantKey: l.variantKey ?? '',
    variant: l.variant ?? {},
    name: l.name,
    photo: l.photo ?? null,
    type: l.type,
    slug: l.slug,
    ownerId: l.ownerId,
    quantity: l.quantity,
    unitPriceMinor: l.unitPriceMinor,
    // older events carry no margin
    contributionMarginMinor: l.contributionMarginMinor ?? 0,
    experienceDate: l.experienceDate ? new Date(l.experienceDate) : null,
  }));
}

type OrderLineKeys = Pick<OrderLineRow, 'lineId' | 'itemId' | 'quantity' | 'unitPriceMinor'>;

/** Tickets are made of experience lines (and named from the attendee form): such a placement takes the transaction. */
function issuesTickets(snap: CheckoutOrderSnapshot): boolean {
  return snap.lines.some((l) => l.type === 'experience') || (snap.attendees?.length ?? 0) > 0;
}

/** `orders.order.placed` of an order and its lines, as written. */
function placedEvent(order: PlacedOrder, paymentType: CheckoutOrderSnapshot['paymentType'], lines: OrderLineKeys[]): NewEvent {
  return {
    type: OrderEvents.placed,
    key: order.id,
    shopId: order.shopId,
    actorId: order.userId,
    data: {
      ...eventBase(order),
      state: order.state as OrderPlacedEvent['state'],
      paymentType,
      prepaid: order.prepaid,
      totalMinor: order.totalMinor,
      currency: order.currency,
      lines: lines.map((l) => ({ lineId: l.lineId, itemId: l.itemId, quantity: l.quantity, unitPriceMinor: l.unitPriceMinor })),
    } satisfies OrderPlacedEvent,
  };
}
