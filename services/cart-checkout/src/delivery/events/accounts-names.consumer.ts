import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { sql } from 'drizzle-orm';
import { AccountsEvents, Topics, type EventEnvelope, type UserProfileUpdated, type UserRegistered } from '@vitrina/contracts';
import { TransactionRunner } from '@vitrina/platform';
import { supplierNames } from '../../db/delivery-schema.js';

/** Users' display names (`accounts.user`), so a cart order and a checkout show their supplier's name. */
@Controller()
export class AccountsNamesConsumer {
  constructor(private readonly tx: TransactionRunner) {}

  @EventPattern(Topics.accountsUser)
  async onUser(@Payload() event: EventEnvelope<UserRegistered | UserProfileUpdated>): Promise<void> {
    let userId: string | undefined;
    let name: string | undefined;
    if (event.type === AccountsEvents.registered) {
      ({ userId, fullName: name } = event.data as UserRegistered);
    } else if (event.type === AccountsEvents.profileUpdated) {
      ({ userId, name } = event.data as UserProfileUpdated);
    } else {
      return;
    }
    if (!userId || !name?.trim()) return;
    const values = { userId, name: name.trim().slice(0, 200) };
    await this.tx.run((tx) =>
      tx
        .insert(supplierNames)
        .values(values)
        .onConflictDoUpdate({ target: supplierNames.userId, set: { name: values.name, updatedAt: sql`now()` } }),
    );
  }
}
