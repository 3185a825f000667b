import { Inject, Injectable } from '@nestjs/common';
import {
  formatMinorUnits,
  type CancellationReason,
  type CheckoutAddress,
  type CheckoutContact,
  type CheckoutDelivery,
  type ItemType,
  type OrderActor,
  type OrderDeliveryType,
  type OrderInvoicing,
  type OrderPaymentType,
  type OrderState,
  type OrderSummary,
  type PurchaseOrder,
  type RefundStatus,
  type TrackingStatus,
} from '@vitrina/contracts';
import { DB, type Db } from '@vitrina/platform';
import { asc, count, eq } from 'drizzle-orm';
import * as schema from '../db/schema.js';
import { availableActions } from '../domain/order.machine.js';
import { factsOf } from './order-actions.js';
import type { OrderRow, OrderSide } from './order-access.js';

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

/** The whole order as one party sees it: lines, history, and what that party may do now. */
@Injectable()
export class OrderView {
  constructor(@Inject(DB) private readonly db: Db<typeof schema>) {}

  async of(row: OrderRow, viewer: OrderSide): Promise<PurchaseOrder> {
    const [lines, history, reviews, [tickets]] = await Promise.all([
      this.db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, row.id)).orderBy(asc(schema.orderLines.position)),
      this.db
        .select()
        .from(schema.orderTransitions)
        .where(eq(schema.orderTransitions.orderId, row.id))
        .orderBy(asc(schema.orderTransitions.id)),
      this.db
        .select({ id: schema.reviews.id, lineId: schema.reviews.lineId })
        .from(schema.reviews)
        .where(eq(schema.reviews.orderId, row.id)),
      this.db.select({ n: count() }).from(schema.attendants).where(eq(schema.attendants.orderId, row.id)),
    ]);
    const reviewOf = new Map(reviews.map((r) => [r.lineId, r.id]));
    const shipping = row.shippingCostMinor ?? row.shippingMinor;
    return {
      ...summaryOf(row, viewer),
      contact: (row.contact as CheckoutContact | null) ?? null,
      lines: lines.map((l) => ({
        id: l.lineId,
        item_id: l.itemId,
        item_type: l.type as ItemType,
        item_slug: l.slug,
        name: l.name,
        photo: l.photo,
        variant: l.variant,
        quantity: l.quantity,
        unit_price_minor: l.unitPriceMinor,
        unit_price: money(l.unitPriceMinor),
        total_minor: l.unitPriceMinor * l.quantity,
        total: money(l.unitPriceMinor * l.quantity),
        review_id: reviewOf.get(l.lineId) ?? null,
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
      attendees_count: tickets?.n ?? 0,
      history: history.map((h) => ({
        from: h.fromState as OrderState | null,
        to: h.toState as OrderState,
        actor: h.actor as OrderActor,
        at: h.at.toISOString(),
      })),
      actions: availableActions(row.state as OrderState, viewer, factsOf(row)).map((a) => ({
        action: a.action,
        to: a.to,
        needs_quote: a.needsQuote,
      })),
    };
  }
}
