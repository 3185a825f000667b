import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { and, eq, ne, sql } from 'drizzle-orm';
import { SupplierEvents, Topics, type EventEnvelope, type SupplierUpdated } from '@vitrina/contracts';
import { TransactionRunner } from '@vitrina/platform';
import { items, supplierStates } from '../db/schema.js';

/** The lock a supplier's state change holds exclusively and an item write of that supplier holds shared. */
export const supplierLockKey = (supplierId: string) => `cart-checkout:supplier:${supplierId}`;
export const supplierLock = (supplierId: string) => sql`hashtext(${supplierLockKey(supplierId)})`;

/**
 * A supplier enabled or disabled by an operator (`accounts.supplier.updated`, issue 16): while disabled, their items'
 * lines are disabled ('supplier_disabled'), cannot be added and block a checkout (409 unavailable_for_sale); checkouts
 * already made are paid and fulfilled as agreed. The state is kept (`supplier_states`) for items that arrive later.
 *
 * Once only: an event older than the state held (its `occurredAt`) changes nothing, and a redelivery writes the same
 * values. The per-supplier advisory lock keeps an item written at the same moment from missing the change.
 */
@Controller()
export class AccountsSuppliersConsumer {
  constructor(private readonly tx: TransactionRunner) {}

  @EventPattern(Topics.accountsSupplier)
  async onSupplier(@Payload() event: EventEnvelope<SupplierUpdated>): Promise<void> {
    if (event.type !== SupplierEvents.updated) return;
    const d = event.data;
    const at = new Date(event.occurredAt);
    if (!d || typeof d.supplierId !== 'string' || typeof d.enabled !== 'boolean' || Number.isNaN(at.getTime())) return;
    await this.tx.run(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${supplierLock(d.supplierId)})`);
      const applied = await tx
        .insert(supplierStates)
        .values({ supplierId: d.supplierId, enabled: d.enabled, changedAt: at })
        .onConflictDoUpdate({
          target: supplierStates.supplierId,
          set: { enabled: d.enabled, changedAt: at },
          setWhere: sql`${supplierStates.changedAt} < excluded.changed_at`,
        })
        .returning({ supplierId: supplierStates.supplierId });
      if (applied.length === 0) return;
      await tx
        .update(items)
        .set({ ownerDisabled: !d.enabled, updatedAt: sql`now()` })
        .where(and(eq(items.ownerId, d.supplierId), ne(items.ownerDisabled, !d.enabled)));
    });
  }
}
