import { Inject, Injectable } from '@nestjs/common';
import {
  CANCELLED_ORDER_STATES,
  OrderErrorCodes,
  OrderEvents,
  OrderLimits,
  type CancellationReason,
  type OrderAction,
  type OrderActor,
  type OrderAdvancedEvent,
  type OrderCancelledEvent,
  type OrderDeliveredEvent,
  type OrderSettlementTerms,
  type OrderState,
  type PurchaseOrder,
} from '@vitrina/contracts';
import { activeIdempotencyKey, DomainError, LOGGER, Outbox, TransactionRunner, ValidationError, type NewEvent } from '@vitrina/platform';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import * as schema from '../db/schema.js';
import { decide } from '../domain/order.machine.js';
import { OrdersClock } from '../shared/clock.js';
import { returnWindowMs } from '../shared/return-window.js';
import { TrackingService } from '../tracking/tracking.service.js';
import { asSeller, eventBase, factsOf, onSide, OrderAccess, type OrderRow, type OrderSide } from './order-access.js';
import { moveOrder, type MoveRow } from './order-move.statement.js';
import { OrderView, type LineJson, type TransitionJson } from './order.view.js';

export { factsOf };

export interface ActionInput {
  /** The seller's quote (confirm in sent_to_supplier). */
  estimatedDeliveryDate?: string;
  shippingCostMinor?: number;
  trackingNumber?: string;
  trackingUrl?: string;
  reason?: CancellationReason;
  message?: string;
}

/**
 * Moves orders (spec 3 §4 'Purchase order flow'): looks the request up in the transition table, then applies it
 * with a conditional UPDATE on (id, version), so two racing actions cannot both win; the history entry and the
 * event commit with it. A retried action with its Idempotency-Key never gets here twice (the interceptor answers it).
 */
@Injectable()
export class OrderActions {
  private readonly returnWindowMs = returnWindowMs();

  constructor(
    private readonly runner: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly access: OrderAccess,
    private readonly clock: OrdersClock,
    private readonly tracking: TrackingService,
    private readonly view: OrderView,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * A party's action through its own routes (404 if the caller is not on that side of the order), answered with the
   * order as the caller now sees it. Three round trips besides the Idempotency-Key's: the detail read (the party check,
   * and the lines and history the answer shows), the move as one statement, and no re-read: the answer is the detail
   * with the updated row and the new history entry. A move that books a shipment, or one that lost a race, takes the
   * transaction path and reads the detail again.
   */
  async actAndShow(
    side: OrderSide | 'seller',
    orderId: string,
    userId: string,
    action: OrderAction,
    input: ActionInput = {},
  ): Promise<PurchaseOrder> {
    const detail = await this.view.load(orderId);
    const { order, actor } = resolve(detail?.order, side, userId);
    const viewer: OrderSide = actor === 'customer' ? 'customer' : order.dssupplierId === userId ? 'dssupplier' : 'supplier';
    const plan = this.plan(order, action, actor, userId, input, detail!.lines);
    if (!plan.shipment) {
      // the answer as the move will leave the order, stored with the Idempotency-Key in the move's own statement
      const key = activeIdempotencyKey();
      const expected =
        key &&
        this.view.render({ ...detail!, order: { ...order, ...plan.set }, history: [...detail!.history, historyOf(plan.move)] }, viewer);
      const answer = key && expected && key.completionValues(expected);
      const moved = await this.runner.statement((db) =>
        moveOrder(db, this.outbox, order, plan.set, plan.move, plan.events, answer ? { key: key, values: answer.values } : undefined),
      );
      if (moved) {
        this.logger.info({ orderId, from: plan.move.from, to: plan.move.to, actor }, 'order moved');
        if (key && expected && answer) {
          key.completed(answer.body);
          // the answer stored is the answer given: a retry racing this response gets the same bytes
          return expected;
        }
        return this.view.render({ ...detail!, order: moved.row, history: [...detail!.history, moved.transition] }, viewer);
      }
      return this.view.of(await this.afterRace(order, plan.move.from, action, actor, userId, input), viewer);
    }
    return this.view.of(await this.commit(order, plan, action, actor, userId, input), viewer);
  }

  /**
   * A move of the platform's own (actor system): the tracking sweep's, or a cancellation for stock that was not there.
   * Answers null when the order is no longer where the move applies.
   */
  async system(order: OrderRow, action: OrderAction = 'next', input: ActionInput = {}): Promise<OrderRow | null> {
    const d = decide(order.state as OrderState, action, 'system', factsOf(order));
    if (!d.ok) return null;
    return this.apply(order, action, 'system', null, input).catch((err: unknown) => {
      if (err instanceof DomainError && err.status === 409) return null;
      throw err;
    });
  }

  /** The transaction path: the move, then the shipment it books (a broker order ready to deliver), together. */
  private async apply(
    order: OrderRow,
    action: OrderAction,
    actor: OrderActor,
    actorId: string | null,
    input: ActionInput,
  ): Promise<OrderRow> {
    const d = decide(order.state as OrderState, action, actor, factsOf(order));
    // the cancelled event carries the lines' stock, the delivered one their margin
    const needsLines = action === 'cancel' || (d.ok && d.row.to === 'delivered');
    const lines = needsLines ? await this.lines(order.id) : [];
    return this.commit(order, this.plan(order, action, actor, actorId, input, lines), action, actor, actorId, input);
  }

  private async commit(
    order: OrderRow,
    plan: Plan,
    action: OrderAction,
    actor: OrderActor,
    actorId: string | null,
    input: ActionInput,
  ): Promise<OrderRow> {
    const { set, move, events } = plan;
    const updated = await this.runner.run(async (tx) => {
      const [row] = await tx
        .update(schema.orders)
        .set(set)
        .where(and(eq(schema.orders.id, order.id), eq(schema.orders.version, order.version)))
        .returning();
      if (!row) return null;
      await tx.insert(schema.orderTransitions).values({
        orderId: row.id,
        fromState: move.from,
        toState: move.to,
        action: move.action,
        actor: move.actor,
        actorId: move.actorId,
        at: move.at,
      });
      await this.outbox.add(tx, events);
      if (plan.shipment) return this.tracking.createShipment(tx, row);
      return row;
    });
    if (updated) {
      this.logger.info({ orderId: order.id, from: move.from, to: move.to, actor }, 'order moved');
      return updated;
    }
    return this.afterRace(order, move.from, action, actor, actorId, input);
  }

  /**
   * The row changed under us. If its state moved, the step the caller asked for (from the state it saw) was taken by
   * someone else: answering it from the new state would move the order twice (two sellers pressing 'next' at once, two
   * tracking sweeps). Only a change that left the state alone (tracking fields, a refund) is retried.
   */
  private async afterRace(
    order: OrderRow,
    from: string,
    action: OrderAction,
    actor: OrderActor,
    actorId: string | null,
    input: ActionInput,
  ): Promise<OrderRow> {
    const current = await this.access.find(order.id);
    if (!current) throw new DomainError(OrderErrorCodes.orderNotFound, 'Order not found', 404);
    if (current.state !== from) {
      const cancelled = CANCELLED_ORDER_STATES.includes(current.state as OrderState);
      throw new DomainError(
        cancelled ? OrderErrorCodes.alreadyCancelled : OrderErrorCodes.illegalTransition,
        cancelled ? 'The order was already cancelled' : `The order moved on meanwhile (${from} → ${current.state})`,
        409,
      );
    }
    return this.apply(current, action, actor, actorId, input);
  }

  private async lines(orderId: string): Promise<LineFacts[]> {
    const rows = await this.access.lines(orderId);
    return rows.map((l) => ({
      item_id: l.itemId,
      variant_key: l.variantKey,
      quantity: l.quantity,
      contribution_margin_minor: l.contributionMarginMinor,
    }));
  }

  /**
   * What a move writes, decided from the order as read: the table's verdict (403/409 with its code), the columns to
   * set, the history entry and the events. The events are built from the row as it will be after the update (every
   * field they carry is one this update sets or one a move never changes), so they can go into the same statement.
   */
  private plan(
    order: OrderRow,
    action: OrderAction,
    actor: OrderActor,
    actorId: string | null,
    input: ActionInput,
    lines: LineFacts[],
  ): Plan {
    const from = order.state as OrderState;
    const d = decide(from, action, actor, factsOf(order));
    if (!d.ok) throw new DomainError(d.code, d.message, d.status);
    const to = d.row.to;
    const now = this.clock.now();
    const set: Partial<typeof schema.orders.$inferInsert> = { state: to, version: order.version + 1, updatedAt: now };
    if (d.row.needsQuote) {
      const quote = quoteOf(input, now);
      set.estimatedDeliveryDate = quote.date;
      set.shippingCostMinor = quote.costMinor;
      set.totalMinor = order.subtotalMinor + quote.costMinor + order.financingMinor;
    } else if (input.estimatedDeliveryDate !== undefined && actor !== 'customer') {
      set.estimatedDeliveryDate = quoteDate(input.estimatedDeliveryDate, now);
    }
    if (to === 'in_transit' && actor !== 'system') {
      if (input.trackingNumber) set.trackingNumber = input.trackingNumber.trim().slice(0, OrderLimits.trackingNumberMax);
      if (input.trackingUrl) set.trackingUrl = safeUrl(input.trackingUrl);
    }
    if (to === 'delivered') {
      set.deliveredAt = now;
      // spec 3 §4: 72 h after receipt (RETURN_WINDOW_SECONDS shortens it for demos)
      set.returnDeadline = new Date(now.getTime() + this.returnWindowMs);
      if (order.trackingNumber) set.trackingStatus = 'delivered';
    }
    const cancelling = action === 'cancel';
    if (cancelling) {
      const reason = input.reason ?? 'requested_by_client';
      if (reason === 'other' && !input.message?.trim()) {
        throw new ValidationError('Say why the order is cancelled', { message: ['required when the reason is other'] });
      }
      set.cancelReason = reason;
      set.cancelMessage = input.message?.trim() || null;
      set.cancelledBy = actor;
      set.cancelledAt = now;
      if (order.prepaid && order.totalMinor > 0) {
        set.refundStatus = 'pending';
        set.refundMinor = order.totalMinor;
      }
    }
    const row: OrderRow = { ...order, ...set };
    const base = eventBase(row);
    const events: NewEvent[] = [];
    if (cancelling) {
      events.push({
        type: OrderEvents.cancelled,
        key: row.id,
        shopId: row.shopId,
        actorId: actorId ?? undefined,
        data: {
          ...base,
          from,
          to,
          actor,
          reason: row.cancelReason as CancellationReason,
          refundMinor: row.refundMinor ?? 0,
          currency: row.currency,
          prepaid: row.prepaid,
          lines: lines.map((l) => ({ itemId: l.item_id, variantKey: l.variant_key, quantity: l.quantity })),
        } satisfies OrderCancelledEvent,
      });
    } else {
      events.push({
        type: OrderEvents.advanced,
        key: row.id,
        shopId: row.shopId,
        actorId: actorId ?? undefined,
        data: { ...base, from, to, actor } satisfies OrderAdvancedEvent,
      });
    }
    if (to === 'delivered') {
      events.push({
        type: OrderEvents.delivered,
        key: row.id,
        shopId: row.shopId,
        // who handed it over (messaging alerts every party but them)
        actorId: actorId ?? undefined,
        data: {
          ...base,
          deliveredAt: now.toISOString(),
          returnDeadline: set.returnDeadline!.toISOString(),
          totalMinor: row.totalMinor,
          currency: row.currency,
          settlement: settlementOf(
            row,
            lines.map((l) => ({ contributionMarginMinor: l.contribution_margin_minor, quantity: l.quantity })),
          ),
        } satisfies OrderDeliveredEvent,
      });
    }
    return {
      set,
      events,
      move: { from, to, action, actor, actorId, at: now },
      shipment: to === 'to_deliver' && order.deliveryType === 'broker' && !order.trackingNumber,
    };
  }
}

/** What a move needs of the order's lines (the cancelled event's stock, the delivered event's margin). */
type LineFacts = Pick<LineJson, 'item_id' | 'variant_key' | 'quantity' | 'contribution_margin_minor'>;

interface Plan {
  set: Partial<typeof schema.orders.$inferInsert>;
  events: NewEvent[];
  move: MoveRow;
  /** A broker order becoming ready to deliver books its shipment in the move's transaction. */
  shipment: boolean;
}

/** The caller's order and the actor they act as through `side`'s routes ('seller': supplier or dropshipping supplier). */
function resolve(order: OrderRow | undefined, side: OrderSide | 'seller', userId: string): { order: OrderRow; actor: OrderActor } {
  if (side === 'seller') {
    const { order: found, side: seller } = asSeller(order, userId);
    return { order: found, actor: seller };
  }
  return { order: onSide(order, side, userId), actor: side };
}

/**
 * What the wallets settle when the order's return window closes (issue 14), carried by `orders.order.delivered`:
 * the capture (nothing for pay later), its parts, the resold lines' margin, and who gets what.
 */
export function settlementOf(
  row: OrderRow,
  lines: Pick<typeof schema.orderLines.$inferSelect, 'contributionMarginMinor' | 'quantity'>[],
): OrderSettlementTerms {
  // as placement computed the total: what the checkout charged (a pay-later quote captures nothing here anyway)
  const shippingMinor = row.shippingMinor;
  const total = row.subtotalMinor + shippingMinor + row.financingMinor;
  const resold = row.dssupplierId !== null;
  return {
    currency: row.currency,
    capturedMinor: row.prepaid ? total : 0,
    goodsMinor: row.subtotalMinor,
    shippingMinor,
    financingMinor: row.financingMinor,
    marginMinor: resold ? lines.reduce((n, l) => n + l.contributionMarginMinor * l.quantity, 0) : 0,
    supplierId: row.supplierId,
    dssupplierId: row.dssupplierId,
    resellerId: resold ? row.supplierId : null,
    shipperId: row.dssupplierId ?? row.supplierId,
  };
}

function quoteOf(input: ActionInput, now: Date): { date: string; costMinor: number } {
  if (input.estimatedDeliveryDate === undefined || input.shippingCostMinor === undefined) {
    throw new DomainError(OrderErrorCodes.quoteRequired, 'Confirm with an estimated delivery date and a shipping cost', 400);
  }
  return { date: quoteDate(input.estimatedDeliveryDate, now), costMinor: input.shippingCostMinor };
}

/** YYYY-MM-DD, a real date, not before today (UTC). */
function quoteDate(value: string, now: Date): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new ValidationError('The estimated delivery date is not a date', { estimated_delivery_date: ['YYYY-MM-DD'] });
  }
  if (value < now.toISOString().slice(0, 10)) {
    throw new ValidationError('The estimated delivery date cannot be in the past', { estimated_delivery_date: ['not before today'] });
  }
  return value;
}

function safeUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The history entry a move writes, as the detail reads it (its id is not part of any answer). */
function historyOf(move: MoveRow): TransitionJson {
  return {
    id: 0,
    order_id: '',
    action: move.action,
    actor_id: move.actorId,
    from_state: move.from,
    to_state: move.to,
    actor: move.actor,
    at: move.at.toISOString(),
  };
}
