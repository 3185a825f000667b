import { Inject, Injectable } from '@nestjs/common';
import {
  formatMinorUnits,
  type CatalogueReturnInfo,
  type CheckoutContact,
  type RefundDestination,
  type RefundStatus,
  type ReturnActor,
  type ReturnNoteVisibility,
  type ReturnReason,
  type ReturnRecordKind,
  type ReturnRefund,
  type ReturnRequest,
  type ReturnStatus,
  type ReturnSummary,
} from '@vitrina/contracts';
import { DB, type Db } from '@vitrina/platform';
import { asc, eq } from 'drizzle-orm';
import * as schema from '../../db/schema.js';
import type { OrderRow } from '../../orders/order-access.js';
import { availableOf, capturedOf } from '../domain/return.rules.js';
import type { ReturnRow, ReturnViewer } from './return-access.js';

type RefundRow = typeof schema.returnRefunds.$inferSelect;
const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const money = (minor: number) => formatMinorUnits(minor);

export function refundOf(row: RefundRow): ReturnRefund {
  return {
    id: row.id,
    return_id: row.returnId,
    amount_minor: row.amountMinor,
    amount: money(row.amountMinor),
    currency: row.currency,
    status: row.status as RefundStatus,
    destination: row.destination as RefundDestination,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A request as a list entry; `refundedMinor` is what its refunds committed (pending and success). */
export function returnSummaryOf(request: ReturnRow, order: OrderRow, viewer: ReturnViewer, refundedMinor: number): ReturnSummary {
  return {
    id: request.id,
    order_id: request.orderId,
    status: request.status as ReturnStatus,
    reason: request.reason as ReturnReason,
    sub_reason: request.subReason,
    customer_name: (order.contact as CheckoutContact | null)?.name ?? '',
    supplier: order.supplierId,
    supplier_name: order.supplierName,
    shop_slug: order.shopSlug,
    summary: order.summary,
    photo: order.photo,
    currency: order.currency,
    refunded_minor: refundedMinor,
    refunded: money(refundedMinor),
    created_at: request.createdAt.toISOString(),
    closed_at: iso(request.closedAt),
    viewer,
  };
}

/** The request whole, as one party sees it: internal notes only on the seller's side. */
@Injectable()
export class ReturnView {
  constructor(@Inject(DB) private readonly db: Db<typeof schema>) {}

  async render(request: ReturnRow, order: OrderRow, viewer: ReturnViewer): Promise<ReturnRequest> {
    const [notes, record, refunds] = await Promise.all([
      this.db
        .select()
        .from(schema.returnNotes)
        .where(eq(schema.returnNotes.returnId, request.id))
        .orderBy(asc(schema.returnNotes.createdAt), asc(schema.returnNotes.id)),
      this.db.select().from(schema.returnRecord).where(eq(schema.returnRecord.returnId, request.id)).orderBy(asc(schema.returnRecord.id)),
      this.db
        .select()
        .from(schema.returnRefunds)
        .where(eq(schema.returnRefunds.returnId, request.id))
        .orderBy(asc(schema.returnRefunds.createdAt), asc(schema.returnRefunds.id)),
    ]);
    const committed = refunds.filter((r) => r.status !== 'failed').reduce((n, r) => n + r.amountMinor, 0);
    const captured = capturedOf(order);
    const available = availableOf(captured, order.refundedMinor, request.restockingMinor);
    const open = request.status === 'open';
    const seller = viewer !== 'customer';
    return {
      ...returnSummaryOf(request, order, viewer, committed),
      photos: request.photos,
      comments: request.comments,
      refund_to: request.refundTo as RefundDestination,
      return_info: (request.returnInfo as CatalogueReturnInfo | null) ?? null,
      captured_minor: captured,
      captured: money(captured),
      restocking_minor: request.restockingMinor,
      restocking: money(request.restockingMinor),
      available_minor: available,
      available: money(available),
      record: record.map((e) => ({
        kind: e.kind as ReturnRecordKind,
        actor: e.actor as ReturnActor,
        at: e.at.toISOString(),
        amount_minor: e.amountMinor,
        amount: e.amountMinor === null ? null : money(e.amountMinor),
      })),
      refunds: refunds.map(refundOf),
      notes: notes
        .filter((n) => seller || n.visibility === 'client')
        .map((n) => ({
          id: n.id,
          body: n.body,
          visibility: n.visibility as ReturnNoteVisibility,
          author: n.author as ReturnActor,
          author_name: n.authorName,
          created_at: n.createdAt.toISOString(),
        })),
      label: request.label
        ? {
            ship_to: request.label.shipTo,
            carrier: request.label.carrier,
            tracking_number: request.label.trackingNumber,
            issued_at: request.label.issuedAt,
            issued_by: request.label.issuedBy,
          }
        : null,
      can_issue_label: open && seller,
      can_refund: open && viewer === 'supplier' && captured > 0,
      can_close: open && viewer === 'supplier',
      can_add_to_wallet: open && viewer === 'customer' && request.refundTo === 'original',
    };
  }
}
