import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { CatalogueItem, ListState } from '@vitrina/contracts';
import { NotFoundError, Outbox, TransactionRunner } from '@vitrina/platform';
import { items } from '../../../db/schema.js';
import { toItemJson } from '../../item.mapper.js';
import { itemEvents } from '../../events/item-events.js';
import { findItem, findOwnerItem, refreshShopItems } from '../../item.repository.js';

export interface ChangeItemState {
  ownerId: string;
  itemRef: string;
  listState: ListState;
}

/** Publish / unpublish. An unpublished item leaves every public listing in this transaction. */
@Injectable()
export class ChangeItemStateHandler {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
  ) {}

  async execute(cmd: ChangeItemState): Promise<CatalogueItem> {
    return this.tx.run(async (tx) => {
      const found = await findOwnerItem(tx, cmd.ownerId, cmd.itemRef);
      if (!found) throw new NotFoundError('Item not found');
      if (found.listState === cmd.listState) return toItemJson(found);
      await tx
        .update(items)
        .set({ listState: cmd.listState, revision: sql`${items.revision} + 1`, updatedAt: sql`now()` })
        .where(eq(items.id, found.id));
      const row = (await findItem(tx, found.id))!;
      await refreshShopItems(tx, row);
      await this.outbox.add(tx, { ...itemEvents.updated(row), actorId: cmd.ownerId });
      return toItemJson(row);
    });
  }
}
