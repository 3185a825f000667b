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
import { DomainError, LOGGER, newId, Outbox, TransactionRunner, type Tx } from '@vitrina/platform';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import * as schema from '../db/schema.js';
import { initialState } from '../domain/order.machine.js';
import { TicketIssuer } from '../tickets/ticket-issuer.js';
import { eventBase, type OrderRow } from './order-access.js';

/** The orders service's client of cart-checkout's internal place call (contracts: checkout-placement.ts). */
export const CHECKOUT_PLACEMENT = Symbol.for('orders.checkout-placement');

/**
 * Placement (ARCHITECTURE §8 'Orders are created once per checkout'): an order is made of a checkout's snapshot,
 * by the `payment.succeeded` event for prepaid methods, by `cart.checkout.placed` or the customer's
 * `POST /orders` for pay-later ones. Whichever arrives first creates it; the unique checkout index makes the others
 * no-ops, however many times and in whatever order they come. Lines, tickets, the first history entry and
 * `orders.order.placed` commit in the one transaction.
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

  /** Creates the order of `snap` unless it exists; answers its id either way. */
  async fromSnapshot(snap: CheckoutOrderSnapshot): Promise<{ orderId: string; created: boolean }> {
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
      const lines = snap.lines.map((l, i) => ({
        orderId: row.id,
        lineId: `l${i + 1}`,
        position: i,
        itemId: l.itemId,
        variantKey: l.variantKey,
        variant: l.variant,
        name: l.name,
        photo: l.photo,
        type: l.type,
        slug: l.slug,
        ownerId: l.ownerId,
        quantity: l.quantity,
        unitPriceMinor: l.unitPriceMinor,
        // older events carry no margin
        contributionMarginMinor: l.contributionMarginMinor ?? 0,
        experienceDate: l.experienceDate ? new Date(l.experienceDate) : null,
      }));
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
      await this.outbox.add(tx, {
        type: OrderEvents.placed,
        key: row.id,
        shopId: row.shopId,
        actorId: row.userId,
        data: {
          ...eventBase(row),
          state: row.state as OrderPlacedEvent['state'],
          paymentType: snap.paymentType,
          prepaid: row.prepaid,
          totalMinor: row.totalMinor,
          currency: row.currency,
          lines: storedLines.map((l) => ({ lineId: l.lineId, itemId: l.itemId, quantity: l.quantity, unitPriceMinor: l.unitPriceMinor })),
        } satisfies OrderPlacedEvent,
      });
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

/** The order row a snapshot makes (state from the machine: prepaid orders start in process). */
export function orderRowOf(snap: CheckoutOrderSnapshot): typeof schema.orders.$inferInsert {
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
    dssupplierId: snap.dssupplierId,
    dssupplierName: snap.dssupplierName,
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
    attendees: snap.attendees,
    summary: first ? (more > 0 ? `${first.name} +${more}` : first.name) : '',
    photo: first?.photo ?? null,
    itemsCount: units,
    referral: snap.referral,
    campaign: snap.campaign,
    clickId: snap.clickId,
    placedAt: new Date(snap.placedAt),
  };
}
