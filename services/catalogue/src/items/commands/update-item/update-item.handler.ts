import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { CatalogueItem } from '@vitrina/contracts';
import { ConflictError, NotFoundError, Outbox, TransactionRunner, type Tx, databaseError, SqlState } from '@vitrina/platform';
import { items } from '../../../db/schema.js';
import { checkItem, checkStockCoversReserved } from '../../domain/item.rules.js';
import { toItemJson } from '../../item.mapper.js';
import { itemEvents } from '../../events/item-events.js';
import { findOwnerItem, ITEM_OWN_COLUMNS, refreshShopItems, searchColumns, type ItemRow } from '../../item.repository.js';
import type { UpdateItemDto } from '../../http/item.dto.js';
import { applyInput, draftColumns, draftOf } from '../item-input.js';
import { freeSlug } from '../create-item/create-item.handler.js';
import { updateItemIfUnchanged } from './update-item.statement.js';

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
      return (await this.withoutLock(cmd)) ?? (await this.locked(cmd));
    } catch (err) {
      if (databaseError(err, SqlState.uniqueViolation))
        throw new ConflictError('slug_taken', 'Another item of yours already has this slug');
      throw err;
    }
  }

  /**
   * The usual edit: read, check, then one statement that writes only if the item's revision has not moved (two round
   * trips, no transaction held open). Null when it moved, or when stock was reserved past the new figure since the
   * read (the database's check refuses it): the locked path then decides on what is there now.
   */
  private async withoutLock(cmd: UpdateItem): Promise<CatalogueItem | null> {
    const { current, draft, stockChanged, slug } = await edit(this.tx.db, cmd, await findOwnerItem(this.tx.db, cmd.ownerId, cmd.itemRef));
    const set = { ...draftColumns(draft), ...searchColumns(draft), slug };
    // What the events describe is what the statement writes: the fields set here, on the revision read plus one.
    const expected: ItemRow = { ...current, ...set, revision: current.revision + 1 };
    const events = [
      { ...itemEvents.updated(expected), actorId: cmd.ownerId },
      ...(stockChanged ? [{ ...itemEvents.stockChanged(expected), actorId: cmd.ownerId }] : []),
    ];
    let written;
    try {
      written = await this.tx.statement((db) => updateItemIfUnchanged(db, this.outbox, current, set, events));
    } catch (err) {
      if (databaseError(err, SqlState.checkViolation, 'items_reserved_within_available')) return null;
      throw err;
    }
    return written ? toItemJson({ ...written, ownerName: current.ownerName, ownerEnabled: current.ownerEnabled }) : null;
  }

  /** The edit under the item's row lock: after a race, it reads and writes what is there now. */
  private locked(cmd: UpdateItem): Promise<CatalogueItem> {
    return this.tx.run(async (tx) => {
      // One statement finds and locks the item (it was three: find, lock, read again).
      const found = await findOwnerItem(tx, cmd.ownerId, cmd.itemRef, { forUpdate: true });
      const { current, draft, stockChanged, slug } = await edit(tx, cmd, found);
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
  }
}

/** The item with the edit applied and checked, and the slug it will have (404 when there is no such item). */
async function edit(db: Pick<Tx, 'select'>, cmd: UpdateItem, current: ItemRow | undefined) {
  if (!current) throw new NotFoundError('Item not found');
  const { draft, stockChanged } = applyInput(draftOf(current), cmd.input);
  checkItem(draft);
  checkStockCoversReserved(draft, current.reserved);
  const slug =
    cmd.input.slug && cmd.input.slug !== current.slug ? await freeSlug(db as Tx, cmd.ownerId, cmd.input.slug, current.id) : current.slug;
  if (cmd.input.slug && slug !== cmd.input.slug) throw new ConflictError('slug_taken', 'Another item of yours already has this slug');
  return { current, draft, stockChanged, slug };
}
