import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { CatalogueItem } from '@vitrina/contracts';
import { NotFoundError, Outbox, TransactionRunner } from '@vitrina/platform';
import { items } from '../../../db/schema.js';
import { checkItem, checkStockCoversReserved } from '../../domain/item.rules.js';
import { toItemJson } from '../../item.mapper.js';
import { itemEvents } from '../../events/item-events.js';
import { findItem, findOwnerItem } from '../../item.repository.js';
import type { StockDto } from '../../http/item.dto.js';
import { applyInput, draftOf } from '../item-input.js';

export interface SetItemStock {
  ownerId: string;
  itemRef: string;
  stock: StockDto;
}

/** Stock, stock type, purchase cap and sold-out flag; publishes `catalogue.item.stock-changed` when any changed. */
@Injectable()
export class SetItemStockHandler {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
  ) {}

  async execute(cmd: SetItemStock): Promise<CatalogueItem> {
    return this.tx.run(async (tx) => {
      const found = await findOwnerItem(tx, cmd.ownerId, cmd.itemRef);
      if (!found) throw new NotFoundError('Item not found');
      const current = (await findItem(tx, found.id, { forUpdate: true }))!;
      const { draft, stockChanged } = applyInput(draftOf(current), { stock: cmd.stock });
      checkItem(draft);
      checkStockCoversReserved(draft, current.reserved);
      if (!stockChanged) return toItemJson(current);
      await tx
        .update(items)
        .set({
          available: draft.available,
          stockType: draft.stockType,
          maxPurchaseAmount: draft.maxPurchaseAmount,
          soldOut: draft.soldOut,
          revision: sql`${items.revision} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(items.id, current.id));
      const row = (await findItem(tx, current.id))!;
      await this.outbox.add(tx, { ...itemEvents.stockChanged(row), actorId: cmd.ownerId });
      return toItemJson(row);
    });
  }
}
