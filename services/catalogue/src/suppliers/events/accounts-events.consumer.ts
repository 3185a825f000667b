import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { sql } from 'drizzle-orm';
import { AccountsEvents, Topics, type EventEnvelope, type UserProfileUpdated, type UserRegistered } from '@vitrina/contracts';
import { TransactionRunner } from '@vitrina/platform';
import { profiles } from '../../db/schema.js';
import { renameSupplier } from '../supplier.repository.js';

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
}
