import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { StoreEvents, SupplierEvents, Topics, type EventEnvelope, type StoreShopUpdated, type SupplierUpdated } from '@vitrina/contracts';
import { Outbox, TransactionRunner } from '@vitrina/platform';
import { shops } from '../../db/schema.js';
import { shopSnapshot } from './shop-events.js';

/**
 * A supplier enabled or disabled by an operator (`accounts.supplier.updated`, issue 16): the shops tied to it (its own
 * shop, and the franchise stores of its products) show the disabled-supplier banner while it is disabled (spec 1
 * §3 'dssupplier_banner'). Only shops whose banner changes are written, so a redelivery changes nothing.
 */
@Controller()
export class AccountsSuppliersConsumer {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly outbox: Outbox,
  ) {}

  @EventPattern(Topics.accountsSupplier)
  async onSupplier(@Payload() event: EventEnvelope<SupplierUpdated>): Promise<void> {
    if (event.type !== SupplierEvents.updated) return;
    const d = event.data;
    if (!d || typeof d.supplierId !== 'string' || typeof d.enabled !== 'boolean') return;
    const banner = !d.enabled;
    await this.tx.run(async (tx) => {
      const rows = await tx
        .update(shops)
        .set({ dssupplierBanner: banner, updatedAt: sql`now()` })
        .where(
          and(
            or(eq(shops.ownerId, d.supplierId), and(eq(shops.storeType, 'franchise'), eq(shops.dssupplierId, d.supplierId))),
            ne(shops.dssupplierBanner, banner),
          ),
        )
        .returning();
      if (rows.length === 0) return;
      await this.outbox.add(
        tx,
        rows.map((row) => ({
          type: StoreEvents.shopUpdated,
          key: row.id,
          shopId: row.id,
          data: { ...shopSnapshot(row), changed: ['dssupplier_banner'] } satisfies StoreShopUpdated,
        })),
      );
    });
  }
}
