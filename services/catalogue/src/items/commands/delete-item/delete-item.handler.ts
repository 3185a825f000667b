import { Injectable } from '@nestjs/common';
import { eq, inArray, sql } from 'drizzle-orm';
import { NotFoundError, Outbox, TransactionRunner } from '@vitrina/platform';
import { catalogueProducts, catalogues, items, shopItems } from '../../../db/schema.js';
import { itemEvents } from '../../events/item-events.js';
import { findOwnerItem } from '../../item.repository.js';

export interface DeleteItem {
  ownerId: string;
  itemRef: string;
}

/**
 * A supplier deletes an item: it leaves every shop listing and every catalogue in this transaction,
 * and `catalogue.item.deleted` tells the store to drop it from the shops' items. The row stays
 * (soft delete) so late events about it are recognised and ignored.
 */
@Injectable()
export class DeleteItemHandler {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
  ) {}

  async execute(cmd: DeleteItem): Promise<void> {
    await this.tx.run(async (tx) => {
      const row = await findOwnerItem(tx, cmd.ownerId, cmd.itemRef);
      if (!row) throw new NotFoundError('Item not found');
      const [deleted] = await tx
        .update(items)
        .set({ deletedAt: sql`now()`, revision: sql`${items.revision} + 1`, updatedAt: sql`now()` })
        .where(eq(items.id, row.id))
        .returning({ revision: items.revision });
      await tx.delete(shopItems).where(eq(shopItems.itemId, row.id));
      const inCatalogues = await tx
        .delete(catalogueProducts)
        .where(eq(catalogueProducts.itemId, row.id))
        .returning({ id: catalogueProducts.catalogueId });
      if (inCatalogues.length > 0) {
        await tx
          .update(catalogues)
          .set({ numProducts: sql`greatest(${catalogues.numProducts} - 1, 0)`, updatedAt: sql`now()` })
          .where(
            inArray(
              catalogues.id,
              inCatalogues.map((c) => c.id),
            ),
          );
      }
      await this.outbox.add(tx, {
        ...itemEvents.deleted({ id: row.id, ownerId: row.ownerId, revision: deleted.revision }),
        actorId: cmd.ownerId,
      });
    });
  }
}
