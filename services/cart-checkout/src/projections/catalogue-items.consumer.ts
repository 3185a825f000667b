import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { sql } from 'drizzle-orm';
import {
  CatalogueItemEvents,
  Topics,
  type CatalogueItemDeleted,
  type CatalogueItemSnapshot,
  type CatalogueItemStockChanged,
  type EventEnvelope,
} from '@vitrina/contracts';
import { TransactionRunner } from '@vitrina/platform';
import { items, supplierStates } from '../db/schema.js';
import { supplierLock } from './accounts-suppliers.consumer.js';

/**
 * The service's projection of the catalogue's items (`catalogue.item`): name, photo, price, stock and state, which
 * carts show and the quantity rules read. Never a read of the catalogue's tables. A snapshot older than the row
 * (redelivered out of order) changes nothing; a deleted item keeps its row, marked, so its cart lines go disabled.
 */
@Controller()
export class CatalogueItemsConsumer {
  constructor(private readonly tx: TransactionRunner) {}

  @EventPattern(Topics.catalogueItem)
  async onItem(@Payload() event: EventEnvelope<CatalogueItemSnapshot | CatalogueItemDeleted | CatalogueItemStockChanged>): Promise<void> {
    await this.tx.run(async (tx) => {
      switch (event.type) {
        case CatalogueItemEvents.created:
        case CatalogueItemEvents.updated: {
          const d = event.data as CatalogueItemSnapshot;
          // a supplier disabled before this item arrived (accounts-suppliers.consumer.ts): its line is disabled too
          await tx.execute(sql`select pg_advisory_xact_lock_shared(${supplierLock(d.ownerId)})`);
          const values = {
            ownerId: d.ownerId,
            type: d.type,
            name: d.name,
            slug: d.slug,
            listState: d.listState,
            hidden: d.hidden,
            isDropshipping: d.isDropshipping,
            isFree: d.isFree,
            priceMinor: d.isFree ? 0 : d.listPriceMinor,
            contributionMarginMinor: d.contributionMarginMinor ?? 0,
            currency: d.currency,
            soldOut: d.soldOut,
            available: d.available,
            stockType: d.stockType,
            maxPurchaseAmount: d.maxPurchaseAmount,
            photo: d.photo,
            description: d.description ?? '',
            experienceDate: d.experienceDate ? new Date(d.experienceDate) : null,
            variants: d.variants ?? {},
            revision: d.revision,
            ownerDisabled: sql<boolean>`coalesce((select not ${supplierStates.enabled} from ${supplierStates} where ${supplierStates.supplierId} = ${d.ownerId}), false)`,
            updatedAt: sql`now()`,
          };
          await tx
            .insert(items)
            .values({ itemId: d.itemId, ...values })
            .onConflictDoUpdate({
              target: items.itemId,
              set: values,
              setWhere: sql`${items.revision} < excluded.revision and not ${items.deleted}`,
            });
          return;
        }
        case CatalogueItemEvents.stockChanged: {
          const d = event.data as CatalogueItemStockChanged;
          await tx
            .update(items)
            .set({
              available: d.available,
              stockType: d.stockType,
              maxPurchaseAmount: d.maxPurchaseAmount,
              soldOut: d.soldOut,
              revision: d.revision,
              updatedAt: sql`now()`,
            })
            .where(sql`${items.itemId} = ${d.itemId} and ${items.revision} < ${d.revision}`);
          return;
        }
        case CatalogueItemEvents.deleted: {
          const d = event.data;
          await tx
            .insert(items)
            .values({
              itemId: d.itemId,
              ownerId: d.ownerId,
              type: 'product',
              name: '',
              slug: '',
              listState: 'unpublished',
              deleted: true,
              revision: d.revision,
            })
            .onConflictDoUpdate({ target: items.itemId, set: { deleted: true, revision: d.revision, updatedAt: sql`now()` } });
          return;
        }
        default:
          return;
      }
    });
  }
}
