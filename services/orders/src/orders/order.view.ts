import { Inject, Injectable } from '@nestjs/common';
import {
  formatMinorUnits,
  OrderErrorCodes,
  type CancellationReason,
  type CheckoutAddress,
  type CheckoutContact,
  type CheckoutDelivery,
  type ItemType,
  type OrderActor,
  type OrderDeliveryType,
  type OrderInvoicing,
  type OrderReturnEligibility,
  type OrderPaymentType,
  type OrderState,
  type OrderSummary,
  type PurchaseOrder,
  type RefundStatus,
  type TrackingStatus,
} from '@vitrina/contracts';
import { DB, NotFoundError, type Db, withCompiledRows } from '@vitrina/platform';
import { eq, sql } from 'drizzle-orm';
import * as schema from '../db/schema.js';
import { availableActions } from '../domain/order.machine.js';
import { returnRefusal, returnUntil } from '../returns/domain/return.rules.js';
import { OrdersClock } from '../shared/clock.js';
import { returnWindowMs } from '../shared/return-window.js';
import { factsOf, sideOf, type OrderRow, type OrderSide } from './order-access.js';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
const money = (minor: number) => formatMinorUnits(minor);

/** An order row as a list entry (spec 3 §2 order lists). */
export function summaryOf(row: OrderRow, viewer: OrderSide): OrderSummary {
  return {
    id: row.id,
    checkout_id: row.checkoutId,
    placed_at: row.placedAt.toISOString(),
    state: row.state as OrderState,
    shop_slug: row.shopSlug,
    sold_by: row.shopName,
    supplier: row.supplierId,
    supplier_name: row.supplierName,
    supplier_image: null,
    dssupplier: row.dssupplierId,
    dssupplier_name: row.dssupplierName,
    customer_name: (row.contact as CheckoutContact | null)?.name ?? '',
    payment_type: row.paymentType as OrderPaymentType,
    prepaid: row.prepaid,
    delivery_type: row.deliveryType as OrderDeliveryType,
    currency: row.currency,
    total_minor: row.totalMinor,
    total: money(row.totalMinor),
    summary: row.summary,
    photo: row.photo,
    items_count: row.itemsCount,
    viewer,
  };
}

/** An order line as json_agg gives it (column names, timestamps as text). */
export interface LineJson {
  line_id: string;
  item_id: string;
  variant_key: string;
  contribution_margin_minor: number;
  type: string;
  slug: string;
  name: string;
  photo: string | null;
  variant: Record<string, string>;
  quantity: number;
  unit_price_minor: number;
}
export interface TransitionJson {
  id: number;
  order_id: string;
  action: string;
  actor_id: string | null;
  from_state: string | null;
  to_state: string;
  actor: string;
  at: string;
}

/**
 * The order with its lines, history, reviewed lines and ticket count in one prepared statement (the order detail is
 * the hot read: issue 13 benchmarks). On PostgreSQL it is parsed once per pooled connection; PGlite ignores the name.
 */
function detailStatement(db: Db<typeof schema>) {
  return withCompiledRows(
    db
      .select({
        order: schema.orders,
        lines: sql<
          LineJson[]
        >`(select coalesce(json_agg(l order by l.position), '[]'::json) from ${schema.orderLines} l where l.order_id = "orders"."id")`,
        history: sql<
          TransitionJson[]
        >`(select coalesce(json_agg(t order by t.id), '[]'::json) from ${schema.orderTransitions} t where t.order_id = "orders"."id")`,
        reviewed: sql<
          { id: string; line_id: string }[]
        >`(select coalesce(json_agg(json_build_object('id', r.id, 'line_id', r.line_id)), '[]'::json) from ${schema.reviews} r where r.order_id = "orders"."id")`,
        tickets: sql<number>`(select count(*)::int from ${schema.attendants} a where a.order_id = "orders"."id")`,
        // issue 14: the order's latest return request (return_requests_order_idx), for return_eligibility
        latestReturn: sql<{
          id: string;
          status: string;
        } | null>`(select json_build_object('id', r.id, 'status', r.status) from ${schema.returnRequests} r where r.order_id = "orders"."id" order by r.created_at desc, r.id desc limit 1)`,
      })
      .from(schema.orders)
      .where(eq(schema.orders.id, sql.placeholder('id')))
      .prepare('orders_order_detail'),
  );
}
export type Detail = NonNullable<Awaited<ReturnType<ReturnType<typeof detailStatement>['execute']>>[number]>;

/** The whole order as one party sees it: lines, history, and what that party may do now. */
@Injectable()
export class OrderView {
  private readonly detail: ReturnType<typeof detailStatement>;

  private readonly returnWindowMs = returnWindowMs();

  constructor(
    @Inject(DB) db: Db<typeof schema>,
    private readonly clock: OrdersClock,
  ) {
    this.detail = detailStatement(db);
  }

  /** The order as `userId` sees it from `side` (404 when the user is not on that side): one statement. */
  async forParty(orderId: string, userId: string, side: OrderSide | 'seller'): Promise<PurchaseOrder> {
    const [found] = await this.detail.execute({ id: orderId });
    const viewer = found ? partySide(found.order, userId, side) : undefined;
    if (!found || !viewer) throw new NotFoundError('Order not found', OrderErrorCodes.orderNotFound);
    return this.render(found, viewer);
  }

  /** The order whole (lines, history, reviews, tickets, latest return), or undefined: one prepared statement. */
  async load(orderId: string): Promise<Detail | undefined> {
    const [found] = await this.detail.execute({ id: orderId });
    return found;
  }

  /** An order already loaded (after an action), rendered for `viewer`. */
  async of(row: OrderRow, viewer: OrderSide): Promise<PurchaseOrder> {
    const [found] = await this.detail.execute({ id: row.id });
    return this.render(found ?? { order: row, lines: [], history: [], reviewed: [], tickets: 0, latestReturn: null }, viewer);
  }

  render(d: Detail, viewer: OrderSide): PurchaseOrder {
    const row = d.order;
    const reviewOf = new Map(d.reviewed.map((r) => [r.line_id, r.id]));
    const shipping = row.shippingCostMinor ?? row.shippingMinor;
    return {
      ...summaryOf(row, viewer),
      contact: (row.contact as CheckoutContact | null) ?? null,
      lines: d.lines.map((l) => ({
        id: l.line_id,
        item_id: l.item_id,
        item_type: l.type as ItemType,
        item_slug: l.slug,
        name: l.name,
        photo: l.photo,
        variant: l.variant,
        quantity: l.quantity,
        unit_price_minor: l.unit_price_minor,
        unit_price: money(l.unit_price_minor),
        total_minor: l.unit_price_minor * l.quantity,
        total: money(l.unit_price_minor * l.quantity),
        review_id: reviewOf.get(l.line_id) ?? null,
      })),
      subtotal_minor: row.subtotalMinor,
      subtotal: money(row.subtotalMinor),
      shipping_total_minor: shipping,
      shipping_total: money(shipping),
      shipping_cost_minor: row.shippingCostMinor,
      shipping_cost: row.shippingCostMinor === null ? null : money(row.shippingCostMinor),
      extra_charge_minor: row.financingMinor,
      extra_charge: money(row.financingMinor),
      courtesy: row.courtesy,
      in_store: row.inStore,
      address: (row.address as CheckoutAddress | null) ?? null,
      delivery: (row.delivery as CheckoutDelivery | null) ?? null,
      branch: (row.branch as { address: string; phone: string } | null) ?? null,
      estimated_delivery_date: row.estimatedDeliveryDate,
      tracking_number: row.trackingNumber,
      tracking_url: row.trackingUrl,
      tracking_status: row.trackingStatus as TrackingStatus | null,
      cancellation: row.cancelReason
        ? {
            reason: row.cancelReason as CancellationReason,
            message: row.cancelMessage,
            by: row.cancelledBy as OrderActor,
            at: iso(row.cancelledAt)!,
          }
        : null,
      refund: row.refundStatus
        ? { status: row.refundStatus as RefundStatus, amount_minor: row.refundMinor ?? 0, amount: money(row.refundMinor ?? 0) }
        : null,
      delivered_at: iso(row.deliveredAt),
      return_deadline: iso(row.returnDeadline),
      invoicing: (row.invoicing as OrderInvoicing | null) ?? null,
      attendees_count: d.tickets,
      history: d.history.map((h) => ({
        from: h.from_state as OrderState | null,
        to: h.to_state as OrderState,
        actor: h.actor as OrderActor,
        at: new Date(h.at).toISOString(),
      })),
      actions: availableActions(row.state as OrderState, viewer, factsOf(row)).map((a) => ({
        action: a.action,
        to: a.to,
        needs_quote: a.needsQuote,
      })),
      return_eligibility: this.eligibility(row, viewer, d.latestReturn),
    };
  }

  /** Whether 'Solicitar devolución' shows (the item terms are judged by the eligibility route, which asks the catalogue). */
  private eligibility(row: OrderRow, viewer: OrderSide, latest: { id: string; status: string } | null): OrderReturnEligibility {
    const ruled = returnRefusal(row, this.clock.now(), this.returnWindowMs, latest?.status === 'open');
    const refusal = ruled ?? (viewer === 'customer' ? null : OrderErrorCodes.wrongActor);
    return {
      allowed: refusal === null,
      refusal,
      until: iso(returnUntil(row, this.returnWindowMs)),
      return_id: latest?.id ?? null,
      return_info: null,
    };
  }
}

/** The side `userId` sees the order from through `side`'s routes ('seller': supplier or dropshipping supplier), or undefined. */
function partySide(row: OrderRow, userId: string, side: OrderSide | 'seller'): OrderSide | undefined {
  if (side !== 'seller') return sideOf(row, userId, side) === side ? side : undefined;
  const seller = sideOf(row, userId, row.dssupplierId === userId ? 'dssupplier' : 'supplier');
  return seller === 'customer' ? undefined : seller;
}
