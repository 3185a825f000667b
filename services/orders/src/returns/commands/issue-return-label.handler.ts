import { Injectable } from '@nestjs/common';
import type { CatalogueReturnInfo, ReturnRequest } from '@vitrina/contracts';
import { Outbox, TransactionRunner } from '@vitrina/platform';
import { eq } from 'drizzle-orm';
import * as schema from '../../db/schema.js';
import { OrdersClock } from '../../shared/clock.js';
import { returnClosed, returnLabelMissing } from '../domain/return.errors.js';
import { returnLabelIssued } from '../events/return-events.js';
import { returnLabelPdf } from '../label/return-label.pdf.js';
import { ReturnAccess } from '../queries/return-access.js';
import { ReturnView } from '../queries/return.view.js';

export type LabelIssuer = 'supplier' | 'dssupplier';

export interface LabelInput {
  shipTo: string;
  carrier: string | null;
  trackingNumber: string | null;
}

/**
 * The return label (spec 3 §3 'return_shipping_label'). No carrier is connected, so the seller who receives the parcel
 * (the supplier, or the dropshipping supplier who shipped it) issues the label with the address to send it to and,
 * when they bought a carrier's guide, its carrier and number. Issuing again replaces it while the request is open;
 * issuing the same label again changes nothing (no record entry, no second e-mail). `orders.order.return_label_issued`
 * tells messaging, which e-mails it when the items' policy is 'inbox'.
 */
@Injectable()
export class IssueReturnLabelHandler {
  constructor(
    private readonly runner: TransactionRunner<typeof schema>,
    private readonly outbox: Outbox,
    private readonly access: ReturnAccess,
    private readonly clock: OrdersClock,
    private readonly view: ReturnView,
  ) {}

  async issue(viewer: LabelIssuer, userId: string, returnId: string, input: LabelInput): Promise<ReturnRequest> {
    const { order } = await this.access.as(viewer, returnId, userId);
    const now = this.clock.now();
    const label = {
      shipTo: input.shipTo.trim().replace(/\r\n?/g, '\n'),
      carrier: input.carrier?.trim() || null,
      trackingNumber: input.trackingNumber?.trim() || null,
    };
    const request = await this.runner.run(async (tx) => {
      // the row lock orders the label against a close and a racing reissue
      const [current] = await tx.select().from(schema.returnRequests).where(eq(schema.returnRequests.id, returnId)).for('update');
      if (current?.status !== 'open') throw returnClosed();
      const same =
        current.label?.shipTo === label.shipTo &&
        current.label.carrier === label.carrier &&
        current.label.trackingNumber === label.trackingNumber &&
        current.label.issuedBy === viewer;
      if (same) return current;
      const doc = { ...label, issuedAt: now.toISOString(), issuedBy: viewer };
      const [updated] = await tx
        .update(schema.returnRequests)
        .set({ label: doc })
        .where(eq(schema.returnRequests.id, returnId))
        .returning();
      await tx.insert(schema.returnRecord).values({ returnId, kind: 'label_issued', actor: viewer, at: now });
      const policy = (current.returnInfo as CatalogueReturnInfo | null)?.return_shipping_label === 'inbox' ? 'inbox' : 'download';
      await this.outbox.add(tx, returnLabelIssued(order, returnId, doc, policy, userId));
      return updated;
    });
    return this.view.render(request, order, viewer);
  }

  /** The label as a PDF, for any party of the request; 404 return_label_missing until the seller issued it. */
  async pdf(viewer: 'customer' | LabelIssuer, userId: string, returnId: string): Promise<Uint8Array> {
    const { request, order } = await this.access.as(viewer, returnId, userId);
    if (!request.label) throw returnLabelMissing();
    return returnLabelPdf({ request, order, label: request.label });
  }
}
