import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { sql } from 'drizzle-orm';
import {
  AccountsEvents,
  SupplierEvents,
  Topics,
  type EventEnvelope,
  type SupplierUpdated,
  type UserProfileUpdated,
  type UserRegistered,
} from '@vitrina/contracts';
import { TransactionRunner } from '@vitrina/platform';
import { profiles } from '../../db/schema.js';
import { renameSupplier, upsertSupplier } from '../supplier.repository.js';

/** Names and photos of users (`accounts.user`), so suppliers are shown by their name. */
@Controller()
export class AccountsEventsConsumer {
  constructor(private readonly tx: TransactionRunner) {}

  @EventPattern(Topics.accountsUser)
  async onUser(@Payload() event: EventEnvelope<UserRegistered | UserProfileUpdated>): Promise<void> {
    let id: string | undefined;
    let name: string | undefined;
    let photo: string | null | undefined;
    if (event.type === AccountsEvents.registered) {
      const d = event.data as UserRegistered;
      ({ userId: id, fullName: name } = d);
    } else if (event.type === AccountsEvents.profileUpdated) {
      const d = event.data as UserProfileUpdated;
      ({ userId: id, name, photo } = d);
    } else {
      return;
    }
    if (!id || !name) return;
    const userId = id;
    const userName = name.slice(0, 200);
    await this.tx.run(async (tx) => {
      const set = { name: userName, ...(photo !== undefined ? { photo } : {}), updatedAt: sql`now()` };
      await tx
        .insert(profiles)
        .values({ id: userId, name: userName, photo: photo ?? null })
        .onConflictDoUpdate({ target: profiles.id, set });
      await renameSupplier(tx, userId, userName, photo);
    });
  }

  /** A supplier opened, renamed, enabled or disabled in accounts (issue 16): the directory shows it so. */
  @EventPattern(Topics.accountsSupplier)
  async onSupplier(@Payload() event: EventEnvelope<SupplierUpdated>): Promise<void> {
    if (event.type !== SupplierEvents.updated) return;
    const d = event.data;
    if (!d || typeof d.supplierId !== 'string' || typeof d.name !== 'string' || !d.name || typeof d.enabled !== 'boolean') return;
    await this.tx.run((tx) => upsertSupplier(tx, d.supplierId, d.name.slice(0, 200), d.image ?? null, d.enabled));
  }
}
