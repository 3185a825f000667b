import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { CatalogueItem } from '@vitrina/contracts';
import { ConflictError, NotFoundError, Outbox, TransactionRunner } from '@vitrina/platform';
import { items } from '../../../db/schema.js';
import { checkItem, checkStockCoversReserved } from '../../domain/item.rules.js';
import { toItemJson } from '../../item.mapper.js';
import { itemEvents } from '../../events/item-events.js';
import { findOwnerItem, ITEM_OWN_COLUMNS, refreshShopItems, searchColumns, type ItemRow } from '../../item.repository.js';
import type { UpdateItemDto } from '../../http/item.dto.js';
import { applyInput, draftColumns, draftOf } from '../item-input.js';
import { freeSlug, isUniqueViolation } from '../create-item/create-item.handler.js';

export interface UpdateItem {
  ownerId: string;
  itemRef: string;
  input: UpdateItemDto;
}

/**
 * A supplier edits an item. Shops that show it get the new listing columns in the same transaction
 * (so an item hidden here leaves public listings at once); publishes `catalogue.item.updated`, and
 * `catalogue.item.stock-changed` when the stock fields changed.
 */
@Injectable()
export class UpdateItemHandler {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
  ) {}

  async execute(cmd: UpdateItem): Promise<CatalogueItem> {
    try {
      return await this.tx.run(async (tx) => {
        // One statement finds and locks the item (it was three: find, lock, read again).
        const current = await findOwnerItem(tx, cmd.ownerId, cmd.itemRef, { forUpdate: true });
        if (!current) throw new NotFoundError('Item not found');
        const { draft, stockChanged } = applyInput(draftOf(current), cmd.input);
        checkItem(draft);
        checkStockCoversReserved(draft, current.reserved);
        const slug =
          cmd.input.slug && cmd.input.slug !== current.slug ? await freeSlug(tx, cmd.ownerId, cmd.input.slug, current.id) : current.slug;
        if (cmd.input.slug && slug !== cmd.input.slug) throw new ConflictError('slug_taken', 'Another item of yours already has this slug');
        // The row as written comes back with the UPDATE (no read after it); the supplier's name is the one read above.
        const [written] = await tx
          .update(items)
          .set({ ...draftColumns(draft), ...searchColumns(draft), slug, revision: sql`${items.revision} + 1`, updatedAt: sql`now()` })
          .where(eq(items.id, current.id))
          .returning(ITEM_OWN_COLUMNS);
        const row: ItemRow = { ...written, ownerName: current.ownerName, ownerEnabled: current.ownerEnabled };
        await refreshShopItems(tx, row);
        await this.outbox.add(tx, [
          { ...itemEvents.updated(row), actorId: cmd.ownerId },
          ...(stockChanged ? [{ ...itemEvents.stockChanged(row), actorId: cmd.ownerId }] : []),
        ]);
        return toItemJson(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError('slug_taken', 'Another item of yours already has this slug');
      throw err;
    }
  }
}
