import { Injectable } from '@nestjs/common';
import type { CheckoutContact, ReturnNoteVisibility, ReturnRequest } from '@vitrina/contracts';
import { newId, TransactionRunner } from '@vitrina/platform';
import { eq } from 'drizzle-orm';
import * as schema from '../../db/schema.js';
import type { OrderRow } from '../../orders/order-access.js';
import { OrdersClock } from '../../shared/clock.js';
import { returnClosed } from '../domain/return.errors.js';
import { ReturnAccess, type ReturnViewer } from '../queries/return-access.js';
import { ReturnView } from '../queries/return.view.js';

/**
 * Notes on a return ('Comentarios'): the seller's (supplier or dropshipping supplier), visible to the client or
 * internal, and the customer's comments (always visible to both sides). Only an open request takes them. An internal
 * note leaves no trace on the customer's side, not even in the record.
 */
@Injectable()
export class AnnotateReturnHandler {
  constructor(
    private readonly runner: TransactionRunner<typeof schema>,
    private readonly access: ReturnAccess,
    private readonly clock: OrdersClock,
    private readonly view: ReturnView,
  ) {}

  async note(
    viewer: ReturnViewer,
    userId: string,
    returnId: string,
    body: string,
    visibility: ReturnNoteVisibility,
  ): Promise<ReturnRequest> {
    const { order } = await this.access.as(viewer, returnId, userId);
    const now = this.clock.now();
    const request = await this.runner.run(async (tx) => {
      // the request's row lock orders the note against a close
      const [current] = await tx.select().from(schema.returnRequests).where(eq(schema.returnRequests.id, returnId)).for('update');
      if (current?.status !== 'open') throw returnClosed();
      const shown = viewer === 'customer' ? 'client' : visibility;
      await tx.insert(schema.returnNotes).values({
        id: newId(),
        returnId,
        author: viewer,
        authorId: userId,
        authorName: authorName(order, viewer),
        visibility: shown,
        body: body.trim(),
        createdAt: now,
      });
      if (shown === 'client') {
        await tx.insert(schema.returnRecord).values({ returnId, kind: viewer === 'customer' ? 'comment' : 'note', actor: viewer, at: now });
      }
      return current;
    });
    return this.view.render(request, order, viewer);
  }
}

function authorName(order: OrderRow, viewer: ReturnViewer): string {
  if (viewer === 'customer') return (order.contact as CheckoutContact | null)?.name?.trim() ?? '';
  if (viewer === 'dssupplier') return order.dssupplierName ?? '';
  return order.supplierName;
}
