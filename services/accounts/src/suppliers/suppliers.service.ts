import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import {
  AccountsEvents,
  SupplierErrorCodes,
  SupplierEvents,
  type SupplierProfile,
  type SupplierUpdated,
  type UserLevelChanged,
} from '@vitrina/contracts';
import { DB, DomainError, NotFoundError, Outbox, TransactionRunner } from '@vitrina/platform';
import { supplierProfiles, users } from '../db/schema.js';
import type { AccountsDb, AccountsSchema, AccountsTx } from '../db/db.js';
import { Clock } from '../shared/clock.js';
import { levelOf } from '../users/domain/profile.js';

/** The keychain API that makes an account a supplier (spec 1 §6; the catalogue's SupplierOnlyGuard reads it). */
export const SUPPLIER_API = 'dssupplier-admin';

type Row = typeof supplierProfiles.$inferSelect;

const view = (row: Row | undefined): SupplierProfile =>
  row
    ? { is_supplier: true, name: row.name, image: row.image, enabled: row.enabled, created_at: row.createdAt.toISOString() }
    : { is_supplier: false, name: null, image: null, enabled: true, created_at: null };

/**
 * Become a supplier (issue 16). Opening the profile adds `dssupplier-admin` to the user's keychain in the same
 * transaction as the profile and the events (`accounts.user.level-changed` with the new keychain, which the next
 * token carries; `accounts.supplier.updated`, which names the supplier in the catalogue and sets the store's
 * disabled-supplier banners). Serialised per user by the user row's lock, so racing requests open one profile.
 */
@Injectable()
export class SuppliersService {
  constructor(
    @Inject(DB) private readonly db: AccountsDb,
    private readonly tx: TransactionRunner<AccountsSchema>,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
  ) {}

  async get(userId: string): Promise<SupplierProfile> {
    const [row] = await this.db.select().from(supplierProfiles).where(eq(supplierProfiles.userId, userId));
    if (row) return view(row);
    // a supplier by keychain alone (given before supplier profiles existed) sells under their own name
    const [user] = await this.db.select({ name: users.fullName, keychain: users.keychain }).from(users).where(eq(users.id, userId));
    return user?.keychain.includes(SUPPLIER_API) ? { ...view(undefined), is_supplier: true, name: user.name } : view(undefined);
  }

  async open(userId: string, name: string, image: string | null): Promise<SupplierProfile> {
    return this.tx.run(async (tx) => {
      const now = this.clock.now();
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user || user.status !== 'active') throw new NotFoundError('The user does not exist');
      const [current] = await tx.select().from(supplierProfiles).where(eq(supplierProfiles.userId, userId));
      const [row] = await tx
        .insert(supplierProfiles)
        .values({ userId, name, image, enabled: true, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: supplierProfiles.userId, set: { name, image, updatedAt: now } })
        .returning();
      if (!user.keychain.includes(SUPPLIER_API)) {
        const keychain = [...user.keychain, SUPPLIER_API];
        await tx.update(users).set({ keychain, updatedAt: now }).where(eq(users.id, userId));
        const level = levelOf(user);
        await this.outbox.add(tx, {
          type: AccountsEvents.levelChanged,
          key: userId,
          actorId: userId,
          data: { userId, level, previousLevel: level, keychain, storeId: user.storeId } satisfies UserLevelChanged,
        });
      }
      if (!current || current.name !== name || current.image !== image) await this.publish(tx, row);
      return view(row);
    });
  }

  /**
   * An operator enables or disables a supplier (internal route): the change is published once, when it is one. A
   * supplier by keychain alone gets their profile (under their own name) the first time an operator acts on them.
   */
  async setEnabled(userId: string, enabled: boolean): Promise<SupplierProfile> {
    return this.tx.run(async (tx) => {
      const now = this.clock.now();
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      const [current] = user ? await tx.select().from(supplierProfiles).where(eq(supplierProfiles.userId, userId)) : [];
      if (!user || (!current && !user.keychain.includes(SUPPLIER_API))) {
        throw new DomainError(SupplierErrorCodes.notFound, 'The supplier does not exist', 404);
      }
      if (current?.enabled === enabled) return view(current);
      const [row] = await tx
        .insert(supplierProfiles)
        .values({ userId, name: user.fullName, image: null, enabled, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: supplierProfiles.userId, set: { enabled, updatedAt: now } })
        .returning();
      await this.publish(tx, row);
      return view(row);
    });
  }

  private async publish(tx: AccountsTx, row: Row): Promise<void> {
    await this.outbox.add(tx, {
      type: SupplierEvents.updated,
      key: row.userId,
      data: { supplierId: row.userId, name: row.name, image: row.image, enabled: row.enabled } satisfies SupplierUpdated,
    });
  }
}
